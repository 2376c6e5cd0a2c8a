/**
 * Fills the renderer's `<meta http-equiv="Content-Security-Policy">` at build
 * time, so the meta policy cannot drift from the header policy in `csp.ts`.
 * The placeholder work is plain strings, so the tests call it without a build.
 */
import type { Plugin } from 'vite';
import { metaContentSecurityPolicy } from '../../electron/core/content-security-policy';

/** What `src/index.html` carries as the meta tag's `content` until the build fills it. */
export const CSP_PLACEHOLDER = '__KENNEL_CONTENT_SECURITY_POLICY__';

/**
 * Replaces the placeholder in `html` with `policy`, escaped for an attribute.
 * Throws when the placeholder is not there exactly once: a page without the
 * policy, or with two, must fail the build rather than ship.
 */
export function injectContentSecurityPolicy(html: string, policy: string): string {
  const parts = html.split(CSP_PLACEHOLDER);
  if (parts.length !== 2) {
    throw new Error(
      `index.html must contain the Content-Security-Policy placeholder ${CSP_PLACEHOLDER} exactly once (found ${parts.length - 1}).`,
    );
  }
  return parts.join(escapeAttribute(policy));
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * Writes the app's Content Security Policy into `index.html`'s meta tag, from the
 * same source as the response header, so the two cannot drift apart. The dev
 * server gets the development policy, as its response header does.
 */
export function contentSecurityPolicyMeta(): Plugin {
  let dev = false;
  return {
    name: 'kennel-csp-meta',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => injectContentSecurityPolicy(html, metaContentSecurityPolicy({ dev })),
    },
  };
}

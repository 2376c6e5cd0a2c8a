import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, FakeSession } = await import('../mocks/electron');
const { contentSecurityPolicy, withContentSecurityPolicy } =
  await import('../../../electron/main/csp');
const { CONTENT_SECURITY_POLICY, metaContentSecurityPolicy } =
  await import('../../../electron/core/content-security-policy');
const { CSP_PLACEHOLDER, contentSecurityPolicyMeta, injectContentSecurityPolicy } =
  await import('../../../build/vite/csp-meta');
const { setupCsp } = await import('../../../electron/main/setup-csp');

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('content security policy', () => {
  beforeEach(() => electronMock.reset());

  it('allows only the app itself to run script, with no inline script or eval', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get('script-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
  });

  it('shuts objects, base and framing out, and blocks <style> elements in built content', () => {
    const policy = directives(CONTENT_SECURITY_POLICY);
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('style-src')).toBe("'self'");
  });

  it('lets the dev server inject styles, and only in development', () => {
    expect(directives(contentSecurityPolicy({ dev: true })).get('style-src')).toBe(
      "'self' 'unsafe-inline'",
    );
    expect(directives(contentSecurityPolicy({ dev: false })).get('style-src')).toBe("'self'");
  });

  it('replaces any policy a response already had, whatever its header case', () => {
    const headers = withContentSecurityPolicy(
      {
        'content-security-policy': ["default-src *; script-src * 'unsafe-eval'"],
        'X-Other': ['1'],
      },
      'default-src none',
    );
    expect(headers).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': ['default-src none'],
    });
  });

  it('adds the policy to every response the session sees', () => {
    const session = new FakeSession();
    setupCsp(session as unknown as Session, CONTENT_SECURITY_POLICY);
    const listener = session.headersListener;
    expect(listener).not.toBeNull();

    let answered: { responseHeaders?: Record<string, string[]> } | undefined;
    listener?.(
      {
        url: 'kennel://app/index.html',
        responseHeaders: { 'Content-Type': ['text/html'] },
      },
      (response) => {
        answered = response;
      },
    );
    expect(answered?.responseHeaders?.['Content-Security-Policy']).toEqual([
      CONTENT_SECURITY_POLICY,
    ]);
    expect(answered?.responseHeaders?.['Content-Type']).toEqual(['text/html']);
  });
});

/** The `content` of the page's CSP meta tag, or null when there is none. */
function metaPolicy(html: string): string | null {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/i.exec(
    html,
  );
  return match?.[1]?.replaceAll('&#39;', "'").replaceAll('&quot;', '"') ?? null;
}

/** Runs the build plugin's `transformIndexHtml` on `html` as `vite build` or `vite serve` would. */
async function transformWithPlugin(html: string, command: 'build' | 'serve'): Promise<string> {
  const plugin = contentSecurityPolicyMeta();
  const configResolved = plugin.configResolved as (config: { command: string }) => void;
  configResolved({ command });
  const hook = plugin.transformIndexHtml as {
    order: string;
    handler: (html: string, context: unknown) => string | Promise<string>;
  };
  return hook.handler(html, {});
}

describe('content security policy in the page', () => {
  it('is the header policy without the directives a meta tag cannot carry', () => {
    for (const dev of [false, true]) {
      const header = directives(contentSecurityPolicy({ dev }));
      header.delete('frame-ancestors');
      expect(directives(metaContentSecurityPolicy({ dev }))).toEqual(header);
    }
    expect(metaContentSecurityPolicy()).not.toContain('frame-ancestors');
    expect(CONTENT_SECURITY_POLICY.startsWith(metaContentSecurityPolicy())).toBe(true);
  });

  it('is left to the build in src/index.html, which carries only the placeholder', async () => {
    const source = await readFile('src/index.html', 'utf8');
    expect(metaPolicy(source)).toBe(CSP_PLACEHOLDER);
    expect(source.split(CSP_PLACEHOLDER)).toHaveLength(2);
  });

  it('is written into index.html by the build plugin, equal to the header policy', async () => {
    const source = await readFile('src/index.html', 'utf8');
    const built = await transformWithPlugin(source, 'build');
    expect(built).not.toContain(CSP_PLACEHOLDER);
    expect(metaPolicy(built)).toBe(metaContentSecurityPolicy());
    const header = directives(CONTENT_SECURITY_POLICY);
    header.delete('frame-ancestors');
    expect(directives(metaPolicy(built) ?? '')).toEqual(header);
    expect(contentSecurityPolicyMeta().transformIndexHtml).toMatchObject({ order: 'pre' });
  });

  it('gets the development policy on the dev server, as the header does', async () => {
    const source = await readFile('src/index.html', 'utf8');
    const served = await transformWithPlugin(source, 'serve');
    expect(metaPolicy(served)).toBe(metaContentSecurityPolicy({ dev: true }));
  });

  it('fails the build when the placeholder is missing or doubled', () => {
    expect(() => injectContentSecurityPolicy('<meta content="x">', "default-src 'self'")).toThrow(
      /exactly once \(found 0\)/,
    );
    expect(() =>
      injectContentSecurityPolicy(`${CSP_PLACEHOLDER}${CSP_PLACEHOLDER}`, "default-src 'self'"),
    ).toThrow(/found 2/);
  });

  it('escapes what would break out of the attribute', () => {
    expect(injectContentSecurityPolicy(`"${CSP_PLACEHOLDER}"`, 'a"<b>&')).toBe(
      '"a&quot;&lt;b&gt;&amp;"',
    );
  });
});

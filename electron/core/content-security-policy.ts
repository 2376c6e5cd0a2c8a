/**
 * The one Content Security Policy of Kennel's app content, shared by the Electron
 * window (response header), the browser-mode web host and the build (the
 * renderer's meta tag), so both modes run the same bundle under the same rules.
 * It lives in the core, which imports nothing from Electron, so the web host
 * never depends on Electron's main folder.
 */

/** Options for {@link contentSecurityPolicy}. */
export interface CspOptions {
  /**
   * The Vite dev server injects `<style>` elements for hot reload, so development
   * needs inline style elements; built content never does.
   */
  dev?: boolean;
}

/**
 * Builds the policy. Vue's built output needs no inline script and no `eval`;
 * dynamic `:style` bindings go through the CSSOM, which CSP does not govern.
 * Only `style` attributes are let through (`style-src-attr`), because Vue's
 * compiler may turn long static template parts into HTML strings that carry
 * them; `<style>` elements stay blocked.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  return serialise(policyDirectives(options));
}

/**
 * Directives a `<meta http-equiv>` policy cannot carry: browsers ignore them
 * there (and warn), so the meta copy leaves them to the response header.
 */
const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'sandbox'];

/**
 * The same policy as {@link contentSecurityPolicy}, for the renderer's `<meta>`
 * tag: every directive a meta policy can carry, in the same order. It is the
 * second layer behind the response header, there even when a page is opened
 * without it, so it must be exactly as strict; the build writes it into
 * `index.html`.
 */
export function metaContentSecurityPolicy(options: CspOptions = {}): string {
  return serialise(
    policyDirectives(options).filter(([name]) => !HEADER_ONLY_DIRECTIVES.includes(name)),
  );
}

function serialise(directives: readonly (readonly [string, string])[]): string {
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

function policyDirectives(options: CspOptions): [string, string][] {
  const styleSrc = options.dev ? "'self' 'unsafe-inline'" : "'self'";
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', styleSrc],
    ['style-src-attr', "'unsafe-inline'"],
    // Vite inlines small assets as data: URLs; a record's photo is shown from
    // its Blob in IndexedDB through an object URL, which only this page can make.
    ['img-src', "'self' data: blob:"],
    ['font-src', "'self' data:"],
    ['connect-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives;
}

/** The policy for built app content. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Module resolution hook for the Playwright runner. Node's ESM resolver wants
 * `ajv/dist/2020.js` where the bundler-style TypeScript of the Node side writes
 * `ajv/dist/2020` (tsx, vitest and electron-vite accept both). When a bare
 * package subpath without an extension is not found, retry it with `.js`.
 */
const EXTENSIONLESS_SUBPATH = /^(@[^/]+\/)?[^./@][^/]*\/[^.]+$/;

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const notFound = error && error.code === 'ERR_MODULE_NOT_FOUND';
    if (!notFound || !EXTENSIONLESS_SUBPATH.test(specifier)) throw error;
    return nextResolve(`${specifier}.js`, context);
  }
}

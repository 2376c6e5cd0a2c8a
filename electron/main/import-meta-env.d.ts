/**
 * What Vite writes into the main bundle when it compiles it. Only `DEV` is
 * read: true in the dev server's build (`npm run dev`), false in
 * `electron-vite build`, a constant either way rather than something the
 * environment can change at run time.
 */
interface ImportMetaEnv {
  readonly DEV: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

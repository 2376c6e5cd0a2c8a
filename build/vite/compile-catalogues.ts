/**
 * Compiles the message catalogues (`src/i18n/<language>/*.json`) at build
 * time, so the renderer can ship vue-i18n without its message compiler: less
 * script to fetch and parse before the list's first rows, and no message is
 * parsed at start-up.
 *
 * Each message becomes the abstract syntax tree vue-i18n's runtime formats
 * directly (its "JIT" form, made by the same `@intlify/message-compiler` that
 * vue-i18n itself uses). `@intlify/unplugin-vue-i18n` does this too, but its
 * releases for Node 20 rewrite Vite's JSON plugin, which Vite 8 runs natively
 * and no longer lets a plugin rewrite: the catalogues then fail to build.
 */
import { readFile } from 'node:fs/promises';
import { baseCompile } from '@intlify/message-compiler';
import type { Plugin } from 'vite';

type Catalogue = { [key: string]: string | Catalogue };
type Compiled = { [key: string]: unknown };

/** `src/i18n/en/animals.json` and the like; the ids Vite gives them, queries aside. */
const CATALOGUE_FILE = /[\\/]src[\\/]i18n[\\/][a-z]{2}[\\/][\w-]+\.json$/;

export function isCatalogueFile(id: string): boolean {
  return CATALOGUE_FILE.test(id.split('?', 1)[0] ?? '');
}

/** One message as the runtime formats it; a message that does not parse fails the build. */
function compileMessage(message: string, path: string): unknown {
  const problems: string[] = [];
  const { ast } = baseCompile(message, {
    jit: true,
    location: false,
    minify: true,
    onError: (error) => problems.push(error.message),
  });
  if (problems.length > 0) {
    throw new Error(`message "${path}" does not parse: ${problems.join('; ')}`);
  }
  return ast;
}

/** The whole catalogue with each message compiled, keys unchanged. */
export function compileCatalogue(catalogue: Catalogue, prefix = ''): Compiled {
  const out: Compiled = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out[key] = compileMessage(value, path);
    else if (value !== null && typeof value === 'object') out[key] = compileCatalogue(value, path);
    else throw new Error(`message "${path}" is not text`);
  }
  return out;
}

export function compileCatalogues(): Plugin {
  return {
    name: 'kennel-compile-catalogues',
    // Before Vite's JSON plugin: the module is handed on as JavaScript.
    enforce: 'pre',
    async load(id) {
      if (!isCatalogueFile(id)) return null;
      const file = id.split('?', 1)[0] ?? id;
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
      return {
        code: `export default ${JSON.stringify(compileCatalogue(catalogue))};\n`,
        moduleType: 'js',
      };
    },
  };
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LIBRARY_CHUNKS } from '../../../build/vite/library-chunks';
import type { LibraryResult } from '../lib/results';

// A built chunk's static imports: `import{a as b}from"./x.js"` and `import"./x.js"`.
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g;

async function staticImports(assets: string, file: string): Promise<string[]> {
  const code = await readFile(join(assets, file), 'utf8');
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1] as string);
}

/**
 * What each library screens load on demand costs (`build/vite/library-chunks.ts`):
 * its chunk, and everything that chunk imports that the first rows had not
 * fetched. `beforeFirstRows` holds the paths the page fetched before them
 * (`/assets/x.js`); a library among them fails its target.
 */
export async function measureLibraries(
  rendererDir: string,
  beforeFirstRows: readonly string[],
): Promise<LibraryResult[]> {
  const assets = join(rendererDir, 'assets');
  const files = await readdir(assets);
  const loaded = new Set(beforeFirstRows.map((path) => path.replace(/^\/?assets\//, '')));
  return Promise.all(
    LIBRARY_CHUNKS.map(async ({ name }) => {
      const own = files.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
      if (own === undefined) throw new Error(`no ${name} chunk in ${assets}`);
      const added = new Set<string>();
      const queue = [own];
      while (queue.length > 0) {
        const file = queue.pop() as string;
        if (added.has(file) || loaded.has(file)) continue;
        added.add(file);
        queue.push(...(await staticImports(assets, file)));
      }
      let bytes = 0;
      let gzipBytes = 0;
      for (const file of added) {
        const body = await readFile(join(assets, file));
        bytes += body.length;
        gzipBytes += gzipSync(body).length;
      }
      return { name, file: `assets/${own}`, bytes, gzipBytes, beforeFirstRows: loaded.has(own) };
    }),
  );
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { BudgetResult } from '../lib/results';
import { measureLibraries } from './libraries';
import { scriptsBeforeFirstRows } from './page-measures';

/**
 * The JavaScript a user waits for before the list shows anything: every
 * script the page fetched before its first rows, each gzipped (zlib's
 * default level, as a web server or an installer's compression would) from
 * the built files on disk.
 */
export async function measureBudget(
  page: Page,
  url: string,
  rendererDir: string,
): Promise<BudgetResult> {
  const paths = [...new Set(await scriptsBeforeFirstRows(page, url))];
  const files = await Promise.all(
    paths.map(async (path) => {
      const body = await readFile(join(rendererDir, decodeURIComponent(path)));
      return {
        file: path.replace(/^\//, ''),
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
      };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    libraries: await measureLibraries(rendererDir, paths),
  };
}

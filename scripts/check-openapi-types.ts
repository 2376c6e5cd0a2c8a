/**
 * Fails when `electron/contract/openapi.gen.ts` is not what `npm run gen:types`
 * would produce from `openapi.yaml` now. It runs the same generator CLI (same
 * options, same output) into a temporary folder and compares byte for byte, so
 * the committed types can never silently drift from the interface document.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const committedPath = join(root, 'electron', 'contract', 'openapi.gen.ts');

function generatorCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
}

async function main(): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'kennel-openapi-'));
  try {
    const generatedPath = join(dir, 'openapi.gen.ts');
    try {
      await promisify(execFile)(
        process.execPath,
        [generatorCli(), 'openapi.yaml', '-o', generatedPath],
        { cwd: root },
      );
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      const reason =
        stderr.split('\n').find((line) => /error/i.test(line)) ?? 'see gen:types output';
      console.error(`check:types: cannot generate types from openapi.yaml (${reason.trim()})`);
      return 1;
    }
    const generated = await readFile(generatedPath, 'utf8');
    const committed = await readFile(committedPath, 'utf8').catch(() => null);
    if (committed === null) {
      console.error(
        'check:types: electron/contract/openapi.gen.ts is missing; run `npm run gen:types`',
      );
      return 1;
    }
    if (committed !== generated) {
      console.error(
        'check:types: electron/contract/openapi.gen.ts is out of date with openapi.yaml; run `npm run gen:types` and commit the result',
      );
      return 1;
    }
    return 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

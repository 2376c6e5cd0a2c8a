import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runElectron } from '../../../scripts/electron-process';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kennel-fake-electron-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for the Electron binary: a shell script with the given body. */
async function fakeBinary(body: string): Promise<string> {
  const path = join(dir, 'electron');
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('running Electron', () => {
  it('reports a start that fails (no display) and keeps its noise to itself', async () => {
    const binary = await fakeBinary('echo "Missing X server or \\$DISPLAY" >&2; exit 1');
    const err = capture();
    const run = runElectron(binary, ['main.js'], { env: {}, stderr: err.stream, quietMs: 10_000 });
    await expect(run.outcome).resolves.toEqual({ kind: 'failed-to-start', code: 1, signal: null });
    expect(err.text()).toBe('');
  });

  it('reports a binary that cannot be executed as a failed start', async () => {
    const run = runElectron(join(dir, 'missing'), [], { env: {}, quietMs: 10_000 });
    await expect(run.outcome).resolves.toMatchObject({ kind: 'failed-to-start' });
  });

  it('reports a clean quit', async () => {
    const run = runElectron(await fakeBinary('exit 0'), [], { env: {}, quietMs: 10_000 });
    await expect(run.outcome).resolves.toEqual({ kind: 'closed' });
  });

  it('passes its own output through once started, and reports a later crash as a crash', async () => {
    const binary = await fakeBinary('sleep 1; echo "renderer gone" >&2; exit 3');
    const err = capture();
    const run = runElectron(binary, [], { env: {}, stderr: err.stream, quietMs: 50 });
    await expect(run.outcome).resolves.toEqual({ kind: 'crashed', code: 3, signal: null });
    expect(err.text()).toContain('renderer gone');
  });

  it('starts the app bundle with the environment it is given', async () => {
    const out = join(dir, 'seen.txt');
    const binary = await fakeBinary(`echo "$1 $KENNEL_LOCAL_URL" > "${out}"`);
    const run = runElectron(binary, ['out/main/index.js'], {
      env: { KENNEL_LOCAL_URL: 'http://127.0.0.1:4011/v1' },
      quietMs: 10_000,
    });
    await expect(run.outcome).resolves.toEqual({ kind: 'closed' });
    expect((await readFile(out, 'utf8')).trim()).toBe('out/main/index.js http://127.0.0.1:4011/v1');
  });

  it('stops Electron when asked, which counts as a clean quit', async () => {
    const run = runElectron(await fakeBinary('exec sleep 30'), [], { env: {}, quietMs: 10_000 });
    run.stop();
    await expect(run.outcome).resolves.toEqual({ kind: 'closed' });
  });
});

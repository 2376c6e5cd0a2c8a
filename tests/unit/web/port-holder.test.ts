import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isPortInUseError, startWebHost, type WebHost } from '../../../electron/web/index';
import {
  CHALLENGE_HEADER,
  createInstanceRandom,
  INSTANCE_PATH,
  instanceProof,
} from '../../../electron/web/instance-proof';
import { whoHoldsPort } from '../../../electron/web/port-owner';
import { failureLine } from '../../../scripts/failure-line';
import { rawRequest } from './raw-http';

let root: string;
let rendererDir: string;
/** Everything started by a test, closed after it whatever happened. */
const running: { close(): Promise<void> | void }[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kennel-port-holder-'));
  rendererDir = join(root, 'renderer');
  await mkdir(rendererDir);
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kennel</title>');
});

afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function freshDataDir(): Promise<string> {
  return mkdtemp(join(root, 'data-'));
}

async function startHost(dataDir: string, port = 0): Promise<WebHost> {
  const host = await startWebHost({ port, rendererDir, dataDir, env: {}, keyring: null });
  running.push(host);
  return host;
}

/** A real HTTP program on a free port that answers every request with `answer`. */
async function squatter(
  answer: (req: IncomingMessage) => { status: number; body: string },
): Promise<{ port: number; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server: Server = createHttpServer((req, res) => {
    seen.push(req);
    const { status, body } = answer(req);
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  running.push({
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  });
  return { port: (server.address() as AddressInfo).port, seen };
}

/** A secret left in the data folder for `port`, as a Kennel that crashed there would leave it. */
async function leaveSecret(dataDir: string, port: number): Promise<string> {
  const secret = createInstanceRandom();
  await writeFile(join(dataDir, `web-host-${port}.instance`), secret, { mode: 0o600 });
  return secret;
}

/** Starts a host on a taken port and returns what it was refused with. */
async function refusal(dataDir: string, port: number): Promise<unknown> {
  try {
    await startHost(dataDir, port);
  } catch (error) {
    return error;
  }
  throw new Error('the host started on a taken port');
}

describe('a second Kennel on the same data folder', () => {
  it('is told that Kennel is already open there', async () => {
    const dataDir = await freshDataDir();
    const first = await startHost(dataDir);
    const before = await readdir(dataDir);
    const error = await refusal(dataDir, first.port);
    // The second one only read the secret: it wrote and removed nothing.
    expect(await readdir(dataDir)).toEqual(before);
    expect(isPortInUseError(error)).toBe(true);
    expect(error).toMatchObject({ port: first.port, heldBy: 'this-kennel' });
    expect(failureLine(error)).toBe(
      `Kennel is already open at ${first.origin}: use that window (the address it printed when it started).`,
    );
    // The first one keeps serving its page.
    expect((await rawRequest(first.port, { path: '/' })).status).toBe(200);
  });

  it('no longer finds one once the first has closed', async () => {
    const dataDir = await freshDataDir();
    const first = await startHost(dataDir);
    expect(await readdir(dataDir)).toContain(`web-host-${first.port}.instance`);
    await first.close();
    expect(await readdir(dataDir)).not.toContain(`web-host-${first.port}.instance`);
  });
});

describe('another program on the port', () => {
  it('that answers something else is named as another program, and is never told the secret', async () => {
    const dataDir = await freshDataDir();
    const other = await squatter(() => ({ status: 200, body: '<!doctype html><title>Hi</title>' }));
    const secret = await leaveSecret(dataDir, other.port);
    const error = await refusal(dataDir, other.port);
    expect(error).toMatchObject({ port: other.port, heldBy: 'other' });
    expect(failureLine(error)).toBe(
      `Port ${other.port} is held by another program, not Kennel. Do not open http://127.0.0.1:${other.port} in your browser: ` +
        'that program could read the animals and settings Kennel keeps there. ' +
        'Stop it and start Kennel again, or use --port to choose another port.',
    );
    // It was asked, with a challenge, and nothing it saw carries the secret.
    expect(other.seen.map((req) => req.url)).toEqual([INSTANCE_PATH]);
    expect(JSON.stringify(other.seen.map((req) => req.headers))).not.toContain(secret);
    // Nothing of the first Kennel's data was opened: the folder holds only what was there.
    expect(await readdir(dataDir)).toEqual([`web-host-${other.port}.instance`]);
  });

  it('that replays a proof for another challenge is not taken for Kennel', async () => {
    const dataDir = await freshDataDir();
    const replay = { proof: '' };
    const other = await squatter(() => ({ status: 200, body: JSON.stringify(replay) }));
    const secret = await leaveSecret(dataDir, other.port);
    // An answer the program could have recorded from a real Kennel earlier.
    replay.proof = instanceProof(secret, createInstanceRandom());
    await expect(refusal(dataDir, other.port)).resolves.toMatchObject({ heldBy: 'other' });
    expect(other.seen).toHaveLength(1);
  });

  it('that is a Kennel on another data folder is not taken for this one', async () => {
    const first = await startHost(await freshDataDir());
    const mine = await freshDataDir();
    await leaveSecret(mine, first.port);
    await expect(refusal(mine, first.port)).resolves.toMatchObject({ heldBy: 'other' });
  });

  it('that never answers is another program', async () => {
    const dataDir = await freshDataDir();
    const sockets: Socket[] = [];
    const silent = createNetServer((socket) => void sockets.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    running.push({
      close: () =>
        new Promise<void>((done) => {
          silent.close(() => done());
          for (const socket of sockets) socket.destroy();
        }),
    });
    const port = (silent.address() as AddressInfo).port;
    await leaveSecret(dataDir, port);
    await expect(whoHoldsPort(port, dataDir, 200)).resolves.toBe('other');
  });

  it('is not asked at all when this data folder holds no secret for the port', async () => {
    const dataDir = await freshDataDir();
    const other = await squatter(() => ({ status: 200, body: '{}' }));
    await expect(refusal(dataDir, other.port)).resolves.toMatchObject({ heldBy: 'other' });
    expect(other.seen).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe('the proof the host gives', () => {
  it('answers a fresh challenge only, with the HMAC of its secret and never the secret', async () => {
    const dataDir = await freshDataDir();
    const host = await startHost(dataDir);
    const challenge = createInstanceRandom();
    const answer = await rawRequest(host.port, {
      path: INSTANCE_PATH,
      headers: { [CHALLENGE_HEADER]: challenge },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { proof } = JSON.parse(answer.body) as { proof: string };
    await expect(whoHoldsPort(host.port, dataDir)).resolves.toBe('this-kennel');
    expect(proof).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const secret = await readFile(join(dataDir, `web-host-${host.port}.instance`), 'utf8');
    expect(proof).toBe(instanceProof(secret, challenge));
    expect(answer.body).not.toContain(secret);
  });

  it('refuses other methods, a missing or malformed challenge, and foreign pages', async () => {
    const host = await startHost(await freshDataDir());
    const challenge = { [CHALLENGE_HEADER]: createInstanceRandom() };
    const post = await rawRequest(host.port, {
      method: 'POST',
      path: INSTANCE_PATH,
      headers: challenge,
    });
    expect(post.status).toBe(405);
    expect((await rawRequest(host.port, { path: INSTANCE_PATH })).status).toBe(400);
    const short = { [CHALLENGE_HEADER]: 'abc' };
    expect((await rawRequest(host.port, { path: INSTANCE_PATH, headers: short })).status).toBe(400);
    const foreign = { ...challenge, origin: 'https://evil.example' };
    expect((await rawRequest(host.port, { path: INSTANCE_PATH, headers: foreign })).status).toBe(
      403,
    );
    const rebinding = { ...challenge, host: `evil.example:${host.port}` };
    expect((await rawRequest(host.port, { path: INSTANCE_PATH, headers: rebinding })).status).toBe(
      403,
    );
  });
});

describe('the secret in the data folder', () => {
  it('is only ever a plain file Kennel could have written', async () => {
    const dataDir = await freshDataDir();
    const other = await squatter(() => ({ status: 200, body: '{}' }));
    const secret = join(dataDir, `web-host-${other.port}.instance`);
    await mkdir(secret);
    await expect(whoHoldsPort(other.port, dataDir)).resolves.toBe('other');
    await rm(secret, { recursive: true });
    await writeFile(secret, 'x'.repeat(4096));
    await expect(whoHoldsPort(other.port, dataDir)).resolves.toBe('other');
    await rm(secret);
    await symlink(join(root, 'renderer', 'index.html'), secret);
    await expect(whoHoldsPort(other.port, dataDir)).resolves.toBe('other');
    // None of them was taken for a secret worth asking about.
    expect(other.seen).toEqual([]);
  });
});

import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN_HEADER, type BridgeMethod } from '../../../electron/contract/bridge';
import { CONTENT_SECURITY_POLICY } from '../../../electron/core/content-security-policy';
import { DEFAULT_WEB_PORT } from '../../../electron/web/default-port';
import { isPortInUseError, startWebHost, type WebHost } from '../../../electron/web/index';
import { WebHostError } from '../../../electron/web/web-host-error';
import { startReferenceService } from '../../../server/index';
import { rawRequest, type RawAnswer } from './raw-http';

const KEY = 'kennel-demo-pro';
const SECRET = 'outside-the-renderer-folder';

let root: string;
let rendererDir: string;
let service: Awaited<ReturnType<typeof startReferenceService>>;
let host: WebHost;
/** Every answer of the web host in this file, searched for the key at the end. */
const answers: RawAnswer[] = [];

async function send(options: Parameters<typeof rawRequest>[1]): Promise<RawAnswer> {
  const answer = await rawRequest(host.port, options);
  answers.push(answer);
  return answer;
}

function bridge(
  method: BridgeMethod | string,
  args: unknown[],
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return send({
    method: 'POST',
    path: `/bridge/${method}`,
    headers: {
      'content-type': 'application/json',
      origin: host.origin,
      [BRIDGE_TOKEN_HEADER]: host.token,
      ...headers,
    },
    body: JSON.stringify({ args }),
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kennel-web-host-'));
  rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kennel</title>');
  await writeFile(join(rendererDir, 'assets', 'index-abc123.js'), 'console.log("kennel");');
  await writeFile(join(root, 'secret.txt'), SECRET);
  await symlink(join(root, 'secret.txt'), join(rendererDir, 'linked.txt'));
  await mkdir(join(root, 'data'));

  service = await startReferenceService({ port: 0, seed: 5 });
  host = await startWebHost({
    port: 0,
    rendererDir,
    dataDir: join(root, 'data'),
    env: { KENNEL_LOCAL_URL: service.url },
    appVersion: '1.2.3',
    // No system keyring, whatever this machine has: keys last the session (os-keyring.test.ts has the rest).
    keyring: null,
  });
});

afterAll(async () => {
  await host?.close();
  await service?.close();
  await rm(root, { recursive: true, force: true });
});

describe('web host basics', () => {
  it('listens on loopback and hands out its token in the URL fragment only', () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    expect(host.url).toBe(`${host.origin}/#token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('serves the renderer with its security headers, never caching index.html', async () => {
    const index = await send({ path: '/' });
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>Kennel</title>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('no-referrer');

    const script = await send({ path: '/assets/index-abc123.js?v=1' });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('console.log("kennel");');

    const head = await send({ method: 'HEAD', path: '/index.html' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 404 for missing files and 405 for writes to static paths', async () => {
    expect((await send({ path: '/nope.js' })).status).toBe(404);
    expect((await send({ path: '/assets' })).status).toBe(404);
    expect((await send({ method: 'POST', path: '/index.html', body: '' })).status).toBe(405);
  });

  it('refuses every way out of the renderer folder', async () => {
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/index.html%00.js',
      '/%E0%A4%A',
      '/linked.txt',
    ];
    for (const path of attempts) {
      const answer = await send({ path });
      expect([400, 403, 404], path).toContain(answer.status);
      expect(answer.body, path).not.toContain(SECRET);
    }
  });

  it('refuses to bind anything but 127.0.0.1', async () => {
    for (const address of ['0.0.0.0', '::', '192.168.1.10']) {
      const attempt = startWebHost({
        host: address as '127.0.0.1',
        port: 0,
        rendererDir,
        dataDir: join(root, 'data'),
      });
      await expect(attempt).rejects.toBeInstanceOf(WebHostError);
      await expect(attempt).rejects.toThrow(/only listens on 127\.0\.0\.1/);
    }
  });

  it('says clearly when there is no built renderer', async () => {
    await expect(
      startWebHost({ port: 0, rendererDir: join(root, 'missing'), dataDir: join(root, 'data') }),
    ).rejects.toThrow(/index\.html is missing/);
  });
});

describe('one origin', () => {
  it('redirects page loads addressed to localhost to the same path on 127.0.0.1', async () => {
    const localhost = { host: `localhost:${host.port}` };
    for (const path of ['/', '/index.html', '/assets/index-abc123.js?v=1', '//evil.example/x']) {
      const answer = await send({ path, headers: localhost });
      expect(answer.status, path).toBe(307);
      expect(answer.headers['location'], path).toBe(`${host.origin}${path}`);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.body, path).not.toContain('<title>Kennel</title>');
    }
    const head = await send({
      method: 'HEAD',
      path: '/',
      headers: { host: `LOCALHOST:${host.port}` },
    });
    expect(head.status).toBe(307);
    expect(head.headers['location']).toBe(`${host.origin}/`);
  });

  it('answers nothing but redirects under localhost: writes and bridge paths are refused', async () => {
    const localhost = { host: `localhost:${host.port}` };
    expect((await send({ path: '/bridge/appInfo', headers: localhost })).status).toBe(403);
    expect(
      (await send({ method: 'POST', path: '/index.html', headers: localhost, body: '' })).status,
    ).toBe(403);
  });

  it('serves pages addressed to 127.0.0.1 directly', async () => {
    const answer = await send({ path: '/' });
    expect(answer.status).toBe(200);
    expect(answer.headers['location']).toBeUndefined();
  });
});

describe('port', () => {
  it('defaults to the fixed browser-mode port, 4580', () => {
    expect(DEFAULT_WEB_PORT).toBe(4580);
  });

  it('refuses a taken port with a PortInUseError instead of moving to another', async () => {
    const attempt = startWebHost({
      port: host.port,
      rendererDir,
      dataDir: join(root, 'second-data'),
    });
    await expect(attempt).rejects.toSatisfy(isPortInUseError);
    await expect(attempt).rejects.toMatchObject({ port: host.port });
    await expect(attempt).rejects.toBeInstanceOf(WebHostError);
    // Turned away before the data folder was touched: nothing was created for it.
    await expect(readdir(join(root, 'second-data'))).rejects.toMatchObject({ code: 'ENOENT' });
    // The first host is unharmed.
    expect((await send({ path: '/' })).status).toBe(200);
  });

  it('binds the default port when none is given', async () => {
    // Hold 4580 first (or find it held by someone else): either way the host must try it.
    const blocker = createServer();
    await new Promise<void>((done) => {
      blocker.once('error', () => done());
      blocker.listen(DEFAULT_WEB_PORT, '127.0.0.1', () => done());
    });
    try {
      const attempt = startWebHost({ rendererDir, dataDir: join(root, 'data') });
      await expect(attempt).rejects.toMatchObject({
        name: 'PortInUseError',
        port: DEFAULT_WEB_PORT,
      });
    } finally {
      await new Promise<void>((done) => (blocker.listening ? blocker.close(() => done()) : done()));
    }
  });
});

describe('bridge guards', () => {
  it('answers the page that holds the token, from its own origin', async () => {
    const answer = await bridge('appInfo', []);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: true,
      value: { name: 'Kennel', version: '1.2.3', mode: 'browser' },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses bridge calls addressed to localhost or sent from a localhost page', async () => {
    const localhostOrigin = `http://localhost:${host.port}`;
    const viaLocalhost = await bridge('appInfo', [], {
      host: `localhost:${host.port}`,
      origin: localhostOrigin,
    });
    expect(viaLocalhost.status).toBe(403);
    expect(viaLocalhost.headers['location']).toBeUndefined();
    expect(JSON.parse(viaLocalhost.body)).toMatchObject({ ok: false, error: { status: 403 } });
    expect((await bridge('appInfo', [], { origin: localhostOrigin })).status).toBe(403);
  });

  it('refuses a call without the token', async () => {
    const answer = await send({
      method: 'POST',
      path: '/bridge/appInfo',
      headers: { 'content-type': 'application/json', origin: host.origin },
      body: '{"args":[]}',
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('refuses a wrong token, including one that differs only in its last character', async () => {
    const last = host.token.endsWith('A') ? 'B' : 'A';
    for (const token of [`${host.token.slice(0, -1)}${last}`, 'x', `${host.token}x`]) {
      const answer = await bridge('appInfo', [], { [BRIDGE_TOKEN_HEADER]: token });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain(host.token);
    }
  });

  it('refuses a foreign or opaque Origin even with the token', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${host.port + 1}`]) {
      const answer = await bridge('appInfo', [], { origin });
      expect(answer.status, origin).toBe(403);
    }
  });

  it('refuses a foreign Host (DNS rebinding), for the bridge and the files', async () => {
    const hostile = { host: `evil.example:${host.port}` };
    expect((await bridge('appInfo', [], hostile)).status).toBe(403);
    expect((await send({ path: '/', headers: hostile })).status).toBe(403);
    expect(
      (await send({ path: '/', headers: { host: `127.0.0.1:${host.port + 1}` } })).status,
    ).toBe(403);
    expect(
      (await send({ path: '/', headers: { host: `localhost:${host.port + 1}` } })).status,
    ).toBe(403);
  });

  it('wants POST, JSON, a bounded body of the form { args: [...] } and a known method', async () => {
    const token = { [BRIDGE_TOKEN_HEADER]: host.token, origin: host.origin };
    expect((await send({ path: '/bridge/appInfo', headers: token })).status).toBe(405);
    expect(
      (
        await send({
          method: 'POST',
          path: '/bridge/appInfo',
          headers: { ...token, 'content-type': 'text/plain' },
          body: '{"args":[]}',
        })
      ).status,
    ).toBe(415);
    for (const body of ['{"args":', '[]', '{"args":{}}', 'null']) {
      const answer = await send({
        method: 'POST',
        path: '/bridge/appInfo',
        headers: { ...token, 'content-type': 'application/json' },
        body,
      });
      expect(answer.status, body).toBe(400);
    }
    const huge = await bridge('listPets', ['local', { pad: 'x'.repeat(1024 * 1024 + 1) }]);
    expect(huge.status).toBe(413);
    expect((await bridge('deleteEverything', [])).status).toBe(404);
  });
});

describe('bridge through the real core and service', () => {
  it('passes bad arguments to the core, which refuses them without throwing', async () => {
    const answer = await bridge('listPets', ['local', { limit: 1000 }]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-argument' },
    });
  });

  it('lists pets from the reference service after setKey, and never gives the key back', async () => {
    const before = JSON.parse((await bridge('listPets', ['local', { limit: 5 }])).body) as {
      ok: boolean;
      error?: { kind: string };
    };
    expect(before).toMatchObject({ ok: false, error: { kind: 'not-configured' } });

    const set = JSON.parse((await bridge('setKey', ['local', KEY, {}])).body) as {
      ok: boolean;
      value?: { hasKey: boolean; keyStorage: string };
    };
    expect(set).toMatchObject({ ok: true, value: { hasKey: true, keyStorage: 'session' } });

    const listed = JSON.parse((await bridge('listPets', ['local', { limit: 5 }])).body) as {
      ok: boolean;
      value?: { id: string; name: string }[];
    };
    expect(listed.ok).toBe(true);
    expect(listed.value).toHaveLength(5);
    expect(typeof listed.value?.[0]?.id).toBe('string');

    await bridge('listProfiles', []);
    await bridge('keyStorageInfo', ['local']);
    await bridge('rateLimit', ['local']);
    for (const answer of answers) {
      expect(answer.body).not.toContain(KEY);
      expect(JSON.stringify(answer.headers)).not.toContain(KEY);
    }
  });
});

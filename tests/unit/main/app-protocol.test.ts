import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => ({
  ...(await import('../mocks/electron')),
  protocol: (await import('./fake-protocol')).protocol,
}));

const { protocol, giveProtocol } = await import('./fake-protocol');
const { APP_SCHEME, APP_URL } = await import('../../../electron/main/app-scheme');
const { answerAppRequest } = await import('../../../electron/main/app-protocol');
const { registerAppScheme, setupAppProtocol } =
  await import('../../../electron/main/setup-app-protocol');

const POLICY = "default-src 'self'";
const SECRET = 'kennel-demo-free';
/** What the folder holds where a request that must be refused would land if it were not. */
const DECOY = 'decoy inside the renderer folder';

let dir: string;
let rendererDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kennel-app-protocol-'));
  rendererDir = join(dir, 'out', 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Kennel</title>');
  await writeFile(join(rendererDir, 'assets', 'index-Ab1_c.js'), 'export const x = 1;');
  await writeFile(join(rendererDir, 'assets', 'index-Ab1_c.css'), 'body{margin:0}');
  await writeFile(join(rendererDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What must never be served: a key file next to the app, reached through links inside it.
  await mkdir(join(dir, 'keys'));
  await writeFile(join(dir, 'keys', 'local.key'), SECRET);
  await symlink(join(dir, 'keys', 'local.key'), join(rendererDir, 'assets', 'leak.js'));
  await symlink(join(dir, 'keys'), join(rendererDir, 'linked'));
  // Files inside the folder under names no request may reach, and one dot segments resolve to.
  for (const path of [
    ['.env'],
    ['assets', '.hidden'],
    ['index.html:stream'],
    ['C:\\Windows\\win.ini'],
    ['C:', 'Windows', 'win.ini'],
    ['etc', 'passwd'],
    ['..\\..\\keys\\local.key'],
    ['keys', 'local.key'],
  ]) {
    await mkdir(join(rendererDir, ...path.slice(0, -1)), { recursive: true });
    await writeFile(join(rendererDir, ...path), DECOY);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Asks the protocol for `url` as the window would. */
function ask(url: string, init: { method?: string } = {}) {
  return answerAppRequest({ url, method: init.method ?? 'GET' }, rendererDir, POLICY);
}

describe('the app URL', () => {
  it('is the index page on the app host of its own scheme', () => {
    expect(APP_URL).toBe('kennel://app/index.html');
    expect(new URL(APP_URL).protocol).toBe(`${APP_SCHEME}:`);
  });
});

/** Fails unless `url` is answered 404, with neither the key nor what the folder holds under a refused name. */
async function expectNotFound(url: string): Promise<void> {
  const response = await ask(url);
  expect(response.status, url).toBe(404);
  const text = await response.text();
  expect(text, url).not.toContain(SECRET);
  expect(text, url).not.toContain(DECOY);
  expect(text, url).not.toContain('<title>');
}

describe('which file of the built renderer a request names', () => {
  it('finds the page and its assets inside the renderer folder', async () => {
    for (const url of ['kennel://app/index.html', 'kennel://app/index.html#/pets/7']) {
      expect(await (await ask(url)).text(), url).toContain('<title>Kennel</title>');
    }
    expect(await (await ask('kennel://app/assets/index-Ab1_c.js')).text()).toBe(
      'export const x = 1;',
    );
  });

  it('refuses any other scheme, host, port or credentials', async () => {
    for (const url of [
      'file:///index.html',
      'http://app/index.html',
      'kennel://other/index.html',
      'kennel://app.evil.example/index.html',
      'kennel://app:8080/index.html',
      'kennel://user:pw@app/index.html',
      'kennel:index.html',
      'not a url',
    ]) {
      await expectNotFound(url);
    }
  });

  it('refuses a query, which never names a file', async () => {
    await expectNotFound('kennel://app/index.html?x=1');
    await expectNotFound('kennel://app/index.html?/../../keys/local.key');
  });

  it('refuses encoded traversal, backslashes, absolute paths, NUL and malformed escapes', async () => {
    for (const url of [
      'kennel://app/..%2f..%2fkeys%2flocal.key',
      'kennel://app/%2e%2e%2f%2e%2e%2fkeys/local.key',
      'kennel://app/assets/%2e%2e%2f%2e%2e%2f..%2fkeys/local.key',
      'kennel://app/assets/..%2findex.html',
      'kennel://app/..%5c..%5ckeys%5clocal.key',
      'kennel://app/assets\\..\\..\\keys\\local.key',
      'kennel://app/%2fetc%2fpasswd',
      'kennel://app//etc/passwd',
      'kennel://app/C:%5cWindows%5cwin.ini',
      'kennel://app/C:/Windows/win.ini',
      'kennel://app/index.html:stream',
      'kennel://app/index.html%00.js',
      'kennel://app/%E0%A4%A',
      'kennel://app/.env',
      'kennel://app/assets/.hidden',
      'kennel://app/',
      'kennel://app/assets/',
    ]) {
      await expectNotFound(url);
    }
  });

  it('never leaves the folder when the URL parser resolves dot segments', async () => {
    for (const url of [
      'kennel://app/../../keys/local.key',
      'kennel://app/assets/%2e%2e/%2e%2e/keys/local.key',
    ]) {
      expect(await (await ask(url)).text(), url).toBe(DECOY);
    }
    const page = await ask('kennel://app/assets/./../index.html');
    expect(await page.text()).toContain('<title>Kennel</title>');
  });
});

describe('answering the app protocol', () => {
  it('serves the page with its content type, the Content Security Policy and nosniff', async () => {
    const response = await ask(APP_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toBe(POLICY);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Kennel</title>');
  });

  it('serves module scripts, styles and images with the types the browser checks', async () => {
    const types = {
      'kennel://app/assets/index-Ab1_c.js': 'text/javascript; charset=utf-8',
      'kennel://app/assets/index-Ab1_c.css': 'text/css; charset=utf-8',
      'kennel://app/favicon.svg': 'image/svg+xml',
    };
    for (const [url, type] of Object.entries(types)) {
      const response = await ask(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('Content-Type'), url).toBe(type);
    }
  });

  it('answers 404 for what is missing, a folder, or a link that leads outside', async () => {
    for (const url of [
      'kennel://app/assets/missing.js',
      'kennel://app/assets',
      'kennel://app/assets/leak.js',
      'kennel://app/linked/local.key',
      'kennel://app/..%2fkeys%2flocal.key',
      'kennel://other/index.html',
    ]) {
      const response = await ask(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain(SECRET);
    }
  });

  it('reads only: HEAD gets the headers, any other method 405', async () => {
    const head = await ask(APP_URL, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
    const post = await ask(APP_URL, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, HEAD');
  });
});

describe('registering the app protocol', () => {
  it('makes the scheme standard and secure with fetch and code cache, and nothing more', () => {
    registerAppScheme();
    expect(protocol.privileged).toEqual([
      {
        scheme: 'kennel',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
  });

  it('handles the scheme on the given session, from the renderer folder', async () => {
    const session = {};
    const sessionProtocol = giveProtocol(session);
    setupAppProtocol(session as Session, rendererDir, POLICY);
    const handler = sessionProtocol.handlers.get('kennel');
    expect(handler).toBeDefined();
    const response = await handler?.(new Request('http://placeholder/'));
    expect(response?.status).toBe(404);
    const page = await handler?.({ url: APP_URL, method: 'GET' } as Request);
    expect(page?.status).toBe(200);
    expect(page?.headers.get('Content-Security-Policy')).toBe(POLICY);
  });
});

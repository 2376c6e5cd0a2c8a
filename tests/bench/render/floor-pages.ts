import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SECURITY_HEADERS } from '../../../electron/web/security-headers';
import { loadUntilLogged } from './page-probe';

/** Where the page's script leaves its time, ms since navigation start. */
const FIRST_FRAME = '__emptyPageFirstFrame';
/** Logged once the time is taken, so nothing is run in the page before (as for the list). */
const TIMED_SIGNAL = 'kennel-bench: empty page timed';

// Shaped like the app's index.html (one external module script, deferred), so
// the only thing this page lacks is the app.
const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Empty page</title>
    <script type="module" src="/first-frame.js"></script>
  </head>
  <body>
    <p>Empty page.</p>
  </body>
</html>
`;

// The wait `afterNextPaint` in page-probe.js uses, so this time ends at the
// same point of a frame as the list's.
const SCRIPT = `requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    window.${FIRST_FRAME} = performance.now();
    console.debug('${TIMED_SIGNAL}');
  };
  channel.port2.postMessage(null);
});
`;

// The web host's own headers but its CSP, which only restricts the page.
// Cross-Origin-Opener-Policy is the one that costs time: it puts every load of
// the app in a new browsing context group, hence a new renderer process, and an
// empty page without it would reuse the tab's process and read lower.
const HEADERS = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'Content-Security-Policy'),
);

// Cached as the web host caches the app: the page never, the script for good.
const FILES: Record<string, { type: string; cache: string; body: string }> = {
  '/': { type: 'text/html; charset=utf-8', cache: 'no-store', body: HTML },
  '/first-frame.js': {
    type: 'text/javascript; charset=utf-8',
    cache: 'public, max-age=31536000, immutable',
    body: SCRIPT,
  },
};

const TIMEOUT_MS = 30_000;

declare const window: Record<typeof FIRST_FRAME, number | undefined>;

export interface EmptyPage {
  url: string;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body = '') {
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * Serves the empty page on a random loopback port. Any page the browser opens
 * can send requests to loopback, and a rebinding name can resolve there, so
 * only requests addressed to `127.0.0.1:<port>` are answered.
 */
export async function startEmptyPage(): Promise<EmptyPage> {
  let port = 0;
  const server = createServer((req, res) => {
    if (req.headers.host !== `127.0.0.1:${port}`) return answer(res, 403, {});
    const file = FILES[(req.url ?? '/').split('?')[0] ?? '/'];
    if (req.method !== 'GET' || file === undefined) return answer(res, 404, {});
    const headers = { ...HEADERS, 'Content-Type': file.type, 'Cache-Control': file.cache };
    answer(res, 200, headers, file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Chromium keeps connections alive; without this, close waits for them.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Loads the empty page afresh, through `about:blank` as the list's loads are,
 * and returns ms from navigation start to its first frame, taken in the page.
 */
export async function measureEmptyPageLoad(page: Page, url: string): Promise<number> {
  await loadUntilLogged(page, url, TIMED_SIGNAL, TIMEOUT_MS);
  const time = await page.evaluate(() => window.__emptyPageFirstFrame);
  if (time === undefined) throw new Error('the empty page took no time');
  return time;
}

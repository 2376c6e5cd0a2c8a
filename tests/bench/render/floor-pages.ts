import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SECURITY_HEADERS } from '../../../electron/web/security-headers';
import { loadUntilLogged } from './page-measures';

/** Where the page's script leaves its time, ms since navigation start. */
const FIRST_FRAME = '__floorPageFirstFrame';
/** Logged once the time is taken, so nothing is run in the page before (as for the list). */
const TIMED_SIGNAL = 'kennel-bench: floor page timed';
/** Rows the Vue page draws: about what the list shows in its first frame. */
export const VUE_PAGE_ROWS = 20;

// Shaped like the app's index.html (one external module script, deferred), so
// the only thing these pages lack is the app.
const html = (title: string, script: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <script type="module" src="${script}"></script>
  </head>
  <body>
    <div id="app"><p>${title}.</p></div>
  </body>
</html>
`;

// The wait `afterNextPaint` in page-probe.js uses, so this time ends at the
// same point of a frame as the list's.
const TIME_NEXT_FRAME = `requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    window.${FIRST_FRAME} = performance.now();
    console.debug('${TIMED_SIGNAL}');
  };
  channel.port2.postMessage(null);
});
`;

// Vue's runtime alone (the browser build, no compiler) mounting a table of
// rows held in memory: no stores, language, database or styles. What it costs
// is what any Vue app pays before its first rows, on top of the empty page.
const VUE_ROWS = `import { createApp, h } from '/vue.js';
const rows = Array.from({ length: ${VUE_PAGE_ROWS} }, (_, i) => ({
  id: String(9007199254740993n + BigInt(i)),
  name: 'Luna ' + String(i).padStart(6, '0'),
  category: 'Dogs',
  status: ['available', 'pending', 'sold'][i % 3],
}));
const cell = (text) => h('td', text);
createApp({
  setup: () => () =>
    h('table', { 'aria-label': 'Animals' }, [
      h('thead', h('tr', ['ID', 'Name', 'Category', 'Status'].map((c) => h('th', c)))),
      h('tbody', rows.map((r) => h('tr', { key: r.id }, [r.id, r.name, r.category, r.status].map(cell)))),
    ]),
}).mount('#app');
${TIME_NEXT_FRAME}`;

// The web host's own headers but its CSP, which only restricts the page.
// Cross-Origin-Opener-Policy is the one that costs time: it puts every load of
// the app in a new browsing context group, hence a new renderer process, and an
// empty page without it would reuse the tab's process and read lower.
const HEADERS = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'Content-Security-Policy'),
);

const SCRIPT = 'text/javascript; charset=utf-8';
const FOREVER = 'public, max-age=31536000, immutable';

type Files = Record<string, { type: string; cache: string; body: string }>;

/**
 * The pages and their scripts, cached as the web host caches the app: the
 * pages never, the scripts for good. Read when the server starts, so a missing
 * Vue build reports the floors as not run instead of stopping the benchmark.
 */
const floorFiles = async (): Promise<Files> => ({
  '/': {
    type: 'text/html; charset=utf-8',
    cache: 'no-store',
    body: html('Empty page', '/first-frame.js'),
  },
  '/vue-rows.html': {
    type: 'text/html; charset=utf-8',
    cache: 'no-store',
    body: html('Vue rows', '/vue-rows.js'),
  },
  '/first-frame.js': { type: SCRIPT, cache: FOREVER, body: TIME_NEXT_FRAME },
  '/vue-rows.js': { type: SCRIPT, cache: FOREVER, body: VUE_ROWS },
  '/vue.js': {
    type: SCRIPT,
    cache: FOREVER,
    body: await readFile(
      createRequire(import.meta.url).resolve('vue/dist/vue.runtime.esm-browser.prod.js'),
      'utf8',
    ),
  },
});

const TIMEOUT_MS = 30_000;

declare const window: Record<typeof FIRST_FRAME, number | undefined>;

export interface FloorPages {
  /** The empty page: one line of text and one script that times its first frame. */
  emptyUrl: string;
  /** Vue's runtime drawing {@link VUE_PAGE_ROWS} table rows, then timing the frame. */
  vueUrl: string;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body = '') {
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * Serves the floor pages on a random loopback port. Any page the browser opens
 * can send requests to loopback, and a rebinding name can resolve there, so
 * only requests addressed to `127.0.0.1:<port>` are answered.
 */
export async function startFloorPages(): Promise<FloorPages> {
  const files = await floorFiles();
  let port = 0;
  const server = createServer((req, res) => {
    if (req.headers.host !== `127.0.0.1:${port}`) return answer(res, 403, {});
    const file = files[(req.url ?? '/').split('?')[0] ?? '/'];
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
    emptyUrl: `http://127.0.0.1:${port}/`,
    vueUrl: `http://127.0.0.1:${port}/vue-rows.html`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Chromium keeps connections alive; without this, close waits for them.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Loads a floor page afresh, through `about:blank` as the list's loads are,
 * and returns ms from navigation start to its first frame, taken in the page.
 */
export async function measureFloorPageLoad(page: Page, url: string): Promise<number> {
  await loadUntilLogged(page, url, TIMED_SIGNAL, TIMEOUT_MS);
  const time = await page.evaluate(() => window.__floorPageFirstFrame);
  if (time === undefined) throw new Error(`${url} took no time`);
  return time;
}

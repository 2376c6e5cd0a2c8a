/**
 * The import's worker: decoding and parsing a 10,000-row file takes long
 * enough to stall typing and scrolling, so it happens off the window's thread.
 */
import { readCells, type ReadRequest } from './read-cells';
import type { Parsed } from './parse';

self.addEventListener('message', (event: MessageEvent<ReadRequest>) => {
  let answer: Parsed;
  try {
    answer = readCells(event.data);
  } catch {
    answer = { ok: false, problem: { code: 'unreadable' } };
  }
  self.postMessage(answer);
});

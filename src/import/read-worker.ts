/**
 * The import's worker: decoding and parsing a 10,000-row file takes long
 * enough to stall typing and scrolling, so it happens off the window's thread.
 */
import { readCells, type ReadRequest } from './read-cells';

self.addEventListener('message', (event: MessageEvent<ReadRequest>) => {
  let answer;
  try {
    answer = readCells(event.data);
  } catch {
    answer = {
      ok: false,
      problem: 'Kennel could not read this. Check that it is a spreadsheet saved as CSV.',
    };
  }
  self.postMessage(answer);
});

/**
 * From a file's bytes or pasted text to rows of cells: decode, then parse.
 * Runs in the import worker (`read-worker.ts`), and directly where no worker
 * can start.
 */
import { decodeFile } from './decode';
import { parseCells, type Parsed } from './parse';

/** What the page asks the worker to read. */
export type ReadRequest = { bytes: ArrayBuffer } | { text: string };

/** Rows of cells from `request`, or the code of the reason there are none. */
export function readCells(request: ReadRequest): Parsed {
  if ('text' in request) return parseCells(request.text);
  const decoded = decodeFile(new Uint8Array(request.bytes));
  return decoded.ok ? parseCells(decoded.text) : decoded;
}

/**
 * Reads a chosen file or pasted cells into rows, in a worker so a large file
 * never freezes the window. Where a worker cannot start (a test runner, a
 * locked-down page), it reads on this thread instead: slower, never lost.
 */
import { readCells, type ReadRequest } from './read-cells';
import { sizeProblem } from './decode';
import type { Parsed } from './parse';

function inWorker(request: ReadRequest, transfer: Transferable[]): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<Parsed>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message));
    });
    worker.postMessage(request, transfer);
  });
}

async function read(request: ReadRequest, transfer: Transferable[]): Promise<Parsed> {
  if (typeof Worker === 'function') {
    try {
      return await inWorker(request, transfer);
    } catch {
      // Fall through: a worker that cannot start must not cost the user their file.
    }
  }
  return readCells(request);
}

/** The rows of a chosen file. A file over the size limit is refused before it is read. */
export async function readFileRows(file: Blob): Promise<Parsed> {
  // Said before reading: a huge file is not worth loading into memory first.
  const tooLarge = sizeProblem(file.size);
  if (tooLarge !== null) return { ok: false, problem: tooLarge };
  const bytes = await file.arrayBuffer();
  return read({ bytes }, [bytes]);
}

/** The rows of cells pasted from a spreadsheet. */
export function readPastedRows(text: string): Promise<Parsed> {
  return read({ text }, []);
}

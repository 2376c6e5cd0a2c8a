import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCells, type ReadRequest } from '../../../../src/import/read-cells';
import {
  readFileRows as readFileCodes,
  readPastedRows as readPastedCodes,
} from '../../../../src/import/read-source';
import { worded } from './worded';
import { latin1, utf16, utf8 } from './bytes';

// The specification: an import file is read up to 10 MiB.
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const readFileRows = async (file: Blob) => worded(await readFileCodes(file));
const readPastedRows = async (text: string) => worded(await readPastedCodes(text));

afterEach(() => {
  vi.unstubAllGlobals();
});

const ENCODING =
  'Kennel cannot read the letters in this file: it was saved in an encoding Kennel does not know. In your spreadsheet, choose Save As, pick \u201cCSV UTF-8\u201d, and import that file.';

/** A Blob of `bytes` (copied into a plain ArrayBuffer, as a file read from disk is). */
function blob(bytes: Uint8Array): Blob {
  return new Blob([new Uint8Array(bytes)]);
}

describe('reading on this thread (no Worker, as in this test runner)', () => {
  it('runs where there is no Worker', () => {
    expect(typeof Worker).toBe('undefined');
  });

  it('reads a UTF-8 CSV file with Windows line endings and quoted cells', async () => {
    const text = 'Name,Category,Status\r\n"Smith, Bella",Dog,available\r\n"Two\r\nlines",Cat,\r\n';
    expect(await readFileRows(blob(utf8(text, true)))).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category', 'Status'],
        ['Smith, Bella', 'Dog', 'available'],
        ['Two\r\nlines', 'Cat', ''],
      ],
      numbers: [1, 2, 3],
    });
  });

  it('reads a UTF-16 file', async () => {
    const text = 'Nombre\tEspecie\r\nZoë\tPerro\r\nŁucja\tGato\r\n';
    expect(await readFileRows(blob(utf16(text, true)))).toEqual({
      ok: true,
      rows: [
        ['Nombre', 'Especie'],
        ['Zoë', 'Perro'],
        ['Łucja', 'Gato'],
      ],
      numbers: [1, 2, 3],
    });
  });

  it('reads a File as well as a Blob', async () => {
    const file = new File(['Bella,Dog\nRex,Cat\n'], 'transfer.csv', { type: 'text/csv' });
    expect(await readFileRows(file)).toEqual({
      ok: true,
      rows: [
        ['Bella', 'Dog'],
        ['Rex', 'Cat'],
      ],
      numbers: [1, 2],
    });
  });

  it('numbers a file’s rows after its blank lines', async () => {
    const file = new File(['Name,Category\n\nBella,Dog\n\n\nRex,Cat\n'], 'transfer.csv');
    expect(await readFileRows(file)).toEqual({
      ok: true,
      rows: [
        ['Name', 'Category'],
        ['Bella', 'Dog'],
        ['Rex', 'Cat'],
      ],
      numbers: [1, 3, 6],
    });
  });

  it('refuses a Latin-1 file with "Zoë" with the encoding message', async () => {
    expect(await readFileRows(blob(latin1('Name,Category\nZoë,Dog\n')))).toEqual({
      ok: false,
      problem: ENCODING,
    });
  });

  it('refuses an xlsx-like file', async () => {
    const read = await readFileRows(blob(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatch(/^This is a spreadsheet workbook/);
  });

  it('refuses an empty file', async () => {
    expect(await readFileRows(new Blob([]))).toEqual({
      ok: false,
      problem: 'This file is empty: it has no rows.',
    });
  });

  it('refuses a file over the size limit without reading it', async () => {
    const arrayBuffer = vi.fn(() => Promise.reject(new Error('read')));
    const huge = { size: IMPORT_MAX_BYTES + 1, arrayBuffer } as unknown as Blob;
    expect(await readFileRows(huge)).toEqual({
      ok: false,
      problem:
        'This file is larger than 10 MB, the most Kennel imports at once. Split it into smaller files and import them one after another.',
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('reads pasted cells', async () => {
    expect(await readPastedRows('Bella\tDog\tavailable\r\nRex\tCat\t\r\n')).toEqual({
      ok: true,
      rows: [
        ['Bella', 'Dog', 'available'],
        ['Rex', 'Cat', ''],
      ],
      numbers: [1, 2],
    });
  });

  it('refuses a paste with an unclosed quote', async () => {
    const read = await readPastedRows('Bella\t"Dog\nRex\tCat\n');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatch(/^A quotation mark on row 1 is never closed/);
  });
});

/** Stands in for the browser's Worker: answers as `read-worker.ts` does, or fails. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static behaviour: 'answer' | 'error' = 'answer';
  readonly listeners = new Map<string, (event: unknown) => void>();
  readonly posted: [ReadRequest, Transferable[]][] = [];
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, listener);
  }

  postMessage(request: ReadRequest, transfer: Transferable[]): void {
    this.posted.push([request, transfer]);
    setTimeout(() => {
      if (FakeWorker.behaviour === 'error') {
        this.listeners.get('error')?.({ message: 'could not load the script' });
      } else {
        this.listeners.get('message')?.({ data: readCells(request) });
      }
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('reading in a worker', () => {
  afterEach(() => {
    FakeWorker.made = [];
    FakeWorker.behaviour = 'answer';
  });

  it('hands the file’s bytes to the import worker, takes its answer and ends it', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const read = await readFileRows(blob(utf8('Bella,Dog\n')));

    expect(read).toEqual({ ok: true, rows: [['Bella', 'Dog']], numbers: [1] });
    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(worker?.url.pathname).toMatch(/\/src\/import\/read-worker\.ts$/);
    expect(worker?.options).toEqual({ type: 'module' });
    const [request, transfer] = worker?.posted[0] ?? [];
    if (request === undefined || !('bytes' in request)) throw new Error('no bytes were sent');
    // The bytes are moved, not copied.
    expect(transfer).toHaveLength(1);
    expect(transfer?.[0]).toBe(request.bytes);
    expect(worker?.terminated).toBe(true);
  });

  it('sends pasted text to the worker too', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    expect(await readPastedRows('Bella\tDog')).toEqual({
      ok: true,
      rows: [['Bella', 'Dog']],
      numbers: [1],
    });
    expect(FakeWorker.made[0]?.posted).toEqual([[{ text: 'Bella\tDog' }, []]]);
  });

  it('reads on this thread when the worker fails, so the file is not lost', async () => {
    FakeWorker.behaviour = 'error';
    vi.stubGlobal('Worker', FakeWorker);
    expect(await readPastedRows('Bella\tDog')).toEqual({
      ok: true,
      rows: [['Bella', 'Dog']],
      numbers: [1],
    });
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('reads on this thread when no worker can start', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('blocked by the page’s policy', 'SecurityError');
        }
      },
    );
    expect(await readFileRows(blob(utf16('Bella,Dog\n', false)))).toEqual({
      ok: true,
      rows: [['Bella', 'Dog']],
      numbers: [1],
    });
  });

  it('passes the worker’s row numbers on as they came', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    expect(await readPastedRows('Bella\tDog\tsold\n\nRex\tCat\t')).toEqual({
      ok: true,
      rows: [
        ['Bella', 'Dog', 'sold'],
        ['Rex', 'Cat', ''],
      ],
      numbers: [1, 3],
    });
    expect(FakeWorker.made).toHaveLength(1);
  });
});

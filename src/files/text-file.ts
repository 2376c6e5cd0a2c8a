/**
 * The bytes of a file staff chose, as text, or the reason it cannot be read.
 * Spreadsheets save text in several ways; Kennel reads UTF-8 (with or without
 * the mark Excel adds) and UTF-16 with its mark, and refuses to guess anything
 * else: a wrong guess would quietly turn "Zoë" into "ZoÃ«" on every row. Used
 * by the spreadsheet import and the category list's import, each with its own
 * limits and words.
 */

/**
 * Why a file was refused, as a code: the spreadsheet import reads files in a
 * worker, which has no catalogue, so each caller words the code itself.
 */
export type FileProblem = 'too-large' | 'empty' | 'not-text' | 'workbook' | 'encoding';

/** The result of {@link readTextFile}. */
export type FileText = { ok: true; text: string } | { ok: false; code: FileProblem };

// ZIP (xlsx, ods, docx) and the old binary Office format.
const WORKBOOK_MARKS = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** True when the start of `bytes` holds a NUL or many control characters: not text. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    // Tab, line feed, carriage return and form feed are text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      control++;
    }
  }
  return control > sample.length / 100;
}

function decodeWith(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): FileText {
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    if (text.includes('\u0000')) return { ok: false, code: 'not-text' };
    return { ok: true, text };
  } catch {
    return { ok: false, code: 'encoding' };
  }
}

/**
 * True when a file of `size` bytes is over `maxBytes`: the one size rule of
 * both imports, asked of a chosen file's size before any of it is read.
 */
export function isTooLarge(size: number, maxBytes: number): boolean {
  return size > maxBytes;
}

/**
 * Reads `bytes` as text. Refuses, with the reason's code: a file over the
 * caller's limit, an empty file, a workbook or other binary file, and text in
 * an encoding other than UTF-8 or marked UTF-16.
 */
export function readTextFile(bytes: Uint8Array, maxBytes: number): FileText {
  if (isTooLarge(bytes.length, maxBytes)) return { ok: false, code: 'too-large' };
  if (bytes.length === 0) return { ok: false, code: 'empty' };
  if (startsWith(bytes, [0xff, 0xfe])) return decodeWith('utf-16le', bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return decodeWith('utf-16be', bytes.subarray(2));
  if (WORKBOOK_MARKS.some((mark) => startsWith(bytes, mark))) {
    return { ok: false, code: 'workbook' };
  }
  if (looksBinary(bytes)) return { ok: false, code: 'not-text' };
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  return decodeWith('utf-8', body);
}

/**
 * Reads a chosen file as {@link readTextFile} reads bytes, refusing one over
 * `maxBytes` by its size alone: a huge file is never loaded into memory only
 * to be refused.
 */
export async function readChosenFile(file: Blob, maxBytes: number): Promise<FileText> {
  if (isTooLarge(file.size, maxBytes)) return { ok: false, code: 'too-large' };
  return readTextFile(new Uint8Array(await file.arrayBuffer()), maxBytes);
}

/**
 * Turns the bytes of a chosen file into text, or into a sentence that says
 * why it cannot be read and what to do. Spreadsheets save CSV in several
 * ways; Kennel reads UTF-8 (with or without the mark Excel adds) and UTF-16
 * with its mark, and refuses to guess anything else: a wrong guess would
 * quietly turn "Zoë" into "ZoÃ«" on 400 animals.
 */

/** The largest file Kennel reads: about 300,000 short rows, far past a shelter's day. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The result of {@link decodeFile}. */
export type Decoded = { ok: true; text: string } | { ok: false; problem: string };

const SAVE_AS_CSV =
  'In your spreadsheet, choose Save As, pick \u201cCSV UTF-8\u201d, and import that file.';

/** Why a file of `size` bytes is refused before it is read, or null. */
export function sizeProblem(size: number): string | null {
  if (size <= IMPORT_MAX_BYTES) return null;
  return `This file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB, the most Kennel imports at once. Split it into smaller files and import them one after another.`;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

// ZIP (xlsx, ods, docx) and the old binary Office format.
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

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

/**
 * Reads `bytes` as text. Refuses, with a sentence for staff: a file over
 * {@link IMPORT_MAX_BYTES}, an empty file, a workbook or other binary file,
 * and text in an encoding other than UTF-8 or marked UTF-16.
 */
export function decodeFile(bytes: Uint8Array): Decoded {
  const tooLarge = sizeProblem(bytes.length);
  if (tooLarge !== null) return { ok: false, problem: tooLarge };
  if (bytes.length === 0) return { ok: false, problem: 'This file is empty: it has no rows.' };
  if (startsWith(bytes, [0xff, 0xfe])) return decodeWith('utf-16le', bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return decodeWith('utf-16be', bytes.subarray(2));
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) {
    return {
      ok: false,
      problem: `This is a spreadsheet workbook (such as an .xlsx file), which Kennel cannot read directly. ${SAVE_AS_CSV}`,
    };
  }
  if (looksBinary(bytes)) {
    return {
      ok: false,
      problem: `This file does not hold text, so it is not a spreadsheet saved as CSV. ${SAVE_AS_CSV}`,
    };
  }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  return decodeWith('utf-8', body);
}

function decodeWith(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): Decoded {
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    if (text.includes('\u0000')) {
      return { ok: false, problem: `This file does not hold text. ${SAVE_AS_CSV}` };
    }
    return { ok: true, text };
  } catch {
    return {
      ok: false,
      problem: `Kennel cannot read the letters in this file: it was saved in an encoding Kennel does not know. ${SAVE_AS_CSV}`,
    };
  }
}

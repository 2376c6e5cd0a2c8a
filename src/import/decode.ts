/**
 * The spreadsheet import's file rules: its size limit and its words, over the
 * shared reader of text files (`files/text-file.ts`).
 */
import { readTextFile, SAVE_AS_CSV, type FileText } from '../files/text-file';

/** The largest file Kennel reads: about 300,000 short rows, far past a shelter's day. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The result of {@link decodeFile}. */
export type Decoded = FileText;

const TOO_LARGE = `This file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB, the most Kennel imports at once. Split it into smaller files and import them one after another.`;

/** Why a file of `size` bytes is refused before it is read, or null. */
export function sizeProblem(size: number): string | null {
  return size <= IMPORT_MAX_BYTES ? null : TOO_LARGE;
}

/**
 * Reads a spreadsheet file's bytes as text. Refuses, with a sentence for
 * staff: a file over {@link IMPORT_MAX_BYTES}, an empty file, a workbook or
 * other binary file, and text in an encoding other than UTF-8 or marked UTF-16.
 */
export function decodeFile(bytes: Uint8Array): Decoded {
  return readTextFile(bytes, {
    maxBytes: IMPORT_MAX_BYTES,
    tooLarge: TOO_LARGE,
    empty: 'This file is empty: it has no rows.',
    notText: `This file does not hold text, so it is not a spreadsheet saved as CSV. ${SAVE_AS_CSV}`,
  });
}

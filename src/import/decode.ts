/**
 * The spreadsheet import's file rules: its size limit, over the shared reader
 * of text files (`files/text-file.ts`). Runs in the worker, so it answers
 * with codes (`read-problem.ts`), not sentences.
 */
import { isTooLarge, readTextFile, type FileProblem } from '../files/text-file';
import type { ReadCode, ReadProblem } from './read-problem';

/** The largest file Kennel reads: about 300,000 short rows, far past a shelter's day. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The result of {@link decodeFile}. */
export type Decoded = { ok: true; text: string } | { ok: false; problem: ReadProblem };

const TOO_LARGE: ReadProblem = {
  code: 'tooLarge',
  values: { mb: IMPORT_MAX_BYTES / (1024 * 1024) },
};

const CODES: Record<FileProblem, ReadCode> = {
  'too-large': 'tooLarge',
  empty: 'empty',
  'not-text': 'notText',
  workbook: 'workbook',
  encoding: 'encoding',
};

/** Why a file of `size` bytes is refused before it is read, or null. */
export function sizeProblem(size: number): ReadProblem | null {
  return isTooLarge(size, IMPORT_MAX_BYTES) ? TOO_LARGE : null;
}

/**
 * Reads a spreadsheet file's bytes as text. Refuses a file over
 * {@link IMPORT_MAX_BYTES}, an empty file, a workbook or other binary file,
 * and text in an encoding other than UTF-8 or marked UTF-16.
 */
export function decodeFile(bytes: Uint8Array): Decoded {
  const read = readTextFile(bytes, IMPORT_MAX_BYTES);
  if (read.ok) return read;
  return { ok: false, problem: read.code === 'too-large' ? TOO_LARGE : { code: CODES[read.code] } };
}

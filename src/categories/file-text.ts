/**
 * The category list import's file rules: a small size limit and its own
 * words, over the shared reader of text files (`files/text-file.ts`).
 */
import { readTextFile, type FileText } from '../files/text-file';

/** A category list is tens of lines; a file this big is something else. */
export const CATEGORY_FILE_MAX_BYTES = 1024 * 1024;

const CHOOSE = 'Choose a CSV or JSON file with the category numbers and names.';

/** Reads a category file's bytes as text, refusing what is not a small text file. */
export function categoryFileText(bytes: Uint8Array): FileText {
  return readTextFile(bytes, {
    maxBytes: CATEGORY_FILE_MAX_BYTES,
    tooLarge: `This file is too big to be a category list (over 1 MB). ${CHOOSE}`,
    empty: 'This file is empty.',
    notText: `This file is not text. ${CHOOSE}`,
  });
}

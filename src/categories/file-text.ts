/**
 * The category list import's file rules: a small size limit and its own
 * words, over the shared reader of text files (`files/text-file.ts`).
 */
import { readChosenFile } from '../files/text-file';
import { t } from '../i18n';

/** A category list is tens of lines; a file this big is something else. */
const CATEGORY_FILE_MAX_BYTES = 1024 * 1024;

/** The result of {@link categoryFileText}: the text, or the sentence that says why not. */
export type CategoryFileText = { ok: true; text: string } | { ok: false; problem: string };

/**
 * Reads a chosen category file as text, refusing what is not a small text
 * file; one too large is refused by its size, before it is read.
 */
export async function categoryFileText(file: Blob): Promise<CategoryFileText> {
  const read = await readChosenFile(file, CATEGORY_FILE_MAX_BYTES);
  if (read.ok) return read;
  const choose = t('categories.file.choose');
  const saveAs = t('import.read.saveAs');
  const problem = {
    'too-large': () => t('categories.file.tooBig', { choose }),
    empty: () => t('categories.file.empty'),
    'not-text': () => t('categories.file.notText', { choose }),
    workbook: () => t('import.read.workbook', { saveAs }),
    encoding: () => t('import.read.encoding', { saveAs }),
  }[read.code]();
  return { ok: false, problem };
}

/**
 * Where the import's rows come from: a chosen file or pasted cells, read off
 * the window's thread, with what could not be read said in words. Part of the
 * import store (`stores/import.ts`).
 */
import { computed, ref, shallowRef } from 'vue';
import { t } from '../../i18n';
import type { Parsed } from '../../import/parse';
import { pause } from '../../import/pause';
import { readProblemText } from '../../import/problem-text';
import type { ReadProblem } from '../../import/read-problem';
import { readFileRows, readPastedRows } from '../../import/read-source';

/** Takes what was read in place of the import so far; resolves once its rows are checked. */
type Start = (parsed: Parsed) => Promise<void>;

export function useImportSource(start: Start) {
  /** "transfer.csv", or '' for pasted cells and before anything was read. */
  const fileName = ref('');
  const pasted = ref(false);
  /** "transfer.csv" or "pasted cells", in the app's language. */
  const sourceName = computed(() => (pasted.value ? t('import.source.pasted') : fileName.value));
  const reading = ref(false);
  /** Why the last file or paste could not be read, as the worker said it. */
  const readCode = shallowRef<ReadProblem | null>(null);
  /** The same, as a sentence ('' when there is none). */
  const readProblem = computed(() =>
    readCode.value === null ? '' : readProblemText(readCode.value),
  );

  /** Names what the rows now come from, and takes them. */
  function take(name: string, fromPaste: boolean, parsed: Parsed): Promise<void> {
    fileName.value = name;
    pasted.value = fromPaste;
    readCode.value = parsed.ok ? null : parsed.problem;
    return start(parsed);
  }

  // Of reads that overlap (cells pasted while a file is read and checked), the last one wins.
  let reads = 0;
  async function read(
    name: string,
    fromPaste: boolean,
    reader: () => Promise<Parsed>,
  ): Promise<void> {
    const ticket = ++reads;
    reading.value = true;
    // Said while reading: the name of what is being read.
    fileName.value = name;
    pasted.value = fromPaste;
    try {
      const parsed = await reader();
      if (ticket === reads) await take(name, fromPaste, parsed);
    } catch {
      if (ticket === reads) await take(name, fromPaste, { ok: false, problem: { code: 'failed' } });
    } finally {
      // The preview is drawn in a task of its own, not the one that ended the check.
      await pause();
      if (ticket === reads) reading.value = false;
    }
  }

  return {
    sourceName,
    reading,
    readProblem,
    /** What the animals were read from, kept with each; undefined for pasted cells. */
    fileOfOrigin: (): string | undefined => (pasted.value ? undefined : fileName.value),
    take,
    /** Reads a chosen file; replaces what was being imported. */
    readFile: (file: File): Promise<void> => read(file.name, false, () => readFileRows(file)),
    /** Reads cells pasted from a spreadsheet; replaces what was being imported. */
    readPaste: (text: string): Promise<void> => read('', true, () => readPastedRows(text)),
  };
}

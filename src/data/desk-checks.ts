/**
 * Each row a desk file brings, checked as this desk checks its own rows when
 * it reads them (`row-checks.ts`, `record-checks.ts`). Kennel writes only
 * sound rows to a file, and the file's checksum proves nothing changed on the
 * way, so a row that fails here means the file was not written by Kennel: it
 * is refused whole rather than taken in part.
 */
import type { ProfileContents } from './desk-contents';
import { historyEventProblem } from './history-checks';
import { recordProblem } from './record-checks';
import { cachedPetProblem, categoryRowProblem, outboxEntryProblem } from './row-checks';

/** What is wrong with a profile's part of a file, or null when every row is sound. */
export function contentsProblem(contents: ProfileContents): string | null {
  const problems = [
    ...contents.records.map((row) => recordProblem(row)),
    ...contents.categories.map((row) => categoryRowProblem(row)),
    ...contents.animals.map((row) =>
      row.pending === 0 ? cachedPetProblem(row) : 'a waiting animal among the sent ones',
    ),
    ...contents.queue.map((entry) =>
      entry.profile === contents.profile
        ? outboxEntryProblem(entry)
        : 'an entry of another profile',
    ),
    ...contents.history.map((row) => historyEventProblem(row)),
  ];
  return problems.find((problem) => problem !== null) ?? null;
}

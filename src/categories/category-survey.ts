/**
 * The category numbers the animals cached on this computer carry: how many
 * animals each has and a few of their names, for naming them in Settings.
 * The cache can hold the whole catalogue (100,000 animals), so it is never
 * read whole: the `[categoryId+nameKey]` index is walked one category at a
 * time (a count, three rows, then a jump past the category's last key).
 */
import type { KennelDb } from '../data/db';
import { categoryNumber } from '../data/category-list';
import { compareDecimal } from '../text/fold';

/** One category number seen among the animals here. */
interface SeenCategory {
  /** The number, canonical ("07" is 7). */
  id: string;
  /** How many animals here have it. */
  count: number;
  /** Up to {@link SAMPLE_NAMES} of their names, first by name. */
  names: string[];
}

/** How many names show beside a number: enough to recognise "Dog" in them. */
const SAMPLE_NAMES = 3;

/**
 * How many numbers the walk reads at most: a service that gave every animal
 * its own number has no categories to name, and would cost a read per animal.
 */
export const SURVEY_LIMIT = 200;

/** What the walk found; `more` when it stopped at {@link SURVEY_LIMIT}. */
export interface CategorySurvey {
  seen: SeenCategory[];
  more: boolean;
}

/**
 * Every category number among the animals of `db`, by number. A row the index
 * lacks (written before it had a `nameKey`) is caught by comparing counts;
 * then the rows are streamed one by one instead, never held all at once.
 */
export async function surveyCategories(db: KennelDb): Promise<CategorySurvey> {
  const byId = new Map<string, SeenCategory>();
  const note = (raw: string, count: number, names: readonly string[]): void => {
    const id = categoryNumber(raw) ?? raw.trim();
    const seen = byId.get(id) ?? { id, count: 0, names: [] };
    seen.count += count;
    for (const name of names) if (seen.names.length < SAMPLE_NAMES) seen.names.push(name);
    byId.set(id, seen);
  };
  const index = db.pets.where('[categoryId+nameKey]');
  let walked = 0;
  let raws = 0;
  let next = await db.pets.orderBy('[categoryId+nameKey]').first();
  while (next !== undefined && raws < SURVEY_LIMIT) {
    const raw = next.categoryId;
    // `[raw]` sorts before every `[raw, name]` and `[raw, []]` after them. A
    // Dexie collection is changed by `limit`, so each read has its own.
    const range = () => index.between([raw], [raw, []], true, true);
    const [count, rows] = await Promise.all([
      range().count(),
      range().limit(SAMPLE_NAMES).toArray(),
    ]);
    note(
      raw,
      count,
      rows.map((row) => row.name),
    );
    walked += count;
    raws += 1;
    next = await index.above([raw, []]).first();
  }
  const more = next !== undefined;
  if (!more && walked !== (await db.pets.count())) return streamed(db);
  return { seen: sorted(byId), more };
}

// The slow way, for a cache with rows the index left out: one row at a time.
async function streamed(db: KennelDb): Promise<CategorySurvey> {
  const byId = new Map<string, SeenCategory>();
  let more = false;
  await db.pets.each((row) => {
    const id = categoryNumber(String(row.categoryId)) ?? String(row.categoryId).trim();
    let seen = byId.get(id);
    if (seen === undefined) {
      if (byId.size >= SURVEY_LIMIT) {
        more = true;
        return;
      }
      seen = { id, count: 0, names: [] };
      byId.set(id, seen);
    }
    seen.count += 1;
    if (seen.names.length < SAMPLE_NAMES && typeof row.name === 'string') seen.names.push(row.name);
  });
  return { seen: sorted(byId), more };
}

function sorted(byId: Map<string, SeenCategory>): SeenCategory[] {
  return [...byId.values()].sort((a, b) => compareDecimal(a.id, b.id));
}

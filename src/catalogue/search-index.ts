/**
 * The catalogue's in-memory index: every cached animal with its name folded
 * for matching, the list orders it can be sorted in, and counts per status.
 * IndexedDB can page an index but cannot match a substring, so a search over
 * 100,000 animals is one pass over folded strings in memory (a few
 * milliseconds) instead of a scan of the database. Pure: `index-feed.ts` keeps
 * it in step with the database.
 */
import { categoryLabel, NO_CATEGORIES, type CategoryIndex } from '../data/category-list';
import type { CachedPet } from '../data/db';
import type { StatusFilter } from '../data/pets';
import { categoryMatcher, type CategoryTest } from './category-match';
import {
  NO_RECORD_FACTS,
  recordMatches,
  type RecordFacts,
  type RecordMatches,
} from './record-match';
import { compareDecimal, foldText, naturalKey, searchedId } from '../text/fold';

/** The columns a list can be sorted by. */
export type SortKey = 'name' | 'id' | 'category' | 'status';

/** A sort chosen from a column header; null is the list's own order (waiting first, then newest). */
export type ListSort = { key: SortKey; direction: 'ascending' | 'descending' } | null;

/** Whether the list shows the animals with an outcome recorded on this computer. */
export type OutcomeChoice = 'shown' | 'left-out';

export interface CatalogueQuery {
  filter: StatusFilter;
  search: string;
  sort: ListSort;
  /** Shown unless said. */
  outcomes?: OutcomeChoice;
}

/** Animals per status on this computer; `none` has no status, `other` one the spec does not name. */
export interface StatusCounts {
  all: number;
  available: number;
  pending: number;
  sold: number;
  none: number;
  other: number;
}

interface Entry {
  row: CachedPet;
  folded: string;
  /** Sort key of the name: folded, numbers by value. Worked out on the first name sort. */
  sortName?: string;
}

function entry(row: CachedPet, folded = foldText(row.name)): Entry {
  return { row, folded };
}

function sortName(e: Entry): string {
  return (e.sortName ??= naturalKey(e.folded));
}

const EMPTY_COUNTS: StatusCounts = {
  all: 0,
  available: 0,
  pending: 0,
  sold: 0,
  none: 0,
  other: 0,
};

function byOrder(a: Entry, b: Entry): number {
  return a.row.order < b.row.order ? -1 : a.row.order > b.row.order ? 1 : 0;
}

// Waiting animals have no id yet: they sort after every id.
function byId(a: Entry, b: Entry): number {
  const x = a.row.id;
  const y = b.row.id;
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return compareDecimal(x, y);
}

function byText(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

type Compare = (a: Entry, b: Entry) => number;

/**
 * The comparators, given how a category sorts (by the label staff see: "Dog",
 * or "Category 17", numbers by value). Ties fall back to the list's own
 * order, so a sort is stable across rebuilds.
 */
function comparators(categoryKey: (categoryId: string) => string): Record<SortKey, Compare> {
  return {
    name: (a, b) =>
      byText(sortName(a), sortName(b)) || byText(a.row.name, b.row.name) || byOrder(a, b),
    id: (a, b) => byId(a, b) || byOrder(a, b),
    category: (a, b) =>
      byText(categoryKey(a.row.categoryId), categoryKey(b.row.categoryId)) ||
      compareDecimal(a.row.categoryId, b.row.categoryId) ||
      byText(sortName(a), sortName(b)) ||
      byOrder(a, b),
    // An animal without a status sorts after every status.
    status: (a, b) =>
      byText(a.row.status ?? '\uffff', b.row.status ?? '\uffff') ||
      byText(sortName(a), sortName(b)) ||
      byOrder(a, b),
  };
}

/** Whether the sorted column is empty for this row: a waiting animal's id, a missing status. */
const MISSING: Partial<Record<SortKey, (entry: Entry) => boolean>> = {
  id: (e) => e.row.id === null,
  status: (e) => e.row.status === null,
};

/** A column's comparator; empty cells stay last in both directions, as in a spreadsheet. */
function comparator(base: Compare, key: SortKey, direction: 'ascending' | 'descending'): Compare {
  if (direction === 'ascending') return base;
  const missing = MISSING[key];
  return (a: Entry, b: Entry): number => {
    if (missing !== undefined) {
      const x = missing(a);
      const y = missing(b);
      if (x !== y) return x ? 1 : -1;
    }
    return -base(a, b);
  };
}

function statusMatches(row: CachedPet, filter: StatusFilter): boolean {
  if (filter === 'none') return row.status === null;
  return filter === 'all' || row.status === filter;
}

/** What a search looks for, worked out once per search. */
interface SearchTerms {
  /** The text folded (`foldText`). */
  text: string;
  /** The id the text spells, or null. */
  id: string | null;
  /** The categories it names, or null for none. */
  inCategory: CategoryTest | null;
  /** The animals whose intake record it finds, or null for none. */
  inRecords: RecordMatches | null;
}

/**
 * How a row answers a search: its id, its name from the start or within, or
 * only its chip, its kennel or its category.
 */
type SearchMatch = 'id' | 'start' | 'within' | 'chip' | 'kennel' | 'category';

/** Why a listed row is there when nothing of its own row (id, name) matches; what the list marks. */
export type FoundBy = 'chip' | 'kennel' | 'category';

/** The terms of `search`, or null when it is no search (empty, or spaces). */
function searchTerms(
  search: string,
  categories: CategoryIndex,
  records: RecordFacts,
): SearchTerms | null {
  const text = foldText(search);
  if (text === '') return null;
  // A handful of categories and one pass over the records, checked once; each
  // row is then a lookup or two.
  return {
    text,
    id: searchedId(search),
    inCategory: categoryMatcher(search, categories),
    inRecords: recordMatches(search, records),
  };
}

/** Why `row` (its name folded as `folded`) answers the search, or null when it does not. */
function matchOf(terms: SearchTerms, row: CachedPet, folded: string): SearchMatch | null {
  if (terms.id !== null && row.id === terms.id) return 'id';
  const at = folded.indexOf(terms.text);
  if (at === 0) return 'start';
  if (at > 0) return 'within';
  const records = terms.inRecords;
  if (records !== null) {
    if (records.byChip.has(row.key)) return 'chip';
    if (records.byKennel.has(row.key)) return 'kennel';
  }
  return terms.inCategory?.(row.categoryId) === true ? 'category' : null;
}

/**
 * A first build or a rebuild, filled a chunk at a time while the index still
 * answers from what it held, then swapped in whole (`CatalogueIndex.adopt`).
 */
export class IndexBuild {
  readonly entries = new Map<string, Entry>();
  /** The entries in the order they were added. */
  readonly added: Entry[] = [];

  /** Adds rows, each with its name folded (`foldText`). */
  add(rows: readonly CachedPet[], folded: readonly string[]): void {
    rows.forEach((row, i) => {
      const e = entry(row, folded[i]);
      this.entries.set(row.key, e);
      this.added.push(e);
    });
  }
}

export class CatalogueIndex {
  private entries = new Map<string, Entry>();
  private readonly sorted = new Map<string, Entry[]>();
  private counted: StatusCounts | null = null;
  /** The counts without the animals that have an outcome. */
  private countedWithoutOutcomes: StatusCounts | null = null;
  private categories: CategoryIndex = NO_CATEGORIES;
  private records: RecordFacts = NO_RECORD_FACTS;
  /** The last search's terms: the list and its marks ask for the same search in turn. */
  private lastTerms: { search: string; version: number; terms: SearchTerms | null } | null = null;
  /** Each category's sort key, worked out once per category list. */
  private readonly categoryKeys = new Map<string, string>();
  private readonly compare = comparators((id) => this.categoryKey(id));
  /** Bumped on every change, so callers can tell a stale answer. */
  version = 0;

  get size(): number {
    return this.entries.size;
  }

  /**
   * Replaces everything with `build`, whose rows were added under distinct
   * keys; `listOrder` gives their positions (in the order added) in the
   * list's own order, so the index need not sort them.
   */
  adopt(build: IndexBuild, listOrder: Int32Array): void {
    this.entries = build.entries;
    this.changed();
    this.sorted.set(
      'order',
      Array.from(listOrder, (at) => build.added[at] as Entry),
    );
  }

  /** Adds or replaces rows by key. */
  upsert(rows: readonly CachedPet[]): void {
    if (rows.length === 0) return;
    for (const row of rows) this.entries.set(row.key, entry(row));
    this.changed();
  }

  /** Removes rows by key. */
  remove(keys: readonly string[]): void {
    let removed = false;
    for (const key of keys) removed = this.entries.delete(key) || removed;
    if (removed) this.changed();
  }

  /**
   * The profile's category names, which a search matches and a category sort
   * orders by. Only the category sorts are redone: no animal is re-indexed.
   */
  setCategories(categories: CategoryIndex): void {
    if (categories === this.categories) return;
    this.categories = categories;
    this.categoryKeys.clear();
    for (const name of [...this.sorted.keys()]) {
      if (name.startsWith('category:')) this.sorted.delete(name);
    }
    this.version += 1;
  }

  /**
   * What the intake records say that the list searches and filters on
   * (`record-match.ts`). No animal is re-indexed and no order is redone.
   */
  setRecords(records: RecordFacts): void {
    if (records === this.records) return;
    this.records = records;
    this.countedWithoutOutcomes = null;
    this.version += 1;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keys of the rows still waiting to be sent (few: the queue). */
  pendingKeys(): string[] {
    const keys: string[] = [];
    for (const [key, entry] of this.entries) if (entry.row.pending === 1) keys.push(key);
    return keys;
  }

  /** The newest `updatedAt` held: where an incremental read can start. */
  newestUpdate(): number {
    let newest = 0;
    for (const entry of this.entries.values()) {
      if (entry.row.updatedAt > newest) newest = entry.row.updatedAt;
    }
    return newest;
  }

  /**
   * How many cached animals there are, per status; with the outcomes left
   * out, only those without an outcome recorded here, as the list then shows.
   */
  counts(outcomes: OutcomeChoice = 'shown'): StatusCounts {
    if (outcomes === 'left-out') {
      this.countedWithoutOutcomes ??= this.count(this.records.withOutcome);
      return this.countedWithoutOutcomes;
    }
    this.counted ??= this.count(null);
    return this.counted;
  }

  /** How many of the animals held have an outcome recorded here: a pass over the outcomes alone. */
  outcomeCount(): number {
    let n = 0;
    for (const key of this.records.withOutcome) if (this.entries.has(key)) n += 1;
    return n;
  }

  private count(leftOut: ReadonlySet<string> | null): StatusCounts {
    const counts = { ...EMPTY_COUNTS };
    for (const [key, { row }] of this.entries) {
      if (leftOut?.has(key) === true) continue;
      counts.all += 1;
      const status = row.status;
      if (status === null) counts.none += 1;
      else if (status === 'available' || status === 'pending' || status === 'sold') {
        counts[status] += 1;
      } else counts.other += 1;
    }
    return counts;
  }

  /**
   * The rows matching `query`, in its order. A search matches an exact id,
   * names by prefix or substring, the animals whose intake record has the
   * chip it gives (whole, or its last six characters) or a kennel whose name
   * holds it (`record-match.ts`), and the animals of the categories it names
   * (`category-match.ts`: by name, or "Category 3"), case- and
   * accent-insensitively. The animal whose id is the text comes first in every
   * order; in the list's own order then come the animals found by their chip,
   * names that start with the text, names that contain it, and animals found
   * by their kennel or their category only. Animals with an outcome recorded
   * here are left out when the query says so.
   */
  query(query: CatalogueQuery): CachedPet[] {
    const ordered = this.inOrder(query.sort);
    const leftOut = query.outcomes === 'left-out' ? this.records.withOutcome : null;
    const out: CachedPet[] = [];
    const terms = this.termsFor(query.search);
    if (terms === null) {
      for (const { row } of ordered) {
        if (statusMatches(row, query.filter) && leftOut?.has(row.key) !== true) out.push(row);
      }
      return out;
    }
    const rankByMatch = query.sort === null;
    const exact: CachedPet[] = [];
    const byChip: CachedPet[] = [];
    const prefix: CachedPet[] = [];
    const byKennel: CachedPet[] = [];
    const byCategory: CachedPet[] = [];
    for (const { row, folded } of ordered) {
      if (!statusMatches(row, query.filter) || leftOut?.has(row.key) === true) continue;
      const match = matchOf(terms, row, folded);
      if (match === null) continue;
      if (match === 'id') exact.push(row);
      else if (!rankByMatch || match === 'within') out.push(row);
      else if (match === 'start') prefix.push(row);
      else if (match === 'chip') byChip.push(row);
      else if (match === 'kennel') byKennel.push(row);
      else byCategory.push(row);
    }
    if (rankByMatch) return [...exact, ...byChip, ...prefix, ...out, ...byKennel, ...byCategory];
    return exact.length === 0 ? out : [...exact, ...out];
  }

  /**
   * The test of why a row is in the answer to `search` when no id or name of
   * its own matches: its chip, its kennel or its category, which the list
   * marks on the row; null for a row found by its id or name, and for every
   * row without a search.
   */
  foundBy(search: string): (row: CachedPet) => FoundBy | null {
    const terms = this.termsFor(search);
    if (terms === null) return () => null;
    return (row) => {
      const folded = this.entries.get(row.key)?.folded ?? foldText(row.name);
      const match = matchOf(terms, row, folded);
      return match === 'chip' || match === 'kennel' || match === 'category' ? match : null;
    };
  }

  private termsFor(search: string): SearchTerms | null {
    const last = this.lastTerms;
    if (last !== null && last.search === search && last.version === this.version) return last.terms;
    const terms = searchTerms(search, this.categories, this.records);
    this.lastTerms = { search, version: this.version, terms };
    return terms;
  }

  private inOrder(sort: ListSort): Entry[] {
    const name = sort === null ? 'order' : `${sort.key}:${sort.direction}`;
    const cached = this.sorted.get(name);
    if (cached !== undefined) return cached;
    const entries = [...this.entries.values()];
    entries.sort(
      sort === null ? byOrder : comparator(this.compare[sort.key], sort.key, sort.direction),
    );
    this.sorted.set(name, entries);
    return entries;
  }

  private categoryKey(categoryId: string): string {
    let key = this.categoryKeys.get(categoryId);
    if (key === undefined) {
      key = naturalKey(foldText(categoryLabel(categoryId, this.categories)));
      this.categoryKeys.set(categoryId, key);
    }
    return key;
  }

  private changed(): void {
    this.sorted.clear();
    this.counted = null;
    this.countedWithoutOutcomes = null;
    this.version += 1;
  }
}

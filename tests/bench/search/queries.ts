/** The slice of `src/catalogue/search-index.ts` used to know what the list must show. */
export interface SearchIndexModule {
  CatalogueIndex: new () => {
    upsert(rows: readonly object[]): void;
    setRecords(facts: object): void;
    query(query: { filter: 'all'; search: string; sort: null }): readonly { id: string | null }[];
  };
}

/** What the list shows: the count line's number and the ID in its first row. */
export interface ListState {
  count: number;
  firstId: string | null;
}

/** One query, typed up to its last character, which is the timed keystroke. */
export interface SearchCase {
  kind: string;
  text: string;
  /** The list with every character but the last typed. */
  before: ListState;
  /** The list once the last character is typed. */
  after: ListState;
}

/** Bench rows as `seed.ts` builds them (what `upsertServicePets` writes). */
interface BenchRow {
  id: string;
  name: string;
}

/** A query to time, and how many animals it must find when that is known. */
export interface WantedQuery {
  kind: string;
  text: string;
  matches?: number;
}

/** The kinds of search a desk makes, over the names `seed.ts` gives. */
export function nameQueries(rows: readonly object[]): WantedQuery[] {
  const bench = rows as readonly BenchRow[];
  const middle = bench[Math.floor(bench.length / 2)];
  const third = bench[Math.floor(bench.length / 3)];
  if (middle === undefined || third === undefined) throw new Error('no rows to search');
  return [
    { kind: 'prefix, 1 letter', text: 'm' },
    { kind: 'substring, 3 letters', text: 'oll' },
    { kind: 'full name', text: middle.name, matches: 1 },
    { kind: 'exact id', text: third.id, matches: 1 },
    { kind: 'no match', text: 'Bellz', matches: 0 },
  ];
}

/**
 * The cases for `wanted` over `rows` (and the index's record facts, when the
 * animals have records). What the list must show before and after the last
 * keystroke is worked out by the app's own index over the same rows, so the
 * page is timed to the rows it is meant to show, whatever they are.
 */
export function searchCases(
  mod: SearchIndexModule,
  rows: readonly object[],
  wanted: readonly WantedQuery[] = nameQueries(rows),
  facts: object | null = null,
): SearchCase[] {
  const index = new mod.CatalogueIndex();
  index.upsert(rows);
  if (facts !== null) index.setRecords(facts);
  const state = (search: string): ListState => {
    const found = index.query({ filter: 'all', search, sort: null });
    return { count: found.length, firstId: found[0]?.id ?? null };
  };
  return wanted.map(({ kind, text, matches }) => {
    const before = state(text.slice(0, -1));
    const after = state(text);
    if (matches !== undefined && after.count !== matches) {
      throw new Error(`"${text}" (${kind}) matches ${after.count} animals, not ${matches}`);
    }
    if (after.count === 0 && matches !== 0) throw new Error(`"${text}" (${kind}) matches nothing`);
    // An unchanged list has nothing to wait for: the time would be one frame.
    if (before.count === after.count && before.firstId === after.firstId) {
      throw new Error(`typing the last letter of "${text}" (${kind}) does not change the list`);
    }
    return { kind, text, before, after };
  });
}

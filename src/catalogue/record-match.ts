/**
 * What the catalogue index needs of the intake records, which live in a table
 * of their own: each animal's chip, its kennel folded for matching, and its
 * outcome. A search works out once which animals' records it finds (a pass
 * over the records, not over the animals), so every row is then one set
 * lookup, and a row without a record costs the search nothing more.
 */
import type { IntakeRecord } from '../data/intake-record';
import { chipProblem, normaliseChip } from '../records/chip';
import { foldText } from '../text/fold';

export interface RecordFacts {
  /** The keys of the animals with an outcome recorded here. */
  readonly withOutcome: ReadonlySet<string>;
  /** Key and normalised chip of every record with a chip. */
  readonly chips: readonly (readonly [key: string, chip: string])[];
  /** The keys of the animals in each kennel, by its name folded (`foldText`). */
  readonly kennels: ReadonlyMap<string, readonly string[]>;
}

export const NO_RECORD_FACTS: RecordFacts = {
  withOutcome: new Set(),
  chips: [],
  kennels: new Map(),
};

/**
 * The facts of `records`. Shelters house many animals under a few kennel
 * names: each name is folded once, and a search reads each name once.
 */
export function recordFacts(records: readonly IntakeRecord[]): RecordFacts {
  const withOutcome = new Set<string>();
  const chips: [string, string][] = [];
  const folded = new Map<string, string>();
  const kennels = new Map<string, string[]>();
  for (const record of records) {
    if (record.outcome !== undefined) withOutcome.add(record.key);
    if (record.chip !== undefined && record.chip !== '') chips.push([record.key, record.chip]);
    const kennel = record.kennel;
    if (kennel === undefined || kennel === '') continue;
    let name = folded.get(kennel);
    if (name === undefined) {
      name = foldText(kennel);
      folded.set(kennel, name);
    }
    if (name === '') continue;
    const keys = kennels.get(name);
    if (keys === undefined) kennels.set(name, [record.key]);
    else keys.push(record.key);
  }
  return { withOutcome, chips, kennels };
}

/** The animals whose record a search finds, by what it found. */
export interface RecordMatches {
  byChip: ReadonlySet<string>;
  byKennel: ReadonlySet<string>;
}

/** How many characters of a chip's end a search may give: what staff read off a tag. */
const CHIP_TAIL_LENGTH = 6;

/**
 * The chip test `search` stands for: a whole chip (typed with or without
 * spaces and dashes) or its last six characters; null when it is neither.
 */
function chipTest(search: string): ((chip: string) => boolean) | null {
  const typed = normaliseChip(search);
  if (!/^[0-9A-F]+$/.test(typed)) return null;
  if (typed.length === CHIP_TAIL_LENGTH) return (chip) => chip.endsWith(typed);
  if (chipProblem(typed) === null) return (chip) => chip === typed;
  return null;
}

/**
 * The animals whose chip or kennel `search` names, or null when it names
 * none. A kennel is found by any part of its name, case and accents aside
 * ("b3" finds "Dogs B3"); a chip by all its characters or its last six.
 */
export function recordMatches(search: string, facts: RecordFacts): RecordMatches | null {
  const byChip = new Set<string>();
  const byKennel = new Set<string>();
  const chip = chipTest(search);
  if (chip !== null) for (const [key, value] of facts.chips) if (chip(value)) byChip.add(key);
  const text = foldText(search);
  if (text !== '') {
    for (const [kennel, keys] of facts.kennels) {
      if (kennel.includes(text)) for (const key of keys) byKennel.add(key);
    }
  }
  return byChip.size === 0 && byKennel.size === 0 ? null : { byChip, byKennel };
}

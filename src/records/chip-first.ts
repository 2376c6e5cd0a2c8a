/**
 * Chip first: a 15-digit number from a scanner, or typed in Search, is read
 * as a microchip as well as an ID. IDs are int64, so 15 digits can be either,
 * and a shelter's scanner reads both cards and chips: when the number names
 * one animal here it opens, when it names several (an ID and another animal's
 * chip) they are offered side by side, never guessed between, and when it
 * names none, taking an animal in with that chip is offered.
 */
import { parseAnimalId } from '../animals/animal-id';
import type { CachedPet, KennelDb } from '../data/db';
import { findCachedPet } from '../data/pets';
import { recordsWithChip } from '../data/records';
import { normaliseChip } from './chip';

/** An animal the number names, and how. */
export interface NumberMatch {
  by: 'id' | 'chip';
  /** The animal as cached; null when only its service ID is known (its row is no longer listed). */
  row: CachedPet | null;
  /** Its service ID; null while it waits to be sent. */
  id: string | null;
}

/** What a number names on this computer. */
export type NumberAnswer =
  | { kind: 'open'; match: NumberMatch }
  /** `chip` is the number as a chip; `matches` lists the animal with that ID first. */
  | { kind: 'choose'; chip: string; matches: NumberMatch[] }
  /** No animal here has the chip or the ID; the ID may still be the service's. */
  | { kind: 'unknown'; chip: string; id: string | null };

/** The answer from what was found: pure, so the rule is read in one place. */
function answerFor(
  chip: string,
  id: string | null,
  byId: NumberMatch | null,
  byChip: readonly NumberMatch[],
): NumberAnswer {
  // The animal whose ID it is may have its own number as its chip: one animal, not two.
  const others = byChip.filter((match) => byId === null || keyOf(match) !== keyOf(byId));
  const matches = byId === null ? others : [byId, ...others];
  const [only] = matches;
  if (only === undefined) return { kind: 'unknown', chip, id };
  if (matches.length === 1) return { kind: 'open', match: only };
  return { kind: 'choose', chip, matches };
}

function keyOf(match: NumberMatch): string | null {
  return match.row?.key ?? match.id;
}

/**
 * What `typed` (digits as scanned or typed, spaces and dashes allowed) names
 * in `db`: the cached animal with that ID and every animal whose record has
 * that chip, sent, waiting or held.
 */
export async function lookUpNumber(db: KennelDb, typed: string): Promise<NumberAnswer> {
  const chip = normaliseChip(typed);
  const parsed = parseAnimalId(chip);
  const id = parsed.ok ? parsed.id : null;
  const row = id === null ? undefined : await findCachedPet(db, id);
  const byId: NumberMatch | null = row === undefined ? null : { by: 'id', row, id: row.id };
  const byChip: NumberMatch[] = [];
  for (const record of await recordsWithChip(db, chip)) {
    const holder = (await findCachedPet(db, record.key)) ?? null;
    // A waiting animal's record without its row is an animal taken back: nothing to open.
    if (holder === null && record.key.startsWith('local:')) continue;
    byChip.push({ by: 'chip', row: holder, id: holder === null ? record.key : holder.id });
  }
  return answerFor(chip, id, byId, byChip);
}

/**
 * The shift sheet: what one desk did today and what it leaves for the next
 * shift, read once when the sheet is printed. "Today" is this computer's
 * calendar day. Each list is read by an index (`typedAt`, `cardDue`, the
 * outbox's `seq`) and cut at {@link SHEET_LINES}, so a day with a large
 * import still prints a sheet, not a book: the sheet says how many more.
 */
import type { CachedPet, KennelDb, OutboxEntry } from '../data/db';
import { isHeld } from '../data/hold';
import type { IntakeType, LocalDay, Outcome } from '../data/intake-record';
import { readAllRecords } from '../data/records';
import { isCachedPet, isOutboxEntry } from '../data/row-checks';
import { startOfLocalDay, startOfNextLocalDay } from '../format/clock';
import { addDays, localDayOf } from '../records/local-day';
import { intakeToday, recordDay } from './record-day';

/** The most lines one part of the sheet lists; the rest are counted. */
const SHEET_LINES = 200;

/** An animal as the sheet names it: its ID, or null while the service has not given one. */
export interface SheetAnimal {
  key: string;
  name: string;
  id: string | null;
}

interface SheetIntake extends SheetAnimal {
  type: IntakeType | null;
  /** When it came in or was typed (epoch ms); null when neither is known. */
  at: number | null;
}

/** An animal still on this computer only: waiting, held (hold or correction), or needing staff. */
export interface SheetWaiting {
  key: string;
  name: string;
  typedAt: number;
  state: 'waiting' | 'held' | 'refused' | 'unknown';
}

interface SheetHold extends SheetAnimal {
  kennel: string | null;
}

interface SheetOutcome extends SheetAnimal {
  outcome: Outcome;
}

/** A list cut at {@link SHEET_LINES}, with how many it left out. */
interface SheetPart<T> {
  lines: T[];
  more: number;
}

export interface ShiftSheet {
  today: LocalDay;
  tomorrow: LocalDay;
  printedAt: number;
  intake: SheetPart<SheetIntake>;
  /** Waiting or held: they go on their own. */
  waiting: SheetPart<SheetWaiting>;
  /** Refused, or not known to be sent: they wait for staff. */
  attention: SheetPart<SheetWaiting>;
  /** Damaged rows set aside on this computer (Settings, Storage). */
  setAside: number;
  cardsDue: SheetPart<SheetAnimal>;
  holdsToday: SheetHold[];
  holdsTomorrow: SheetHold[];
  outcomes: SheetOutcome[];
}

function cut<T>(lines: T[], total = lines.length): SheetPart<T> {
  return { lines: lines.slice(0, SHEET_LINES), more: Math.max(0, total - SHEET_LINES) };
}

const byName = <T extends { name: string }>(a: T, b: T): number => a.name.localeCompare(b.name);

function waitingLine(entry: OutboxEntry, now: number): SheetWaiting {
  let state: SheetWaiting['state'] = 'waiting';
  if (entry.state === 'needs-attention')
    state = entry.candidates === undefined ? 'refused' : 'unknown';
  else if (entry.state === 'queued' && isHeld(entry, now)) state = 'held';
  return { key: entry.localKey, name: entry.payload.name, typedAt: entry.createdAt, state };
}

/** The sheet for the day of `now`, from a profile's database and its intake records. */
export async function readShiftSheet(db: KennelDb, now: number): Promise<ShiftSheet> {
  const dayStart = startOfLocalDay(now);
  const dayEnd = startOfNextLocalDay(now);
  const [records, typedRows, outboxRows, dueRows, dueTotal, setAside] = await Promise.all([
    readAllRecords(db),
    db.pets.where('typedAt').between(dayStart, dayEnd, true, false).toArray(),
    // The outbox is what this desk has not sent: small, unless an import waits whole.
    db.outbox.orderBy('seq').toArray(),
    db.pets.where('cardDue').equals(1).limit(SHEET_LINES).toArray(),
    db.pets.where('cardDue').equals(1).count(),
    db.quarantine.count(),
  ]);
  const typed = (typedRows as unknown[]).filter(isCachedPet);
  const entries = (outboxRows as unknown[]).filter(isOutboxEntry);
  const day = recordDay(records, [], now);
  const came = intakeToday(
    records,
    typed.map((pet) => pet.key),
    now,
  );

  // Every animal a line names, read by key once.
  const known = new Map<string, CachedPet>(typed.map((pet) => [pet.key, pet]));
  const wanted = [
    ...came.map((line) => line.key),
    ...day.holdsToday.map((line) => line.key),
    ...day.holdsTomorrow.map((line) => line.key),
    ...day.outcomesToday.map((line) => line.key),
  ].filter((key) => !known.has(key));
  const read = wanted.length === 0 ? [] : await db.pets.bulkGet([...new Set(wanted)]);
  for (const row of read as unknown[]) if (isCachedPet(row)) known.set(row.key, row);
  const animal = (key: string): SheetAnimal | null => {
    const pet = known.get(key);
    return pet === undefined ? null : { key, name: pet.name, id: pet.id };
  };
  const named = <L extends { key: string }, T>(lines: readonly L[], more: (line: L) => T) =>
    lines
      .flatMap((line) => {
        const found = animal(line.key);
        return found === null ? [] : [{ ...found, ...more(line) }];
      })
      .sort(byName);

  const intake = came
    .flatMap((line): SheetIntake[] => {
      const found = animal(line.key);
      const at = line.at ?? known.get(line.key)?.typedAt ?? null;
      return found === null ? [] : [{ ...found, type: line.type, at }];
    })
    .sort((a, b) => (a.at ?? 0) - (b.at ?? 0) || byName(a, b));
  const lines = entries.map((entry) => waitingLine(entry, now));
  const today = localDayOf(now);
  return {
    today,
    tomorrow: addDays(today, 1),
    printedAt: now,
    intake: cut(intake),
    waiting: cut(lines.filter((l) => l.state === 'waiting' || l.state === 'held')),
    attention: cut(lines.filter((l) => l.state === 'refused' || l.state === 'unknown')),
    setAside,
    cardsDue: cut(
      (dueRows as unknown[])
        .filter(isCachedPet)
        .map((pet) => ({ key: pet.key, name: pet.name, id: pet.id }))
        .sort(byName),
      dueTotal,
    ),
    holdsToday: named(day.holdsToday, (line) => ({ kennel: line.kennel })),
    holdsTomorrow: named(day.holdsTomorrow, (line) => ({ kennel: line.kennel })),
    outcomes: named(day.outcomesToday, (line) => ({ outcome: line.outcome })),
  };
}

/**
 * The Overview's day from the intake records kept on this computer: today's
 * intake by how each animal came in, the stray holds that end today and
 * tomorrow, and the outcomes of today. No clock is read here; every function
 * is told what "now" is.
 */
import {
  INTAKE_TYPES,
  type IntakeRecord,
  type IntakeType,
  type Outcome,
} from '../data/intake-record';
import { startOfLocalDay, startOfNextLocalDay } from '../format/clock';
import { addDays, localDayOf } from '../records/local-day';

/** How many of today's animals came in one way; `type` null: nobody recorded how. */
interface IntakeTypeCount {
  type: IntakeType | null;
  count: number;
}

/** An animal whose hold ends, or whose outcome came, on the day asked about. */
export interface RecordLine {
  key: string;
  kennel: string | null;
}

interface OutcomeLine {
  key: string;
  outcome: Outcome;
}

export interface RecordDay {
  /** The ways in with at least one animal today, in the intake sheet's order, "not recorded" last. */
  intake: IntakeTypeCount[];
  holdsToday: RecordLine[];
  holdsTomorrow: RecordLine[];
  outcomesToday: OutcomeLine[];
}

/** One animal that came in today, and how (null: nobody recorded how). */
export interface IntakeToday {
  key: string;
  type: IntakeType | null;
  /** When it came in: its record's intake time, else when it was typed here (absent then). */
  at?: number;
}

/**
 * The animals that came in on the day of `now`. An animal came in today when
 * its record says so (`intakeAt`), or, when its record gives no intake time,
 * when it was typed or imported here today (`typedToday`, the keys of those
 * animals): an animal typed today but recorded as in since last week is last
 * week's.
 */
export function intakeToday(
  records: readonly IntakeRecord[],
  typedToday: readonly string[],
  now: number,
): IntakeToday[] {
  const dayStart = startOfLocalDay(now);
  const dayEnd = startOfNextLocalDay(now);
  const byKey = new Map(records.map((record) => [record.key, record]));
  const lines: IntakeToday[] = [];
  for (const record of records) {
    const at = record.intakeAt;
    if (at !== undefined && at >= dayStart && at < dayEnd) {
      lines.push({ key: record.key, type: record.intakeType ?? null, at });
    }
  }
  for (const key of new Set(typedToday)) {
    const record = byKey.get(key);
    if (record?.intakeAt === undefined) lines.push({ key, type: record?.intakeType ?? null });
  }
  return lines;
}

/**
 * The day of `now` in `records`: today's intake counted by how it came in
 * (see {@link intakeToday}). A hold is over once the animal has an outcome (a stray its owner claimed
 * holds nobody), so those are left out.
 */
export function recordDay(
  records: readonly IntakeRecord[],
  typedToday: readonly string[],
  now: number,
): RecordDay {
  const today = localDayOf(now);
  const tomorrow = addDays(today, 1);

  const counts = new Map<IntakeType | null, number>();
  for (const { type } of intakeToday(records, typedToday, now)) {
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const intake = [...INTAKE_TYPES, null]
    .map((type) => ({ type, count: counts.get(type) ?? 0 }))
    .filter((line) => line.count > 0);

  const holdsEnding = (day: string): RecordLine[] =>
    records
      .filter((record) => record.holdUntil === day && record.outcome === undefined)
      .map((record) => ({ key: record.key, kennel: kennelOf(record) }));
  const outcomesToday = records.flatMap((record) =>
    record.outcome !== undefined && record.outcomeOn === today
      ? [{ key: record.key, outcome: record.outcome }]
      : [],
  );
  return {
    intake,
    holdsToday: holdsEnding(today),
    holdsTomorrow: holdsEnding(tomorrow),
    outcomesToday,
  };
}

function kennelOf(record: IntakeRecord): string | null {
  const kennel = record.kennel?.trim() ?? '';
  return kennel === '' ? null : kennel;
}

/** The keys of every animal a line of `day` names, for reading their names. */
export function namedKeys(day: RecordDay): string[] {
  const lines = [...day.holdsToday, ...day.holdsTomorrow, ...day.outcomesToday];
  return [...new Set(lines.map((line) => line.key))].sort();
}

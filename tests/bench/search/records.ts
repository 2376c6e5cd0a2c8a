import { loadRendererModule } from '../lib/load-renderer-module';

/** The slices of the app's record modules the seeding and the expected lists use. */
export interface RecordModules {
  /** `src/records/chip.ts`: a chip as the form stores it. */
  normaliseChip: (text: string) => string;
  /** `src/data/record-checks.ts`: what the app would refuse to read back. */
  recordProblem: (row: unknown) => string | null;
  /** `src/catalogue/record-match.ts`: what the index is fed from the records. */
  recordFacts: (records: readonly object[]) => object;
}

export async function loadRecordModules(): Promise<RecordModules> {
  const chip = await loadRendererModule<Pick<RecordModules, 'normaliseChip'>>(
    'src/records/chip.ts',
    ['normaliseChip'],
  );
  const checks = await loadRendererModule<Pick<RecordModules, 'recordProblem'>>(
    'src/data/record-checks.ts',
    ['recordProblem'],
  );
  const facts = await loadRendererModule<Pick<RecordModules, 'recordFacts'>>(
    'src/catalogue/record-match.ts',
    ['recordFacts'],
  );
  return { ...chip, ...checks, ...facts };
}

/** What each seeded record holds, for the results file. */
export const BENCH_RECORD =
  'a 15-digit chip, a kennel (one of 48 names), sex, how and when it came in; an outcome on one in 7';

const KENNEL_ROOMS = ['Dogs', 'Cats', 'Puppies', 'Small animals'] as const;
const SEXES = ['female', 'male', 'unknown'] as const;
const INTAKE_TYPES = ['stray', 'surrender', 'transfer-in', 'return'] as const;
const OUTCOMES = ['adopted', 'returned-to-owner', 'transferred-out'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "Dogs B3": a room, a row letter and a pen number, 48 kennels in all. */
function kennelName(i: number): string {
  const room = KENNEL_ROOMS[i % KENNEL_ROOMS.length] as string;
  const pen = Math.floor(i / KENNEL_ROOMS.length) % 12;
  return `${room} ${'ABC'[pen % 3] ?? 'A'}${1 + Math.floor(pen / 3)}`;
}

/** The chip of the `i`th bench animal, as a scanner reads it (grouped in threes). */
export function benchChip(i: number): string {
  return `985 141 ${String(i)
    .padStart(9, '0')
    .replace(/(\d{3})(?=\d)/g, '$1 ')}`;
}

/** The kennel the `i`th bench animal is housed in. */
export function benchKennel(i: number): string {
  return kennelName(i);
}

/**
 * One intake record for each bench row, as the app stores it: the chip
 * normalised by the app's own function, each row checked by the app's own
 * read-back check, so a record the app would not read fails the run here.
 */
export function benchRecords(mods: RecordModules, rows: readonly object[]): object[] {
  const now = Date.now();
  return rows.map((row, i) => {
    const key = (row as { key: string }).key;
    const record: Record<string, unknown> = {
      key,
      chip: mods.normaliseChip(benchChip(i)),
      kennel: kennelName(i),
      sex: SEXES[i % SEXES.length],
      intakeType: INTAKE_TYPES[i % INTAKE_TYPES.length],
      intakeAt: now - (i % 30) * DAY_MS,
      updatedAt: now,
    };
    if (i % 7 === 3) {
      record.outcome = OUTCOMES[i % OUTCOMES.length];
      record.outcomeOn = new Date(now - (i % 20) * DAY_MS).toISOString().slice(0, 10);
    }
    const problem = mods.recordProblem(record);
    if (problem !== null) throw new Error(`bench record ${key} would not be read: ${problem}`);
    return record;
  });
}

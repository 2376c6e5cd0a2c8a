/**
 * Two desks' records of one animal, merged (a desk file added to this desk):
 * what only one side wrote is kept; where both wrote something different,
 * the newer record's value is taken unless staff pick the other, and the
 * difference is listed for them. Fields that only make sense together (a
 * birth date and whether it is estimated, an outcome and its day) are one
 * choice. An animal's litter is kept, never asked about.
 */
import type { IntakeRecord, RecordFields } from '../data/intake-record';

/** One choice staff can make: a field, or fields that go together. */
const RECORD_PARTS = {
  chip: ['chip'],
  sex: ['sex'],
  neutered: ['neutered'],
  birth: ['birthDate', 'birthEstimated'],
  breed: ['breed'],
  colour: ['colour'],
  intakeType: ['intakeType'],
  intakeAt: ['intakeAt'],
  foundAt: ['foundAt'],
  kennel: ['kennel'],
  holdUntil: ['holdUntil'],
  notes: ['notes'],
  outcome: ['outcome', 'outcomeOn'],
} as const satisfies Record<string, readonly (keyof RecordFields)[]>;

export type RecordPart = keyof typeof RECORD_PARTS | 'photo';

/** Whose value a part takes. */
export type Side = 'desk' | 'file';

/** A part both desks wrote differently. */
export interface PartConflict {
  key: string;
  part: RecordPart;
  desk: IntakeRecord;
  file: IntakeRecord;
  /** The newer record's side, taken unless staff pick the other. */
  newer: Side;
}

function partOf(record: IntakeRecord, fields: readonly (keyof RecordFields)[]): string {
  return JSON.stringify(fields.map((field) => record[field] ?? null));
}

function isEmpty(record: IntakeRecord, fields: readonly (keyof RecordFields)[]): boolean {
  return fields.every((field) => record[field] === undefined);
}

/** Where `desk` and `file` differ and each wrote something (the photo by `photos`: sizes, or null for none). */
export function conflictsOf(
  desk: IntakeRecord,
  file: IntakeRecord,
  photos: { desk: number | null; file: number | null },
): PartConflict[] {
  const newer: Side = file.updatedAt > desk.updatedAt ? 'file' : 'desk';
  const conflicts: PartConflict[] = [];
  for (const [part, fields] of Object.entries(RECORD_PARTS) as [
    RecordPart,
    readonly (keyof RecordFields)[],
  ][]) {
    if (isEmpty(desk, fields) || isEmpty(file, fields)) continue;
    if (partOf(desk, fields) !== partOf(file, fields)) {
      conflicts.push({ key: desk.key, part, desk, file, newer });
    }
  }
  if (photos.desk !== null && photos.file !== null && photos.desk !== photos.file) {
    conflicts.push({ key: desk.key, part: 'photo', desk, file, newer });
  }
  return conflicts;
}

/**
 * The merged record, and whether its photo comes from the file. `pick` says
 * whose value a conflicting part takes; a part only one side wrote is kept.
 */
export function mergeRecords(
  desk: IntakeRecord,
  file: IntakeRecord,
  photos: { desk: number | null; file: number | null },
  pick: (part: RecordPart) => Side,
): { record: IntakeRecord; photoFromFile: boolean } {
  const record: IntakeRecord = {
    key: desk.key,
    updatedAt: Math.max(desk.updatedAt, file.updatedAt),
  };
  for (const [part, fields] of Object.entries(RECORD_PARTS) as [
    RecordPart,
    readonly (keyof RecordFields)[],
  ][]) {
    const fromFile = isEmpty(desk, fields) || (!isEmpty(file, fields) && pick(part) === 'file');
    const source = fromFile ? file : desk;
    for (const field of fields) {
      if (source[field] !== undefined) Object.assign(record, { [field]: source[field] });
    }
  }
  const photoFromFile =
    photos.file !== null &&
    (photos.desk === null || (photos.desk !== photos.file && pick('photo') === 'file'));
  if (photos.desk !== null || photoFromFile) record.hasPhoto = 1;
  // A litter is how animals were added together at one desk, not something
  // to choose between: this desk's is kept, the file's taken when it has none.
  const litter = desk.litter ?? file.litter;
  if (litter !== undefined) record.litter = litter;
  return { record, photoFromFile };
}

/**
 * Shape checks for intake records read back from IndexedDB (see
 * `row-checks.ts` for why rows are checked at all).
 */
import { INTAKE_TYPES, NEUTERED, OUTCOMES, SEXES, type IntakeRecord } from './intake-record';
import { isRecord } from './row-checks';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_FIELDS = ['chip', 'breed', 'colour', 'foundAt', 'kennel', 'notes'] as const;
const DAY_FIELDS = ['birthDate', 'holdUntil', 'outcomeOn'] as const;
const CHOICES: [keyof IntakeRecord, readonly string[]][] = [
  ['sex', SEXES],
  ['neutered', NEUTERED],
  ['intakeType', INTAKE_TYPES],
  ['outcome', OUTCOMES],
];

/** What is wrong with a `records` row, or null when it is a valid {@link IntakeRecord}. */
export function recordProblem(row: unknown): string | null {
  if (!isRecord(row)) return 'not an object';
  if (typeof row.key !== 'string' || row.key === '') return 'key is missing';
  if (typeof row.updatedAt !== 'number' || !Number.isFinite(row.updatedAt)) {
    return 'updatedAt is not a number';
  }
  for (const field of TEXT_FIELDS) {
    if (row[field] !== undefined && typeof row[field] !== 'string') return `${field} is not text`;
  }
  for (const field of DAY_FIELDS) {
    const value = row[field];
    if (value !== undefined && (typeof value !== 'string' || !DAY.test(value))) {
      return `${field} is not a day`;
    }
  }
  for (const [field, allowed] of CHOICES) {
    const value = row[field];
    if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
      return `${field} is not one of its choices`;
    }
  }
  if (
    row.intakeAt !== undefined &&
    (typeof row.intakeAt !== 'number' || !Number.isFinite(row.intakeAt))
  ) {
    return 'intakeAt is not a number';
  }
  if (row.birthEstimated !== undefined && row.birthEstimated !== true)
    return 'birthEstimated is not true';
  if (row.hasPhoto !== undefined && row.hasPhoto !== 1) return 'hasPhoto is not 1';
  if (row.litter !== undefined && !isLitterPlace(row.litter)) return 'litter is not a place in one';
  return null;
}

function isLitterPlace(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    typeof value.place === 'number' &&
    Number.isSafeInteger(value.place) &&
    value.place >= 1
  );
}

/**
 * Which column of the spreadsheet holds the name, the category and the
 * status, and which hold the intake record's fields (microchip, sex...).
 * Headings are recognised whatever their case ("NAME", "Species", "Estado",
 * "Chip No."; `headings.ts`); without headings the first three columns are
 * taken as name, category and status, and no record column is guessed.
 * Either way the user can change it before anything is added.
 */
import { t } from '../i18n';
import { ANIMAL_FIELDS, headingFields, type AnimalField, type ImportField } from './headings';
import { RECORD_COLUMNS, type RecordColumn } from './record-columns';

/** The animal's fields a column can hold (the service keeps these). */
export const IMPORT_FIELDS = ANIMAL_FIELDS;

/**
 * The column (0-based) each field is read from; null when none is. The
 * animal's three are always there; a record column is there once guessed or chosen.
 */
export type ColumnMapping = Record<AnimalField, number | null> &
  Partial<Record<RecordColumn, number | null>>;

/** What {@link detectMapping} found. */
export interface DetectedMapping {
  /** True when the first row is headings, not an animal. */
  hasHeader: boolean;
  mapping: ColumnMapping;
}

/** Every field a mapping can name, the animal's first. */
const ALL_FIELDS: readonly ImportField[] = [...ANIMAL_FIELDS, ...RECORD_COLUMNS];

/**
 * True when any cell of `row` is a heading Kennel knows. When none is, the
 * row may be headings in other words ("Animal ID", "Breed") or the first
 * animal, and only the user can say which.
 */
export function hasKnownHeading(row: readonly string[]): boolean {
  return row.some((cell) => headingFields(cell).length > 0);
}

/** How many columns the widest of `rows` has. */
export function columnCount(rows: readonly (readonly string[])[]): number {
  return rows.reduce((widest, row) => Math.max(widest, row.length), 0);
}

/**
 * Guesses headings and columns. The first row is headings when any of its
 * cells is a known heading; each field takes the first column headed for it.
 * A heading that may name two fields ("Type": a category, or how the animal
 * came in) gives way to the headings that name one, then takes the first of
 * its fields still free: beside "Species" it is how the animal came in.
 */
export function detectMapping(rows: readonly (readonly string[])[]): DetectedMapping {
  const first = rows[0] ?? [];
  const mapping: ColumnMapping = { name: null, category: null, status: null };
  const taken = (field: ImportField): boolean => (mapping[field] ?? null) !== null;
  const candidates = first.map((cell) => headingFields(cell));
  for (const single of [true, false]) {
    candidates.forEach((fields, column) => {
      if (fields.length === 0 || (fields.length === 1) !== single) return;
      const field = fields.find((f) => !taken(f));
      if (field !== undefined) mapping[field] = column;
    });
  }
  if (ALL_FIELDS.some(taken)) return { hasHeader: true, mapping };
  const columns = columnCount(rows);
  return {
    hasHeader: false,
    mapping: {
      name: columns > 0 ? 0 : null,
      category: columns > 1 ? 1 : null,
      status: columns > 2 ? 2 : null,
    },
  };
}

/** The columns `mapping` reads, each once. */
function usedColumns(mapping: ColumnMapping): Set<number> {
  const used = new Set<number>();
  for (const field of ALL_FIELDS) {
    const column = mapping[field];
    if (column !== undefined && column !== null) used.add(column);
  }
  return used;
}

/**
 * The columns that hold something (a heading or any cell) and that `mapping`
 * does not read, in order: what the import leaves out, to be named, never
 * dropped without a word.
 */
export function unusedColumns(
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
): number[] {
  const used = usedColumns(mapping);
  const unused: number[] = [];
  for (let column = 0; column < columnCount(rows); column++) {
    if (used.has(column)) continue;
    if (rows.some((row) => (row[column] ?? '').trim() !== '')) unused.push(column);
  }
  return unused;
}

/** The name of column `column` as staff see it: its heading, or "Column 3". */
export function columnTitle(
  rows: readonly (readonly string[])[],
  hasHeader: boolean,
  column: number,
): string {
  const heading = hasHeader ? rows[0]?.[column]?.trim() : '';
  return heading ? heading : t('import.mapping.column', { n: column + 1 });
}

/**
 * What is missing for the mapping to make animals, in words, or null. Name and
 * category are needed; status is optional (left unset).
 */
export function mappingProblem(mapping: ColumnMapping): string | null {
  if (mapping.name === null && mapping.category === null) {
    return t('import.mapping.problem.none');
  }
  if (mapping.name === null) return t('import.mapping.problem.name');
  if (mapping.category === null) return t('import.mapping.problem.category');
  return null;
}

/**
 * Which column of the spreadsheet holds the name, the category and the
 * status. Headings are recognised whatever their case ("NAME", "Species",
 * "Estado"); without headings the first three columns are taken in that
 * order. Either way the user can change it before anything is added.
 */
import { foldText } from '../text/fold';
import { t } from '../i18n';

/** The animal's fields a column can hold. */
export const IMPORT_FIELDS = ['name', 'category', 'status'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The column (0-based) each field is read from; null when none is. */
export type ColumnMapping = Record<ImportField, number | null>;

/** What {@link detectMapping} found. */
export interface DetectedMapping {
  /** True when the first row is headings, not an animal. */
  hasHeader: boolean;
  mapping: ColumnMapping;
}

// Folded headings staff are likely to use, in English and Spanish (accents and
// case are folded away, so "Categoría" and "CATEGORIA" both match).
const HEADINGS: Record<ImportField, readonly string[]> = {
  name: [
    'name',
    'animal',
    'animal name',
    'pet',
    'pet name',
    'nombre',
    'nombre del animal',
    'mascota',
    'nombre de la mascota',
  ],
  category: [
    'category',
    'category id',
    'categoryid',
    'category name',
    'species',
    'type',
    'kind',
    'categoria',
    'numero de categoria',
    'id de categoria',
    'especie',
    'tipo',
    'tipo de animal',
  ],
  status: ['status', 'state', 'estado', 'situacion', 'estatus'],
};

function headingField(cell: string): ImportField | null {
  const folded = foldText(cell).replace(/[_-]+/g, ' ');
  for (const field of IMPORT_FIELDS) {
    if (HEADINGS[field].includes(folded)) return field;
  }
  return null;
}

/**
 * True when any cell of `row` is a heading Kennel knows. When none is, the
 * row may be headings in other words ("Animal ID", "Breed") or the first
 * animal, and only the user can say which.
 */
export function hasKnownHeading(row: readonly string[]): boolean {
  return row.some((cell) => headingField(cell) !== null);
}

/** How many columns the widest of `rows` has. */
export function columnCount(rows: readonly (readonly string[])[]): number {
  return rows.reduce((widest, row) => Math.max(widest, row.length), 0);
}

/**
 * Guesses headings and columns. The first row is headings when any of its
 * cells is a known heading; each field takes the first column headed for it.
 */
export function detectMapping(rows: readonly (readonly string[])[]): DetectedMapping {
  const first = rows[0] ?? [];
  const mapping: ColumnMapping = { name: null, category: null, status: null };
  first.forEach((cell, column) => {
    const field = headingField(cell);
    if (field !== null && mapping[field] === null) mapping[field] = column;
  });
  if (IMPORT_FIELDS.some((field) => mapping[field] !== null)) return { hasHeader: true, mapping };
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

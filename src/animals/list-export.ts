/**
 * The animals list as a spreadsheet: one row per animal with its Name, ID,
 * Category (as the list writes it) and Status (in the shelter's words),
 * headed in the app's language. Used by the CSV and Excel exports and by the
 * printed list, so the three always say the same. The CSV writer is in
 * `list-csv.ts`, fetched with the export, so papaparse stays out of the first load.
 */
import type { ProfileName } from '../../electron/contract';
import { categoryNumber } from '../data/category-list';
import type { CachedPet } from '../data/db';
import { t } from '../i18n';
import { statusName } from './status-name';

/** The file types the list is exported as. */
export type ExportFormat = 'csv' | 'xlsx';

/** One animal as the exported list writes it: every cell is text. */
export interface ExportRow {
  name: string;
  /** The service's id as a decimal string (never a Number), or "Waiting to be sent". */
  id: string;
  category: string;
  status: string;
}

/** The profile's name for a category number, when it has one. */
export type CategoryNamer = (categoryId: string) => string | undefined;

/** "Dog (2)" when the profile names the number, else "Category 17": as the list shows it. */
function categoryText(categoryId: string, nameOf: CategoryNamer): string {
  const number = categoryNumber(categoryId) ?? categoryId;
  const name = nameOf(categoryId);
  return name === undefined
    ? t('animals.table.categoryOnly', { n: number })
    : `${name} (${number})`;
}

/** The animals as the exported list writes them, in the order given. */
export function exportRows(rows: readonly CachedPet[], nameOf: CategoryNamer): ExportRow[] {
  return rows.map((row) => ({
    name: row.name,
    id: row.id ?? t('animals.export.notSent'),
    category: categoryText(row.categoryId, nameOf),
    status: statusName(row.status),
  }));
}

/** The columns, in order. */
export const COLUMNS = ['name', 'id', 'category', 'status'] as const;

/** The headings, in the app's language: Name, ID, Category, Status. */
export function exportHeadings(): string[] {
  return COLUMNS.map((key) => t(`animals.table.${key}`));
}

/** A text cell of the sheet (an id stays text: it can exceed what a number holds exactly). */
export interface TextCell {
  type: StringConstructor;
  value: string;
  fontWeight?: 'bold';
}

/** The list as the Excel sheet's rows: bold headings, then every cell as text. */
export function listSheet(rows: readonly ExportRow[]): TextCell[][] {
  return [
    exportHeadings().map((value) => ({ type: String, value, fontWeight: 'bold' as const })),
    ...rows.map((row) => COLUMNS.map((k) => ({ type: String, value: row[k] }))),
  ];
}

/** The local date as YYYY-MM-DD. */
function localDay(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "kennel-local-animals-2026-11-26.csv": the profile and the local date. */
export function exportFileName(profile: ProfileName, format: ExportFormat, now: Date): string {
  return `kennel-${profile}-animals-${localDay(now)}.${format}`;
}

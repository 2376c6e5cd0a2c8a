/**
 * The animals list as a spreadsheet: one row per animal with its Name, ID,
 * Category (as the list writes it) and Status (in the shelter's words), then
 * its intake record, every field but the photo (`records/record-sheet.ts`),
 * headed in the app's language. Used by the CSV and Excel exports and by the
 * printed list, so the three always say the same. The CSV writer is in
 * `list-csv.ts`, fetched with the export, so papaparse stays out of the first load.
 */
import type { ProfileName } from '../../electron/contract/profiles';
import { categoryNumber } from '../data/category-list';
import type { CachedPet } from '../data/db';
import type { IntakeRecord } from '../data/intake-record';
import { t } from '../i18n';
import {
  sheetCells,
  sheetHeading,
  SHEET_COLUMNS,
  type SheetCells,
  type SheetColumn,
} from '../records/record-sheet';
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
  /** The intake record's cells; every one empty for an animal without a record. */
  record: SheetCells;
}

/** The intake record of the animal with key `key`, when it has one. */
export type RecordOf = (key: string) => IntakeRecord | undefined;

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

/** The animals as the exported list writes them, in the order given, each with its record. */
export function exportRows(
  rows: readonly CachedPet[],
  nameOf: CategoryNamer,
  recordOf: RecordOf = () => undefined,
): ExportRow[] {
  return rows.map((row) => ({
    name: row.name,
    id: row.id ?? t('animals.export.notSent'),
    category: categoryText(row.categoryId, nameOf),
    status: statusName(row.status),
    record: sheetCells(recordOf(row.key)),
  }));
}

/** The service's columns, in order; the record's follow them. */
const COLUMNS = ['name', 'id', 'category', 'status'] as const;

/** The service's headings, in the app's language: Name, ID, Category, Status. */
export function serviceHeadings(): string[] {
  return COLUMNS.map((key) => t(`animals.table.${key}`));
}

/** Every heading, in the app's language: Name, ID, Category, Status, Microchip, Sex… */
export function exportHeadings(): string[] {
  return [...serviceHeadings(), ...SHEET_COLUMNS.map(sheetHeading)];
}

/** Every cell of `row` as text, in the order of {@link exportHeadings}. */
export function exportCells(row: ExportRow): string[] {
  return [...COLUMNS.map((k) => row[k]), ...SHEET_COLUMNS.map((k) => row.record[k])];
}

/** A text cell of the sheet (an id or a chip stays text: a number would round it). */
export interface TextCell {
  type: StringConstructor;
  value: string;
  fontWeight?: 'bold';
}

/** A date cell of the sheet, shown as the CSV writes it, so a spreadsheet sorts and counts by it. */
export interface DateCell {
  type: DateConstructor;
  value: Date;
  format: string;
}

/** The record's columns written as dates in a workbook, and how each shows. */
const DATE_FORMATS: Partial<Record<SheetColumn, string>> = {
  birthDate: 'yyyy-mm-dd',
  intakeAt: 'yyyy-mm-dd hh:mm',
  holdUntil: 'yyyy-mm-dd',
  outcomeOn: 'yyyy-mm-dd',
};

const SHEET_DAY = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

/**
 * A record's day or intake time as a workbook date. A workbook's dates have
 * no time zone: the day and the clock time are written as they read here
 * (as UTC, which the writer takes as they are).
 */
function sheetCell(column: SheetColumn, text: string): TextCell | DateCell | null {
  // A field not recorded is an empty cell, not a cell of empty text.
  if (text === '') return null;
  const format = DATE_FORMATS[column];
  const match = format === undefined ? null : SHEET_DAY.exec(text);
  if (format === undefined || match === null) return { type: String, value: text };
  const [y, m, d, hh, mm] = match.slice(1).map((part) => Number(part ?? 0));
  return { type: Date, value: new Date(Date.UTC(y!, m! - 1, d, hh, mm)), format };
}

/**
 * The list as the Excel sheet's rows: bold headings, then every cell as text
 * but the record's dates; a field not recorded is an empty cell (null).
 */
export function listSheet(rows: readonly ExportRow[]): (TextCell | DateCell | null)[][] {
  return [
    exportHeadings().map((value) => ({ type: String, value, fontWeight: 'bold' as const })),
    ...rows.map((row) => [
      ...COLUMNS.map((k) => ({ type: String, value: row[k] })),
      ...SHEET_COLUMNS.map((k) => sheetCell(k, row.record[k])),
    ]),
  ];
}

/** The sheet's column widths, in characters. */
export const SHEET_WIDTHS: readonly number[] = [
  30, 22, 24, 20, 18, 10, 10, 14, 12, 22, 22, 20, 18, 26, 14, 16, 40, 18, 14,
];

/** The local date as YYYY-MM-DD. */
function localDay(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "kennel-local-animals-2026-11-26.csv": the profile and the local date. */
export function exportFileName(profile: ProfileName, format: ExportFormat, now: Date): string {
  return `kennel-${profile}-animals-${localDay(now)}.${format}`;
}

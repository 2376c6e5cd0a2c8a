/**
 * The intake record as columns of a spreadsheet: the headings and the cells
 * the list's export writes (CSV, Excel, the print) in the language in use,
 * the photo left out. Days are written `YYYY-MM-DD` and the intake to the
 * minute (`YYYY-MM-DD HH:mm`, this computer's clock): every spreadsheet reads
 * them as dates whatever its language, and the import reads them back.
 */
import type { IntakeRecord } from '../data/intake-record';
import { t } from '../i18n';
import { intakeTimeText } from './local-day';

/** The record's columns in a sheet, in order. */
export const SHEET_COLUMNS = [
  'chip',
  'sex',
  'neutered',
  'birthDate',
  'birthEstimated',
  'breed',
  'colour',
  'intakeType',
  'intakeAt',
  'foundAt',
  'kennel',
  'holdUntil',
  'notes',
  'outcome',
  'outcomeOn',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** A record as a sheet's cells: '' for a field not recorded. */
export type SheetCells = Record<SheetColumn, string>;

/** The heading of `column` in the language in use: "Microchip", "Sexo". */
export function sheetHeading(column: SheetColumn): string {
  return column === 'birthEstimated'
    ? t('animals.export.birthEstimated')
    : t(`records.fields.${column}`);
}

const choice = (key: string, code: string | undefined): string =>
  code === undefined ? '' : t(`${key}.${code}`);

/** The cells of `record` (none recorded: every cell empty), choices in the language in use. */
export function sheetCells(record: IntakeRecord | undefined): SheetCells {
  const r = record ?? { key: '', updatedAt: 0 };
  let estimated = '';
  if (r.birthDate !== undefined) {
    estimated = t(r.birthEstimated === true ? 'animals.export.yes' : 'animals.export.no');
  }
  return {
    chip: r.chip ?? '',
    sex: choice('records.sex', r.sex),
    neutered: choice('records.neutered', r.neutered),
    birthDate: r.birthDate ?? '',
    birthEstimated: estimated,
    breed: r.breed ?? '',
    colour: r.colour ?? '',
    intakeType: choice('records.intakeType', r.intakeType),
    intakeAt: r.intakeAt === undefined ? '' : intakeTimeText(r.intakeAt).replace('T', ' '),
    foundAt: r.foundAt ?? '',
    kennel: r.kennel ?? '',
    holdUntil: r.holdUntil ?? '',
    notes: r.notes ?? '',
    outcome: choice('records.outcome', r.outcome),
    outcomeOn: r.outcomeOn ?? '',
  };
}

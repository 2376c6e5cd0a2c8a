import Papa from 'papaparse';
import { leftRowsCsv } from '../../../../src/import/left-rows';
import type { CheckedRow } from '../../../../src/import/rows';

/** The reason a row was not added, read from its line of the file of left rows. */
export function rowReason(row: CheckedRow): string {
  const [, line] = Papa.parse<string[]>(leftRowsCsv([row]).replace(/^\uFEFF/, '')).data;
  return line?.at(-1) ?? '';
}

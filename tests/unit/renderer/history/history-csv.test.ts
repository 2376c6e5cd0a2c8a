import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../../src/data/history-event';
import { UTF8_BOM } from '../../../../src/files/csv-writer';
import { formatClock, formatDay } from '../../../../src/format/clock';
import { historyCsv } from '../../../../src/history/history-csv';

const at = new Date(2026, 10, 28, 14, 5, 7).getTime();

function rowsOf(text: string): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(UTF8_BOM.length), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const event = (row: Omit<HistoryEvent, 'key' | 'at' | 'desk'>): HistoryEvent => ({
  key: row.kind,
  at,
  desk: 'Front desk',
  ...row,
});

describe('the History export', () => {
  it('heads its columns in words and writes each act as the view shows it', () => {
    const rows = rowsOf(
      historyCsv([
        event({ kind: 'sent', petKey: 'pet:42', petId: '42', name: 'Zoë', initials: 'MJ' }),
        event({ kind: 'typed', petKey: 'local:1', name: 'Biscuit' }),
        event({ kind: 'imported', batch: 'intake.csv', count: 1200 }),
      ]),
    );

    // The day and time as the app says them elsewhere (this computer's region decides the order).
    const [day, time] = [formatDay(at), formatClock(at)];
    expect(day).toMatch(/November/);
    expect(time).toMatch(/^0?2:05:07|^14:05:07/);
    expect(rows).toEqual([
      ['Day', 'Time', 'What', 'Animal', 'ID', 'Batch or file', 'How many', 'Desk', 'Initials'],
      [day, time, 'Sent', 'Zoë', '42', '', '', 'Front desk', 'MJ'],
      [day, time, 'Typed in', 'Biscuit', 'ID pending', '', '', 'Front desk', ''],
      [day, time, 'Imported', '', '', 'intake.csv', '1,200', 'Front desk', ''],
    ]);
  });

  it('quotes every cell and never lets a name start a formula', () => {
    const text = historyCsv([event({ kind: 'typed', name: '=HYPERLINK("x")' })]);

    expect(rowsOf(text)[1]?.[3]).toBe('\'=HYPERLINK("x")');
    for (const line of text.slice(UTF8_BOM.length).split('\r\n')) expect(line).toMatch(/^".*"$/);
  });
});

describe('a row written before the desk had a name', () => {
  it('names it in the words of the language it is read in, not blank', () => {
    const rows = rowsOf(historyCsv([{ ...event({ kind: 'typed', name: 'Pip' }), desk: '' }]));
    expect(rows[1]?.[7]).toBe('a desk without a name');
  });
});

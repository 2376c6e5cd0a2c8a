import { describe, expect, it } from 'vitest';
import { computerDayOrder, findDayOrder, readDateCell } from '../../../../src/import/cell-dates';

// Midday of 20 May 2025 on this computer's clock.
const NOW = new Date(2025, 4, 20, 12, 0).getTime();

const day = (cell: string, order: 'day-first' | 'month-first' = 'day-first') =>
  readDateCell(cell, order, NOW);

describe('readDateCell', () => {
  it('reads year-first days, with or without a time', () => {
    expect(day('2024-03-15')).toEqual({ day: '2024-03-15', time: null });
    expect(day('2024/3/5')).toEqual({ day: '2024-03-05', time: null });
    expect(day('2024-03-15 14:30')).toEqual({ day: '2024-03-15', time: '14:30' });
    expect(day('2024-03-15T09:05:59')).toEqual({ day: '2024-03-15', time: '09:05' });
  });

  it('reads day-first days with slashes, dots and dashes', () => {
    expect(day('15/03/2024')).toEqual({ day: '2024-03-15', time: null });
    expect(day('5.3.2024')).toEqual({ day: '2024-03-05', time: null });
    expect(day('05-03-2024')).toEqual({ day: '2024-03-05', time: null });
    expect(day('15/03/2024 14:30')).toEqual({ day: '2024-03-15', time: '14:30' });
    expect(day('15/03/2024 2:30 PM')).toEqual({ day: '2024-03-15', time: '14:30' });
    expect(day('15/03/2024 12:10 a.m.')).toEqual({ day: '2024-03-15', time: '00:10' });
  });

  it('reads an ambiguous day in the order given, and one that can be read one way only that way', () => {
    expect(day('04/05/2024', 'day-first')).toEqual({ day: '2024-05-04', time: null });
    expect(day('04/05/2024', 'month-first')).toEqual({ day: '2024-04-05', time: null });
    expect(day('03/15/2024', 'day-first')).toEqual({ day: '2024-03-15', time: null });
    expect(day('15/03/2024', 'month-first')).toEqual({ day: '2024-03-15', time: null });
  });

  it('reads two-digit years as this century unless that is past next year', () => {
    expect(day('15/03/24')).toEqual({ day: '2024-03-15', time: null });
    expect(day('15/03/26')).toEqual({ day: '2026-03-15', time: null });
    expect(day('15/03/27')).toEqual({ day: '1927-03-15', time: null });
  });

  it('reads month names in English and Spanish', () => {
    expect(day('15 Mar 2024')).toEqual({ day: '2024-03-15', time: null });
    expect(day('15-Mar-24')).toEqual({ day: '2024-03-15', time: null });
    expect(day('March 15, 2024')).toEqual({ day: '2024-03-15', time: null });
    expect(day('15 de marzo de 2024')).toEqual({ day: '2024-03-15', time: null });
    expect(day('1 ene 2024')).toEqual({ day: '2024-01-01', time: null });
  });

  it('reads a spreadsheet date serial, with the time its fraction holds', () => {
    // 45366 is 15 March 2024 in every spreadsheet's 1900 calendar.
    expect(day('45366')).toEqual({ day: '2024-03-15', time: null });
    expect(day('45366.75')).toEqual({ day: '2024-03-15', time: '18:00' });
    expect(day('36526')).toEqual({ day: '2000-01-01', time: null });
  });

  it('reads an instant with its zone on this computer’s clock', () => {
    const at = new Date(Date.UTC(2024, 2, 15, 13, 45));
    const pad = (n: number): string => String(n).padStart(2, '0');
    expect(day('2024-03-15T13:45:00Z')).toEqual({
      day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    });
  });

  it('refuses what is no day', () => {
    for (const cell of [
      '31/02/2024',
      '2024-13-01',
      '32/01/2024',
      '15/15/2024',
      'yesterday',
      '15/03',
      '1234',
      '15/03/2024 25:00',
      '15/03/2024 13:00 pm',
      '15 Foo 2024',
      '',
    ]) {
      expect(day(cell), cell).toBeNull();
    }
  });
});

/** What a column of one cell proves: its order, 'ambiguous' (either), or null (nothing). */
function orderEvidence(cell: string): string | null {
  const found = findDayOrder([cell], 'month-first');
  if (found.proven) return found.order;
  return found.ambiguous === null ? null : 'ambiguous';
}

describe('the day order of a column', () => {
  it('says what each cell proves', () => {
    expect(orderEvidence('15/03/2024')).toBe('day-first');
    expect(orderEvidence('03/15/2024')).toBe('month-first');
    expect(orderEvidence('04/05/2024')).toBe('ambiguous');
    expect(orderEvidence('05/05/2024')).toBeNull();
    expect(orderEvidence('2024-03-04')).toBeNull();
    expect(orderEvidence('15 Mar 2024')).toBeNull();
  });

  it('follows a cell with a day over 12, wherever it is in the column', () => {
    const cells = ['04/05/2024', '', '01/02/2024', '25/12/2023', '03/03/2024'];
    expect(findDayOrder(cells, 'month-first')).toEqual({
      order: 'day-first',
      proven: true,
      ambiguous: '04/05/2024',
    });
    expect(findDayOrder(['04/05/2024', '12/25/2023'], 'day-first')).toEqual({
      order: 'month-first',
      proven: true,
      ambiguous: '04/05/2024',
    });
  });

  it('takes the more common proof when cells disagree', () => {
    const cells = ['25/12/2023', '13/01/2024', '01/13/2024'];
    expect(findDayOrder(cells, 'month-first').order).toBe('day-first');
  });

  it('falls back to this computer’s way when nothing proves either', () => {
    expect(findDayOrder(['04/05/2024', '2024-01-01'], 'month-first')).toEqual({
      order: 'month-first',
      proven: false,
      ambiguous: '04/05/2024',
    });
    expect(findDayOrder(['2024-01-01'], 'day-first')).toEqual({
      order: 'day-first',
      proven: false,
      ambiguous: null,
    });
  });

  it('knows how a computer writes dates from its language', () => {
    expect(computerDayOrder('en-US')).toBe('month-first');
    expect(computerDayOrder('en-GB')).toBe('day-first');
    expect(computerDayOrder('es-ES')).toBe('day-first');
    expect(computerDayOrder('es-MX')).toBe('day-first');
  });
});

/**
 * An estimated age as a spreadsheet writes it, turned into the whole years
 * and months the record's rules take: "2", "2.5", "2 years", "6 months",
 * "2y 3m", "1 year and 6 months", "8 weeks", "2 años y 3 meses". Months over
 * eleven carry into years ("18 months" is 1 year 6 months).
 */
import { foldText } from '../text/fold';

/** An age as the rules take it: whole years and months, as text ('' for none). */
export interface CellAge {
  years: string;
  months: string;
}

const UNITS: Record<string, 'years' | 'months' | 'weeks'> = {};
for (const word of ['y', 'yr', 'yrs', 'year', 'years', 'a', 'ano', 'anos']) UNITS[word] = 'years';
for (const word of ['m', 'mo', 'mos', 'mth', 'mths', 'month', 'months', 'mes', 'meses']) {
  UNITS[word] = 'months';
}
for (const word of ['w', 'wk', 'wks', 'week', 'weeks', 'semana', 'semanas']) UNITS[word] = 'weeks';

const PART = /(\d+(?:[.,]\d+)?)\s*([a-z]*)/y;
const JOINER = /[\s,;]*(?:(?:and|y|&)\s+)?/y;
const DAYS_PER_MONTH = 30.44;

/** `cell` as years and months, or null when it is not an age Kennel can read. */
export function readAgeCell(cell: string): CellAge | null {
  const text = foldText(cell).replace(/\.$/, '');
  if (text === '') return { years: '', months: '' };
  let months = 0;
  let at = 0;
  let parts = 0;
  while (at < text.length) {
    PART.lastIndex = at;
    const part = PART.exec(text);
    if (part === null) return null;
    const amount = Number((part[1] ?? '').replace(',', '.'));
    const unit = part[2] === '' && parts === 0 ? 'years' : UNITS[part[2] ?? ''];
    if (unit === undefined) return null;
    if (unit === 'years') months += amount * 12;
    else if (unit === 'months') months += amount;
    else months += (amount * 7) / DAYS_PER_MONTH;
    at = PART.lastIndex;
    JOINER.lastIndex = at;
    if (JOINER.exec(text) !== null) at = JOINER.lastIndex;
    parts++;
  }
  const whole = Math.floor(months + 1e-9);
  return { years: String(Math.floor(whole / 12)), months: String(whole % 12) };
}

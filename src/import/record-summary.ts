/**
 * A row's record in one line of the preview, as Kennel read it: "Microchip:
 * 985141000123456 · Sex: Female · When it came in: 4 May 2024". Dates are in
 * words, so staff see at once whether 04/05/2024 was read as they meant it,
 * and what the rules added (a stray's hold, an outcome's day).
 */
import type { RecordFields } from '../data/intake-record';
import { formatDateTime, formatDay } from '../format/clock';
import { t } from '../i18n';
import { startOfDay } from '../records/local-day';

/** Notes longer than this are cut short in the line. */
const NOTES_SHOWN = 40;

function day(text: string | undefined): string | undefined {
  const start = text === undefined ? null : startOfDay(text);
  return start === null ? undefined : formatDay(start);
}

function time(at: number | undefined): string | undefined {
  if (at === undefined) return undefined;
  const d = new Date(at);
  // A day given without its time reads as the day alone.
  return d.getHours() === 0 && d.getMinutes() === 0 ? formatDay(at) : formatDateTime(at);
}

const word = (key: string, code: string | undefined): string | undefined =>
  code === undefined ? undefined : t(`${key}.${code}`);

/** The record's fields that are set, each with its label, in the record's order. */
export function recordSummary(fields: RecordFields): string {
  const notes =
    fields.notes !== undefined && fields.notes.length > NOTES_SHOWN
      ? `${fields.notes.slice(0, NOTES_SHOWN)}…`
      : fields.notes;
  const born = day(fields.birthDate);
  const parts: [string, string | undefined][] = [
    ['chip', fields.chip],
    ['sex', word('records.sex', fields.sex)],
    ['neutered', word('records.neutered', fields.neutered)],
    [
      'birthDate',
      born !== undefined && fields.birthEstimated === true
        ? t('records.estimated', { age: born })
        : born,
    ],
    ['breed', fields.breed],
    ['colour', fields.colour],
    ['intakeType', word('records.intakeType', fields.intakeType)],
    ['intakeAt', time(fields.intakeAt)],
    ['foundAt', fields.foundAt],
    ['kennel', fields.kennel],
    ['holdUntil', day(fields.holdUntil)],
    ['notes', notes],
    ['outcome', word('records.outcome', fields.outcome)],
    ['outcomeOn', day(fields.outcomeOn)],
  ];
  return parts
    .filter((part): part is [string, string] => part[1] !== undefined)
    .map(([field, value]) => `${t(`records.fields.${field}`)}: ${value}`)
    .join(' · ');
}

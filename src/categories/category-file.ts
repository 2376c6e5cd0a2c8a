/**
 * A category list as a file: read from CSV or JSON (as staff keep it in a
 * spreadsheet or get it from another computer) and written as either. Numbers
 * are written as strings, so a 64-bit number survives any JSON reader.
 */
import { parse as parseJson } from 'lossless-json';
import Papa from 'papaparse';
import { csvText, formulaUnescaped, UTF8_BOM } from '../files/csv-writer';
import { compareDecimal, foldText } from '../text/fold';
import { t } from '../i18n';
import { listProblems, normaliseList, type Category } from '../data/category-list';

/** The result of {@link parseCategoryFile}: the list, or every reason it cannot be used. */
export type CategoryFileResult = { ok: true; list: Category[] } | { ok: false; problems: string[] };

/** A category read from the file, with where it was for messages ("Row 3", "Item 2"). */
interface Found {
  id: string;
  name: string;
  where: string;
}

type Read = { ok: true; found: Found[]; problems: string[] } | { ok: false; problems: string[] };

/** At most this many problems are listed; the rest are counted. */
const MAX_LISTED = 10;

/** How a category file is laid out, said after a problem with its shape. */
function formats(): string {
  return t('categories.file.formats', {
    number: t('categories.files.numberColumn'),
    name: t('categories.files.nameColumn'),
    example: '[{"number": "2", "name": "…"}]',
  });
}

// Header and key spellings, in English and Spanish, compared without case,
// accents, spaces, "_" or "-" ("Número" is "numero").
const NUMBER_KEYS = [
  'number',
  'id',
  'categoryid',
  'categorynumber',
  'no',
  'nr',
  'numero',
  'numerodecategoria',
  'iddecategoria',
];
// In order of preference: "Category" names the column only when nothing better does.
const NAME_KEYS = ['name', 'categoryname', 'nombre', 'nombredecategoria', 'category', 'categoria'];

function squash(text: string): string {
  return foldText(text).replace(/[\s_-]+/g, '');
}

/** Index in `keys` of the first of `wanted` (by preference), or -1. */
function pick(keys: readonly string[], wanted: readonly string[]): number {
  const squashed = keys.map(squash);
  for (const want of wanted) {
    const at = squashed.indexOf(want);
    if (at >= 0) return at;
  }
  return -1;
}

function isNumberText(text: string | undefined): boolean {
  return text !== undefined && /^\d+$/.test(text.trim());
}

function readCsv(text: string): Read {
  // Papa guesses the separator (comma, semicolon, tab) only when empty lines
  // are left out; they are kept in the real read so row numbers stay the file's.
  const { delimiter } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', preview: 20 }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const problems = parsed.errors
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) =>
      e.type === 'Quotes'
        ? t('categories.file.quote', { row: (e.row ?? 0) + 1 })
        : t('categories.file.unreadableRow', { row: (e.row ?? 0) + 1 }),
    );
  const rows = parsed.data.map((cells, i) => ({ cells, row: i + 1 }));
  const filled = rows.filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const first = filled[0];
  if (first === undefined) return { ok: true, found: [], problems };

  // Column names hold no number; a first row that does is already a category.
  const header = !first.cells.some(isNumberText);
  let numberCol = header ? pick(first.cells, NUMBER_KEYS) : -1;
  let nameCol = header ? pick(first.cells, NAME_KEYS) : -1;
  let body = filled.slice(1);
  if (numberCol >= 0 && nameCol < 0) {
    return {
      ok: false,
      problems: [t('categories.file.noNameColumn', { name: t('categories.files.nameColumn') })],
    };
  }
  if (nameCol >= 0 && numberCol < 0) {
    return {
      ok: false,
      problems: [
        t('categories.file.noNumberColumn', { number: t('categories.files.numberColumn') }),
      ],
    };
  }
  if (numberCol < 0) {
    // No header: two columns, the number in whichever of the first two holds one.
    if (first.cells.length < 2) {
      return { ok: false, problems: [t('categories.file.twoColumns', { formats: formats() })] };
    }
    if (isNumberText(first.cells[0])) [numberCol, nameCol] = [0, 1];
    else if (isNumberText(first.cells[1])) [numberCol, nameCol] = [1, 0];
    else {
      return {
        ok: false,
        problems: [t('categories.file.noHeader', { formats: formats() })],
      };
    }
    body = filled;
  }

  const found: Found[] = [];
  for (const { cells, row } of body) {
    const id = cells[numberCol] ?? '';
    if (id.trim() === '') {
      problems.push(
        t('categories.file.numberMissing', { where: t('categories.file.row', { row }) }),
      );
      continue;
    }
    // A name the export escaped ("'=x" for "=x", "a;'=x" for "a;=x") reads back as it was.
    const name = formulaUnescaped(cells[nameCol] ?? '');
    found.push({ id, name, where: t('categories.file.row', { row }) });
  }
  return { ok: true, found, problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON number, kept as the digits written, so it is never mistaken for text. */
class JsonNumber {
  constructor(readonly digits: string) {}
}

/** A number as text, from a JSON string or number; undefined for anything else. */
function numberText(value: unknown): string | undefined {
  if (value instanceof JsonNumber) return value.digits;
  return typeof value === 'string' ? value : undefined;
}

/** One JSON item: {number|id, name}, or a [number, name] pair. */
function jsonItem(item: unknown, where: string): Found | string {
  let id: unknown;
  let name: unknown;
  if (Array.isArray(item)) [id, name] = item as unknown[];
  else if (isRecord(item) && !(item instanceof JsonNumber)) {
    const keys = Object.keys(item);
    const idKey = keys[pick(keys, NUMBER_KEYS)];
    const nameKey = keys[pick(keys, NAME_KEYS)];
    id = idKey === undefined ? undefined : item[idKey];
    name = nameKey === undefined ? undefined : item[nameKey];
  } else return t('categories.file.notCategory', { where });
  const number = numberText(id);
  if (number === undefined || number.trim() === '') {
    return t('categories.file.numberMissing', { where });
  }
  if (typeof name !== 'string') return t('categories.file.nameMissing', { where });
  return { id: number, name, where };
}

function readJson(text: string): Read {
  const duplicates: string[] = [];
  let value: unknown;
  try {
    value = parseJson(text, null, {
      // Numbers stay as their digits: 9223372036854775807 must not lose its last ones.
      parseNumber: (digits) => new JsonNumber(digits),
      onDuplicateKey: ({ key, newValue }) => {
        duplicates.push(t('categories.file.listedTwice', { key }));
        return newValue;
      },
    });
  } catch {
    return {
      ok: false,
      problems: [t('categories.file.badJson')],
    };
  }
  const found: Found[] = [];
  const problems: string[] = [...duplicates];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const read = jsonItem(item, t('categories.file.item', { n: i + 1 }));
      if (typeof read === 'string') problems.push(read);
      else found.push(read);
    });
  } else if (isRecord(value)) {
    // {"2": "Dog"}: number to name.
    for (const [id, name] of Object.entries(value)) {
      const where = t('categories.file.numberWhere', { id });
      if (typeof name === 'string') found.push({ id, name, where });
      else problems.push(t('categories.file.nameNotText', { where }));
    }
  } else {
    return { ok: false, problems: [t('categories.file.noList', { formats: formats() })] };
  }
  return { ok: true, found, problems };
}

function capped(problems: readonly string[]): string[] {
  if (problems.length <= MAX_LISTED) return [...problems];
  const more = problems.length - MAX_LISTED;
  return [...problems.slice(0, MAX_LISTED), t('categories.file.more', { n: more }, more)];
}

/**
 * Reads a category list from `text`, CSV or JSON (told apart by the first
 * character). Every problem is named with its row or item, so staff can fix
 * the file; nothing of a file with a problem is used.
 */
export function parseCategoryFile(text: string): CategoryFileResult {
  const body = text.replace(/^\uFEFF/, '');
  const start = body.trimStart()[0];
  if (start === undefined) return { ok: false, problems: [t('categories.file.empty')] };
  const read = start === '[' || start === '{' ? readJson(body) : readCsv(body);
  if (!read.ok) return read;
  const problems = [...read.problems];
  for (const { row, problem } of listProblems(read.found)) {
    const where = read.found[row]?.where ?? t('categories.file.row', { row: row + 1 });
    problems.push(t('categories.file.where', { where, problem }));
  }
  if (problems.length > 0) return { ok: false, problems: capped(problems) };
  if (read.found.length === 0) {
    return { ok: false, problems: [t('categories.file.noCategories', { formats: formats() })] };
  }
  return { ok: true, list: normaliseList(read.found) };
}

function byNumber(list: readonly Category[]): Category[] {
  return [...list].sort((a, b) => compareDecimal(a.id, b.id));
}

/**
 * The list as CSV (`number,name`, or `numero,nombre` in Spanish: the headings
 * follow the app's language, and both read back), by number. It starts with
 * the byte-order mark Excel needs to read accents as written;
 * {@link parseCategoryFile} skips it. A name a spreadsheet could read as a
 * formula (at its start, or after a ";" in it) is escaped, and reads back
 * without the escape.
 */
export function categoriesCsv(list: readonly Category[]): string {
  const headings = [t('categories.files.numberColumn'), t('categories.files.nameColumn')];
  const rows = byNumber(list).map((c) => [c.id, c.name]);
  return `${UTF8_BOM}${csvText([headings, ...rows])}\r\n`;
}

/** The list as JSON, `[{"number": "2", "name": "Dog"}]`, by number; numbers as strings. */
export function categoriesJson(list: readonly Category[]): string {
  const items = byNumber(list).map((c) => ({ number: c.id, name: c.name }));
  return `${JSON.stringify(items, null, 2)}\n`;
}

/** "kennel-local-categories.csv" */
export function categoriesFileName(profile: string, format: 'csv' | 'json'): string {
  return `kennel-${profile}-categories.${format}`;
}

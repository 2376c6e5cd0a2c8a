import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { listCsv } from '../../../../src/animals/list-csv';
import { exportRows } from '../../../../src/animals/list-export';
import { categoriesCsv, parseCategoryFile } from '../../../../src/categories/category-file';
import {
  categoryNameProblem,
  indexCategories,
  normaliseList,
  type Category,
} from '../../../../src/data/category-list';
import type { CachedPet } from '../../../../src/data/db';
import type { IntakeRecord } from '../../../../src/data/intake-record';
import { leftRowsCsv } from '../../../../src/import/left-rows';
import { detectMapping } from '../../../../src/import/mapping';
import { readCells } from '../../../../src/import/read-cells';
import { isReady } from '../../../../src/import/rows';
import { checkRows, importRows } from '../support/import-rows';
import { foldText } from '../../../../src/text/fold';
import { testRandom, testSeed } from '../support/seed';

/**
 * Every export read as a spreadsheet set up for another country reads it:
 * split on ";" (Spanish, German, French settings) or on tabs, or split on a
 * separator without heeding quotes at all. No cell may then start like a
 * formula, and Kennel's own imports must still read each export unchanged.
 */

/** What a spreadsheet runs as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Pieces names are made of: separators, formula signs, quotes and plain text. */
const PIECES = [
  ...[';', ';', ',', '\t', '\t', '\n', '\r', '\r\n', ' ', '|'],
  ...['=', '=', '+', '-', '@', '"', '"', "'", "'"],
  ...['Rex', 'a', 'ñ', '(1)', 'HYPERLINK("x")', 'SUM(A1)'],
];

/** `count` names of 1 to 12 pieces from the test's seeded dice. */
function hostileNames(count: number): string[] {
  const random = testRandom();
  const piece = (): string => PIECES[Math.floor(random() * PIECES.length)] ?? '';
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(random() * 12) }, piece).join(''),
  );
}

/** Said beside a failure: the seed that replays this test's names. */
const replay = (): string => `this test's seed ${testSeed()}; KENNEL_TEST_SEED replays the run`;

/** Every cell that starts like a formula when `text` is split on `delimiter` by papaparse. */
function formulaCells(text: string, delimiter: string): string[] {
  const { data } = Papa.parse<string[]>(text, { delimiter });
  return data.flat().filter((cell) => FORMULA_START.test(cell));
}

/**
 * What a spreadsheet makes of `piece`, the text from where it starts a cell:
 * a quote opens a quoted part ("" inside it being one quote), and after the
 * closing quote the rest of the line is taken as it is.
 */
function cellFrom(piece: string): string {
  if (!piece.startsWith('"')) return piece;
  let value = '';
  let at = 1;
  while (at < piece.length) {
    if (piece[at] === '"') {
      if (piece[at + 1] !== '"') break;
      at += 1;
    }
    value += piece[at] ?? '';
    at += 1;
  }
  return value + (/^"[^\r\n]*/.exec(piece.slice(at))?.[0].slice(1) ?? '');
}

/**
 * Every cell that starts like a formula when `text` is cut at each
 * `separator` without heeding the quotes around it (as a spreadsheet does
 * that has read a quote differently), as the text there or as read from it.
 */
function formulaPieces(text: string, separator: string): string[] {
  return text
    .split(separator)
    .slice(1)
    .filter((piece) => FORMULA_START.test(piece) || FORMULA_START.test(cellFrom(piece)));
}

/** Checks that no reading of `text` in any spreadsheet's way starts a cell with a formula. */
function expectNoFormula(text: string): void {
  const body = text.replace(/^\uFEFF/, '');
  for (const delimiter of [';', '\t', ',']) {
    expect(
      formulaCells(body, delimiter),
      `split on ${JSON.stringify(delimiter)}; ${replay()}`,
    ).toEqual([]);
  }
  for (const separator of [';', '\t', ',', '\n', '\r']) {
    expect(
      formulaPieces(body, separator),
      `cut at ${JSON.stringify(separator)}, quotes not heeded; ${replay()}`,
    ).toEqual([]);
  }
}

/** The Import view's reading of a downloaded file: its bytes, decoded and parsed. */
function importedCells(text: string): string[][] {
  const read = readCells({ bytes: new TextEncoder().encode(text).buffer as ArrayBuffer });
  if (!read.ok) throw new Error(`not read: ${read.problem.code}; ${replay()}`);
  return read.rows;
}

/** The rows the import makes of `text`, mapped by its own headings, as the Import view does. */
function importedRows(text: string) {
  const cells = importedCells(text);
  const detected = detectMapping(cells);
  expect(detected.hasHeader, replay()).toBe(true);
  return importRows(cells, detected.hasHeader, detected.mapping);
}

function pet(index: number, name: string): CachedPet {
  const id = String(index + 1);
  return {
    key: id,
    id,
    name,
    categoryId: '2',
    status: 'available',
    pending: 0,
    outboxId: null,
    order: '0',
    updatedAt: 0,
    firstSeenAt: 0,
  };
}

/** A record whose free-text fields hold hostile text too. */
function recordOf(key: string, text: string): IntakeRecord {
  return { key, breed: text, colour: text, foundAt: text, kennel: text, notes: text, updatedAt: 0 };
}

const DOGS = indexCategories([{ id: '2', name: 'Dog' }]);

describe('the animal list as CSV', () => {
  it('starts no cell with a formula, split on ";", tabs or anything else', () => {
    const names = hostileNames(300);
    const pets = names.map((name, i) => pet(i, name));
    const csv = listCsv(
      exportRows(
        pets,
        (id) => DOGS.nameOf(id),
        (key) => recordOf(key, names[Number(key) - 1] ?? ''),
      ),
    );
    expectNoFormula(csv);
  });

  it('comes back through the Import view with every name and note as it was', () => {
    const names = hostileNames(300);
    const pets = names.map((name, i) => pet(i, name));
    const csv = listCsv(
      exportRows(
        pets,
        (id) => DOGS.nameOf(id),
        (key) => recordOf(key, names[Number(key) - 1] ?? ''),
      ),
    );
    const rows = importedRows(csv);
    expect(
      rows.map((row) => row.text.name),
      replay(),
    ).toEqual(names);
    expect(
      rows.map((row) => row.record.notes),
      replay(),
    ).toEqual(names);
  });
});

describe('the rows an import left, as CSV', () => {
  /** Every name left to fix (its category is unknown), with the hostile text as notes too. */
  function leftRows(names: readonly string[]) {
    const cells = names.map((name) => [name, 'Parrot', name]);
    const checked = checkRows(
      importRows(cells, false, { name: 0, category: 1, status: null, notes: 2 }),
      DOGS,
      new Map(),
      Date.UTC(2025, 4, 20, 12),
    );
    return checked.filter((row) => !isReady(row, new Set()));
  }

  it('starts no cell with a formula, split on ";", tabs or anything else', () => {
    const left = leftRows(hostileNames(300));
    expect(left).toHaveLength(300);
    expectNoFormula(leftRowsCsv(left, ['notes']));
  });

  it('comes back through the Import view with every name and note as it was', () => {
    const names = hostileNames(300);
    const rows = importedRows(leftRowsCsv(leftRows(names), ['notes']));
    expect(
      rows.map((row) => row.text.name),
      replay(),
    ).toEqual(names);
    expect(
      rows.map((row) => row.record.notes),
      replay(),
    ).toEqual(names);
  });
});

describe('the category list as CSV', () => {
  /** Hostile names as a category list keeps them: spaces joined, none blank or twice. */
  function hostileList(count: number): Category[] {
    const seen = new Set<string>();
    const list: Category[] = [];
    for (const name of hostileNames(count)) {
      const [category] = normaliseList([{ id: String(list.length + 1), name }]);
      if (category === undefined || categoryNameProblem(category.name) !== null) continue;
      if (seen.has(foldText(category.name))) continue;
      seen.add(foldText(category.name));
      list.push(category);
    }
    return list;
  }

  it('starts no cell with a formula, split on ";", tabs or anything else', () => {
    expectNoFormula(categoriesCsv(hostileList(300)));
  });

  it('reads back every name as it was', () => {
    const list = hostileList(300);
    expect(list.length).toBeGreaterThan(200);
    expect(parseCategoryFile(categoriesCsv(list)), replay()).toEqual({ ok: true, list });
  });
});

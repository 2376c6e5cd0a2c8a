import { describe, expect, it } from 'vitest';
import { indexCategories } from '../../../../src/data/category-list';
import { leftRowsCsv } from '../../../../src/import/left-rows';
import { rowReason } from '../support/row-reason';
import { detectMapping } from '../../../../src/import/mapping';
import { parseCells } from '../../../../src/import/parse';
import { checkRowRecord, type RecordContext } from '../../../../src/import/row-record';
import { dayOrderSlices, isReady, noteDuplicates, rowChips } from '../../../../src/import/rows';
import { checkRows, importRows } from '../support/import-rows';

// Midday of 20 May 2025 on this computer's clock.
const NOW = new Date(2025, 4, 20, 12, 0).getTime();
const CONTEXT: RecordContext = {
  now: NOW,
  strayHoldDays: 5,
  orders: {},
  computerOrder: 'day-first',
};
const CATEGORIES = indexCategories([
  { id: '2', name: 'Dog' },
  { id: '3', name: 'Cat' },
]);
const at = (y: number, m: number, d: number, hh = 0, mm = 0): number =>
  new Date(y, m - 1, d, hh, mm).getTime();

describe('checkRowRecord', () => {
  it('turns every cell into what the record keeps', () => {
    expect(
      checkRowRecord(
        {
          chip: '985 141-000 123 456',
          sex: 'F',
          neutered: 'Sí',
          birthDate: '04/05/2022',
          breed: ' Labrador ',
          colour: 'Black',
          intakeType: 'Owner surrender',
          intakeAt: '15/03/2025 14:30',
          foundAt: 'Park',
          kennel: 'Dogs B3',
          notes: 'Shy with men',
          outcome: 'Adopted',
          outcomeOn: '2025-05-01',
        },
        CONTEXT,
      ),
    ).toEqual({
      ok: true,
      fields: {
        chip: '985141000123456',
        sex: 'female',
        neutered: 'yes',
        birthDate: '2022-05-04',
        breed: 'Labrador',
        colour: 'Black',
        intakeType: 'surrender',
        intakeAt: at(2025, 3, 15, 14, 30),
        foundAt: 'Park',
        kennel: 'Dogs B3',
        notes: 'Shy with men',
        outcome: 'adopted',
        outcomeOn: '2025-05-01',
      },
    });
  });

  it('takes an intake from long ago, as a spreadsheet of animals in care holds, but none to come', () => {
    expect(checkRowRecord({ intakeAt: '2019-01-02' }, CONTEXT)).toEqual({
      ok: true,
      fields: { intakeAt: at(2019, 1, 2) },
    });
    expect(checkRowRecord({ intakeAt: '2025-05-21' }, CONTEXT)).toEqual({
      ok: false,
      problems: { intakeAt: 'This date is still to come.' },
    });
  });

  it('leaves an empty intake unknown, not now', () => {
    expect(checkRowRecord({ intakeAt: '', sex: 'M' }, CONTEXT)).toEqual({
      ok: true,
      fields: { sex: 'male' },
    });
  });

  it('gives a stray without a hold date the profile’s hold from its intake day', () => {
    expect(checkRowRecord({ intakeType: 'stray', intakeAt: '2025-05-10' }, CONTEXT)).toEqual({
      ok: true,
      fields: { intakeType: 'stray', intakeAt: at(2025, 5, 10), holdUntil: '2025-05-15' },
    });
    expect(
      checkRowRecord(
        { intakeType: 'Stray', intakeAt: '2025-05-10', holdUntil: '12/05/2025' },
        CONTEXT,
      ),
    ).toEqual({
      ok: true,
      fields: { intakeType: 'stray', intakeAt: at(2025, 5, 10), holdUntil: '2025-05-12' },
    });
  });

  it('reads the day order the column proved, else this computer’s', () => {
    const cells = { birthDate: '04/05/2022' };
    const monthFirst = { ...CONTEXT, orders: { birthDate: 'month-first' as const } };
    expect(checkRowRecord(cells, monthFirst)).toEqual({
      ok: true,
      fields: { birthDate: '2022-04-05' },
    });
    expect(checkRowRecord(cells, { ...CONTEXT, computerOrder: 'month-first' })).toEqual({
      ok: true,
      fields: { birthDate: '2022-04-05' },
    });
  });

  it('works a birth date out of an age, and keeps one marked as estimated', () => {
    expect(checkRowRecord({ age: '2y 3m' }, CONTEXT)).toEqual({
      ok: true,
      fields: { birthDate: '2023-02-20', birthEstimated: true },
    });
    expect(checkRowRecord({ birthDate: '2023-01-01', birthEstimated: 'Yes' }, CONTEXT)).toEqual({
      ok: true,
      fields: { birthDate: '2023-01-01', birthEstimated: true },
    });
    expect(checkRowRecord({ birthDate: '2023-01-01', birthEstimated: 'No' }, CONTEXT)).toEqual({
      ok: true,
      fields: { birthDate: '2023-01-01' },
    });
    // A birth date wins over an age.
    expect(checkRowRecord({ birthDate: '2020-06-01', age: '1' }, CONTEXT)).toEqual({
      ok: true,
      fields: { birthDate: '2020-06-01' },
    });
  });

  it('says what is wrong with each cell, in words that name the cell', () => {
    const checked = checkRowRecord(
      {
        chip: '98514100012345',
        sex: 'Fe',
        neutered: 'maybe',
        birthDate: '31/02/2024',
        intakeType: 'found it',
        outcome: 'gone',
        outcomeOn: 'soon',
        age: 'old',
      },
      CONTEXT,
    );
    expect(checked).toEqual({
      ok: false,
      problems: {
        chip: 'A microchip number has 15 digits, or 9 or 10 characters on older chips; this one has 14.',
        sex: 'Kennel does not know \u201cFe\u201d here. Write Female, Male, or Unknown.',
        neutered: 'Kennel does not know \u201cmaybe\u201d here. Write Yes, No, or Unknown.',
        birthDate:
          'Kennel cannot read \u201c31/02/2024\u201d as a date. Write the day, month and year, such as 15/03/2024 or 2024-03-15.',
        age: 'Kennel cannot read \u201cold\u201d as an age. Write it like 2, 2 years, 6 months or 2y 3m.',
        intakeType:
          'Kennel does not know \u201cfound it\u201d here. Write Stray, Owner surrender, Transfer in, Returned after adoption, Born in care, Seized, or Other.',
        outcome:
          'Kennel does not know \u201cgone\u201d here. Write Adopted, Returned to owner, Transferred out, Died, or Other outcome.',
        outcomeOn:
          'Kennel cannot read \u201csoon\u201d as a date. Write the day, month and year, such as 15/03/2024 or 2024-03-15.',
      },
    });
  });

  it('says a chip the spreadsheet rounded has lost its digits', () => {
    const checked = checkRowRecord({ chip: '9.85141E+14' }, CONTEXT);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.chip).toContain('rounded number (9.85141E+14)');
  });

  it('names an age over the rules’ limit on the age column', () => {
    expect(checkRowRecord({ age: '45 years' }, CONTEXT)).toEqual({
      ok: false,
      problems: { age: 'Enter whole years from 0 to 40.' },
    });
  });
});

describe('rows with record columns', () => {
  const cells = [
    ['Name', 'Category', 'Microchip', 'Sex', 'Intake date', 'Notes', 'Weight'],
    ['Bella', 'Dog', '985141000123456', 'F', '15/03/2025', 'shy', '12'],
    ['Rex', 'Cat', '12345', 'M', '2025-05-01', '', '4'],
    ['Kit', 'Cat', '', 'X', '', '', ''],
  ];
  const detected = detectMapping(cells);
  const rows = checkRows(
    importRows(cells, detected.hasHeader, detected.mapping),
    CATEGORIES,
    new Map(),
    NOW,
    CONTEXT,
  );

  it('keeps a valid row’s record beside its animal', () => {
    expect(rows[0]?.animal).toEqual({ name: 'Bella', categoryId: '2' });
    expect(rows[0]?.recordFields).toEqual({
      chip: '985141000123456',
      sex: 'female',
      intakeAt: at(2025, 3, 15),
      notes: 'shy',
    });
    expect(isReady(rows[0]!, new Set())).toBe(true);
  });

  it('holds back a row whose record is at fault, with the message on its column', () => {
    expect(rows[1]?.animal).toBeNull();
    expect(rows[1]?.problems).toEqual({});
    expect(rows[1]?.recordProblems).toEqual({
      chip: 'A microchip number has 15 digits, or 9 or 10 characters on older chips; this one has 5.',
    });
    expect(isReady(rows[1]!, new Set())).toBe(false);
    expect(rowReason(rows[1]!)).toBe(
      'Microchip: A microchip number has 15 digits, or 9 or 10 characters on older chips; this one has 5.',
    );
  });

  it('exports the rows left with the record columns read, as written, and maps them again', () => {
    const left = rows.filter((row) => !isReady(row, new Set()));
    const csv = leftRowsCsv(left, ['chip', 'sex', 'intakeAt', 'notes']);
    const parsed = parseCells(csv);
    if (!parsed.ok) throw new Error(parsed.problem.code);
    expect(parsed.rows).toEqual([
      [
        'Row',
        'Name',
        'Category',
        'Status',
        'Microchip',
        'Sex',
        'When it came in',
        'Notes',
        'Problem',
      ],
      ['3', 'Rex', 'Cat', '', '12345', 'M', '2025-05-01', '', rowReason(rows[1]!)],
      ['4', 'Kit', 'Cat', '', '', 'X', '', '', rowReason(rows[2]!)],
    ]);
    const again = detectMapping(parsed.rows);
    expect(again.mapping).toEqual({
      name: 1,
      category: 2,
      status: 3,
      chip: 4,
      sex: 5,
      intakeAt: 6,
      notes: 7,
    });
  });
});

describe('dayOrderSlices', () => {
  it('finds each date column’s order from all its cells, in slices, and reads no other column', () => {
    const cells = [['Name', 'Category', 'DOB', 'Intake date']];
    for (let i = 0; i < 9; i++) cells.push([`A${i}`, 'Dog', '01/02/2020', '2024-01-01']);
    cells.push(['Z', 'Dog', '01/13/2020', '03/04/2024']);
    const { mapping } = detectMapping(cells);
    const slices = dayOrderSlices({ cells, hasHeader: true, mapping }, 'day-first', 4);
    let stops = 0;
    let step = slices.next();
    while (step.done !== true) {
      stops++;
      step = slices.next();
    }
    expect(step.value).toEqual({
      birthDate: { order: 'month-first', proven: true, ambiguous: '01/02/2020' },
      intakeAt: { order: 'day-first', proven: false, ambiguous: '03/04/2024' },
    });
    // Ten rows, four at a time, in each of two columns.
    expect(stops).toBe(4);
  });
});

describe('a chip already known', () => {
  const cells = [
    ['Name', 'Category', 'Chip'],
    ['Bella', 'Dog', '985141000123456'],
    ['Rex', 'Dog', '985 141 000 123 456'],
    ['Kit', 'Cat', '985141000999999'],
    ['Bella', 'Dog', '985141000999999'],
    ['Max', 'Cat', ''],
  ];
  const ruled = checkRows(
    importRows(cells, true, { name: 0, category: 1, status: null, chip: 2 }),
    CATEGORIES,
    new Map(),
    NOW,
    CONTEXT,
  );

  it('holds back a row whose chip an earlier row or an animal here has, naming which', () => {
    const owners = new Map([['985141000999999', 'Luna']]);
    const rows = noteDuplicates(ruled, CATEGORIES, new Map(), NOW, owners);
    expect(rows.map((row) => row.duplicate?.message ?? null)).toEqual([
      null,
      'Same microchip as row 2.',
      'Microchip 985141000999999 is already recorded for Luna on this computer.',
      // The name's note is the one said when both apply.
      'Same name and category as row 2.',
      null,
    ]);
    expect(rows.filter((row) => isReady(row, new Set())).map((row) => row.line)).toEqual([2, 6]);
    expect(isReady(rows[2]!, new Set([rows[2]!.id]))).toBe(true);
  });

  it('looks up each valid row’s chip once', () => {
    expect([...rowChips(ruled)]).toEqual(['985141000123456', '985141000999999']);
  });
});

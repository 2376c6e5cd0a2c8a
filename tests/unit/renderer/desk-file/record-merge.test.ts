import { describe, expect, it } from 'vitest';
import type { IntakeRecord, RecordFields } from '../../../../src/data/intake-record';
import {
  conflictsOf,
  mergeRecords,
  type RecordPart,
  type Side,
} from '../../../../src/desk-file/record-merge';
import { dice, oneOf } from './desk-fixtures';

const KEY = '4242';
const record = (
  updatedAt: number,
  fields: Omit<IntakeRecord, 'key' | 'updatedAt'> = {},
): IntakeRecord => ({
  key: KEY,
  updatedAt,
  ...fields,
});
const NO_PHOTOS = { desk: null, file: null };
const always =
  (side: Side) =>
  (_part: RecordPart): Side =>
    side;

describe('conflictsOf', () => {
  it('lists nothing when each side wrote other parts', () => {
    const desk = record(100, { chip: '985112000000001', kennel: 'Dogs B3' });
    const file = record(200, { breed: 'Collie', notes: 'Shy with cats' });

    expect(conflictsOf(desk, file, NO_PHOTOS)).toEqual([]);
  });

  it('lists nothing where both wrote the same', () => {
    const fields: RecordFields = { sex: 'female', birthDate: '2021-03-04', birthEstimated: true };

    expect(conflictsOf(record(100, fields), record(200, fields), NO_PHOTOS)).toEqual([]);
  });

  it('lists each part both wrote differently, with the newer side', () => {
    const desk = record(100, { sex: 'female', colour: 'Black', kennel: 'Dogs B3' });
    const file = record(200, { sex: 'male', colour: 'Black', kennel: 'Dogs C1' });

    const conflicts = conflictsOf(desk, file, NO_PHOTOS);

    expect(conflicts.map((c) => c.part)).toEqual(['sex', 'kennel']);
    for (const conflict of conflicts) {
      expect(conflict).toMatchObject({ key: KEY, desk, file, newer: 'file' });
    }
    expect(conflictsOf(record(300, { sex: 'female' }), file, NO_PHOTOS)[0]?.newer).toBe('desk');
  });

  it("calls this desk's record the newer when both changed at the same moment", () => {
    const conflicts = conflictsOf(record(100, { sex: 'female' }), record(100, { sex: 'male' }), {
      desk: null,
      file: null,
    });

    expect(conflicts.map((c) => [c.part, c.newer])).toEqual([['sex', 'desk']]);
  });

  it('treats a birth date and whether it is estimated as one part', () => {
    const desk = record(100, { birthDate: '2021-03-04', birthEstimated: true });
    const file = record(200, { birthDate: '2021-03-04' });

    expect(conflictsOf(desk, file, NO_PHOTOS).map((c) => c.part)).toEqual(['birth']);
  });

  it('treats an outcome and its day as one part', () => {
    const desk = record(100, { outcome: 'adopted', outcomeOn: '2024-05-01' });
    const file = record(200, { outcome: 'adopted', outcomeOn: '2024-05-02' });

    expect(conflictsOf(desk, file, NO_PHOTOS).map((c) => c.part)).toEqual(['outcome']);
  });

  it('compares photos by their size: another size is another photo', () => {
    const desk = record(100, { hasPhoto: 1 });
    const file = record(200, { hasPhoto: 1 });

    expect(conflictsOf(desk, file, { desk: 5000, file: 5000 })).toEqual([]);
    expect(conflictsOf(desk, file, { desk: null, file: 5000 })).toEqual([]);
    expect(conflictsOf(desk, file, { desk: 5000, file: null })).toEqual([]);
    expect(conflictsOf(desk, file, { desk: 5000, file: 6100 })).toEqual([
      { key: KEY, part: 'photo', desk, file, newer: 'file' },
    ]);
  });
});

describe('mergeRecords', () => {
  it('keeps what only one side wrote, and the later change time', () => {
    const desk = record(300, { chip: '985112000000001', kennel: 'Dogs B3' });
    const file = record(200, { breed: 'Collie', outcome: 'adopted', outcomeOn: '2024-05-01' });

    const { record: merged, photoFromFile } = mergeRecords(desk, file, NO_PHOTOS, always('desk'));

    expect(merged).toEqual({
      key: KEY,
      updatedAt: 300,
      chip: '985112000000001',
      kennel: 'Dogs B3',
      breed: 'Collie',
      outcome: 'adopted',
      outcomeOn: '2024-05-01',
    });
    expect(photoFromFile).toBe(false);
  });

  it('takes the side staff pick for a part both wrote, whichever is newer', () => {
    const desk = record(100, { sex: 'female', kennel: 'Dogs B3' });
    const file = record(200, { sex: 'male', kennel: 'Dogs C1' });
    const pickFileSexOnly = (part: RecordPart): Side => (part === 'sex' ? 'file' : 'desk');

    expect(mergeRecords(desk, file, NO_PHOTOS, pickFileSexOnly).record).toMatchObject({
      sex: 'male',
      kennel: 'Dogs B3',
      updatedAt: 200,
    });
    expect(mergeRecords(desk, file, NO_PHOTOS, always('desk')).record).toMatchObject({
      sex: 'female',
      kennel: 'Dogs B3',
    });
  });

  it('moves a birth date with whether it was estimated', () => {
    const desk = record(100, { birthDate: '2021-03-04', birthEstimated: true });
    const file = record(200, { birthDate: '2020-01-01' });

    const fromFile = mergeRecords(desk, file, NO_PHOTOS, always('file')).record;
    const fromDesk = mergeRecords(desk, file, NO_PHOTOS, always('desk')).record;

    expect(fromFile.birthDate).toBe('2020-01-01');
    expect(fromFile).not.toHaveProperty('birthEstimated');
    expect(fromDesk).toMatchObject({ birthDate: '2021-03-04', birthEstimated: true });
  });

  it('moves an outcome with its day, never one without the other', () => {
    const desk = record(100, { outcome: 'adopted', outcomeOn: '2024-05-01' });
    const file = record(200, { outcome: 'died' });

    const fromFile = mergeRecords(desk, file, NO_PHOTOS, always('file')).record;
    const fromDesk = mergeRecords(desk, file, NO_PHOTOS, always('desk')).record;

    expect(fromFile.outcome).toBe('died');
    expect(fromFile).not.toHaveProperty('outcomeOn');
    expect(fromDesk).toMatchObject({ outcome: 'adopted', outcomeOn: '2024-05-01' });
  });

  it("takes the file's photo when this desk has none", () => {
    const merged = mergeRecords(
      record(100),
      record(50, { hasPhoto: 1 }),
      {
        desk: null,
        file: 4000,
      },
      always('desk'),
    );

    expect(merged.photoFromFile).toBe(true);
    expect(merged.record.hasPhoto).toBe(1);
  });

  it("keeps this desk's photo when the file has none or the same one", () => {
    const desk = record(100, { hasPhoto: 1 });
    for (const file of [null, 4000]) {
      const merged = mergeRecords(
        desk,
        record(200, { hasPhoto: 1 }),
        { desk: 4000, file },
        always('file'),
      );

      expect(merged.photoFromFile).toBe(false);
      expect(merged.record.hasPhoto).toBe(1);
    }
  });

  it('takes the picked photo when the two differ', () => {
    const desk = record(100, { hasPhoto: 1 });
    const file = record(200, { hasPhoto: 1 });
    const sizes = { desk: 4000, file: 5200 };

    expect(mergeRecords(desk, file, sizes, always('file')).photoFromFile).toBe(true);
    const kept = mergeRecords(desk, file, sizes, always('desk'));
    expect(kept.photoFromFile).toBe(false);
    expect(kept.record.hasPhoto).toBe(1);
  });

  it('says there is no photo when neither side has one, whatever the records claimed', () => {
    const merged = mergeRecords(
      record(100, { hasPhoto: 1, chip: '1' }),
      record(200, { hasPhoto: 1 }),
      NO_PHOTOS,
      always('file'),
    );

    expect(merged.record).not.toHaveProperty('hasPhoto');
    expect(merged.photoFromFile).toBe(false);
  });
});

/** Each choice staff can make, as the issue names them: fields that go together move together. */
const PARTS: Record<Exclude<RecordPart, 'photo'>, (keyof RecordFields)[]> = {
  chip: ['chip'],
  sex: ['sex'],
  neutered: ['neutered'],
  birth: ['birthDate', 'birthEstimated'],
  breed: ['breed'],
  colour: ['colour'],
  intakeType: ['intakeType'],
  intakeAt: ['intakeAt'],
  foundAt: ['foundAt'],
  kennel: ['kennel'],
  holdUntil: ['holdUntil'],
  notes: ['notes'],
  outcome: ['outcome', 'outcomeOn'],
};

/** A few values per part (and nothing, often), so both sides often agree and often differ. */
const VALUES: Record<Exclude<RecordPart, 'photo'>, RecordFields[]> = {
  chip: [{ chip: '985112000000001' }, { chip: '985112000000002' }],
  sex: [{ sex: 'female' }, { sex: 'male' }, { sex: 'unknown' }],
  neutered: [{ neutered: 'yes' }, { neutered: 'no' }],
  birth: [
    { birthDate: '2021-03-04' },
    { birthDate: '2021-03-04', birthEstimated: true },
    { birthDate: '2019-11-30' },
    { birthEstimated: true },
  ],
  breed: [{ breed: 'Collie' }, { breed: 'Boxer' }],
  colour: [{ colour: 'Black' }, { colour: 'Tan' }],
  intakeType: [{ intakeType: 'stray' }, { intakeType: 'surrender' }],
  intakeAt: [{ intakeAt: 1_700_000_000_000 }, { intakeAt: 1_700_000_360_000 }],
  foundAt: [{ foundAt: 'Park gate' }, { foundAt: 'Market' }],
  kennel: [{ kennel: 'Dogs B3' }, { kennel: 'Cats A1' }],
  holdUntil: [{ holdUntil: '2024-06-01' }, { holdUntil: '2024-06-04' }],
  notes: [{ notes: 'Shy' }, { notes: 'Friendly' }],
  outcome: [
    { outcome: 'adopted', outcomeOn: '2024-05-01' },
    { outcome: 'adopted' },
    { outcome: 'died', outcomeOn: '2024-05-01' },
    { outcomeOn: '2024-05-09' },
  ],
};

function randomRecord(random: () => number): IntakeRecord {
  let fields: RecordFields = {};
  for (const values of Object.values(VALUES)) {
    if (random() < 0.6) fields = { ...fields, ...oneOf(random, values) };
  }
  return record(Math.floor(random() * 5), fields);
}

const partOf = (r: IntakeRecord, fields: readonly (keyof RecordFields)[]) =>
  Object.fromEntries(
    fields.flatMap((field) => (r[field] === undefined ? [] : [[field, r[field]]])),
  );

describe('merging any two records', () => {
  it('takes every part whole from one side, as the rules and the picks say', () => {
    const random = dice();
    for (let round = 0; round < 400; round++) {
      const desk = randomRecord(random);
      const file = randomRecord(random);
      const photos = {
        desk: random() < 0.5 ? null : oneOf(random, [3000, 4000]),
        file: random() < 0.5 ? null : oneOf(random, [3000, 4000]),
      };
      const picks = new Map<RecordPart, Side>(
        [...Object.keys(PARTS), 'photo'].map((part) => [
          part as RecordPart,
          oneOf(random, ['desk', 'file'] as const),
        ]),
      );
      const pick = (part: RecordPart): Side => picks.get(part) ?? 'desk';
      const newer: Side = file.updatedAt > desk.updatedAt ? 'file' : 'desk';

      const conflicts = conflictsOf(desk, file, photos);
      const { record: merged, photoFromFile } = mergeRecords(desk, file, photos, pick);

      const context = JSON.stringify({ round, desk, file, photos, picks: [...picks] });
      expect(merged.key, context).toBe(KEY);
      expect(merged.updatedAt, context).toBe(Math.max(desk.updatedAt, file.updatedAt));
      const expectedConflicts: RecordPart[] = [];
      for (const [part, fields] of Object.entries(PARTS) as [
        RecordPart,
        (keyof RecordFields)[],
      ][]) {
        const ours = partOf(desk, fields);
        const theirs = partOf(file, fields);
        const bothWrote = Object.keys(ours).length > 0 && Object.keys(theirs).length > 0;
        const differ = JSON.stringify(ours) !== JSON.stringify(theirs);
        if (bothWrote && differ) expectedConflicts.push(part);
        const expected = !bothWrote
          ? Object.keys(ours).length > 0
            ? ours
            : theirs
          : picks.get(part) === 'file'
            ? theirs
            : ours;
        expect(partOf(merged, fields), `${part} in ${context}`).toEqual(expected);
      }
      const photoDiffers =
        photos.desk !== null && photos.file !== null && photos.desk !== photos.file;
      if (photoDiffers) expectedConflicts.push('photo');
      expect(
        conflicts.map((c) => c.part),
        context,
      ).toEqual(expectedConflicts);
      for (const conflict of conflicts) expect(conflict.newer, context).toBe(newer);
      const expectPhotoFromFile =
        photos.file !== null &&
        (photos.desk === null || (photoDiffers && picks.get('photo') === 'file'));
      expect(photoFromFile, context).toBe(expectPhotoFromFile);
      expect(merged.hasPhoto === 1, context).toBe(photos.desk !== null || photos.file !== null);
    }
  });
});

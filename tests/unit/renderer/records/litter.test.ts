import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeRecord, RecordFields } from '../../../../src/data/intake-record';
import { applyLanguage } from '../../../../src/i18n';
import { likeThis, litterRecords } from '../../../../src/records/litter';
import { placeWords } from '../../../../src/records/litter-words';
import { intakeTimeText } from '../../../../src/records/local-day';
import { EMPTY_RECORD_TEXT } from '../../../../src/records/record-rules';

afterEach(() => applyLanguage('en'));

const CAME_IN = new Date(2026, 10, 26, 9, 41, 37, 512).getTime();
const FIRST: RecordFields = {
  chip: '985141000123456',
  sex: 'female',
  neutered: 'no',
  birthDate: '2026-09-01',
  birthEstimated: true,
  breed: 'Domestic shorthair',
  colour: 'Tabby',
  intakeType: 'stray',
  intakeAt: CAME_IN,
  foundAt: 'Behind the market',
  kennel: 'Cats 4',
  holdUntil: '2026-11-29',
  notes: 'Limps on the left hind leg',
  outcome: 'adopted',
  outcomeOn: '2026-11-27',
};

describe('the next litter-mate', () => {
  it('starts with the category, status and everything litter-mates share', () => {
    const next = likeThis({ name: 'Tom', category: 'Cats', status: 'available' }, FIRST);

    expect(next.fields).toEqual({ name: '', category: 'Cats', status: 'available' });
    expect(next.text).toEqual({
      ...EMPTY_RECORD_TEXT,
      birthDate: '2026-09-01',
      breed: 'Domestic shorthair',
      intakeType: 'stray',
      intakeAt: intakeTimeText(CAME_IN),
      foundAt: 'Behind the market',
      kennel: 'Cats 4',
      holdUntil: '2026-11-29',
    });
  });

  it('never carries what tells one animal from another', () => {
    const { text } = likeThis({ name: 'Tom', category: '3', status: '' }, FIRST);

    for (const field of ['chip', 'sex', 'neutered', 'colour', 'notes', 'outcome', 'outcomeOn']) {
      expect(text[field as keyof typeof text], field).toBe('');
    }
  });

  it('keeps the intake time to the millisecond and the birth date’s estimate for the check', () => {
    const { previous } = likeThis({ name: 'Tom', category: '3', status: '' }, FIRST);

    expect(previous.intakeAt).toBe(CAME_IN);
    expect(previous.birthEstimated).toBe(true);
    expect(previous.chip).toBeUndefined();
    expect(previous.sex).toBeUndefined();
  });

  it('starts an empty record after an animal added without one', () => {
    const next = likeThis({ name: 'Tom', category: '3', status: '' }, {});

    expect(next.text).toEqual(EMPTY_RECORD_TEXT);
    expect(next.previous).toEqual({});
  });
});

describe('a litter’s records', () => {
  const at = (key: string, litter?: IntakeRecord['litter']): IntakeRecord => ({
    key,
    updatedAt: 1,
    ...(litter === undefined ? {} : { litter }),
  });

  it('are those of its id, in their places, ties kept in key order', () => {
    const records = [
      at('9', { id: 'a', place: 3 }),
      at('local:x', { id: 'a', place: 1 }),
      at('5', { id: 'b', place: 2 }),
      at('7'),
      at('2', { id: 'a', place: 2 }),
      at('1', { id: 'a', place: 2 }),
    ];

    expect(litterRecords(records, 'a').map((record) => record.key)).toEqual([
      'local:x',
      '1',
      '2',
      '9',
    ]);
    expect(litterRecords(records, 'none')).toEqual([]);
  });
});

describe('a place in a litter in words', () => {
  it('follows English ordinals, the teens included', () => {
    const ordinal = (place: number): string => placeWords(place, 2).split(' ')[0] ?? '';
    const said = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal);

    expect(said).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('writes Spanish ordinals with their indicator', async () => {
    await applyLanguage('es');

    const ordinal = (place: number): string => placeWords(place, 2).split(' ')[0] ?? '';
    expect([1, 2, 3, 11, 22].map(ordinal)).toEqual(['1.º', '2.º', '3.º', '11.º', '22.º']);
  });

  it('says which of the litter the form holds and how many are added', async () => {
    expect(placeWords(3, 2)).toBe('3rd of this litter (2 added so far)');
    await applyLanguage('es');
    expect(placeWords(2, 1)).toBe('2.º de esta camada (1 añadido hasta ahora)');
    expect(placeWords(3, 2)).toBe('3.º de esta camada (2 añadidos hasta ahora)');
  });
});

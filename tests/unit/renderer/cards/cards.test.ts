import { afterEach, describe, expect, it } from 'vitest';
import { cardCodes } from '../../../../src/cards/barcodes';
import { cardFacts, sampleCardFacts } from '../../../../src/cards/card-facts';
import { CARD_PAGES, labelFacts } from '../../../../src/cards/card-size';
import { CARD_SIZES, isCardSize } from '../../../../src/data/card-size';
import { indexCategories } from '../../../../src/data/category-list';
import { cardsDue, markCardsPrinted, typedSince } from '../../../../src/data/cards';
import type { CachedPet } from '../../../../src/data/db';
import type { IntakeRecord } from '../../../../src/data/intake-record';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { claimEntry, completeEntry } from '../../../../src/data/send-steps';
import { upsertServicePets } from '../../../../src/data/pets';
import { applyLanguage } from '../../../../src/i18n';
import { freshProfileDb } from '../data/test-db';

afterEach(() => applyLanguage('en'));

const CATEGORIES = indexCategories([{ id: '2', name: 'Dog' }]);
const TODAY = '2026-11-28';
/** 2^53 + 1: a Number would round it to 9007199254740992. */
const BEYOND_DOUBLE = '9007199254740993';

function row(fields: Partial<CachedPet>): CachedPet {
  return {
    key: BEYOND_DOUBLE,
    id: BEYOND_DOUBLE,
    name: 'Bella',
    categoryId: '2',
    status: 'pending',
    pending: 0,
    outboxId: null,
    order: '1',
    updatedAt: 0,
    firstSeenAt: 0,
    ...fields,
  };
}

describe('what a kennel card says', () => {
  it('names the category and the status in shelter words, with the exact ID', () => {
    const facts = cardFacts(
      row({ typedAt: new Date(2026, 10, 26, 9).getTime(), cardDue: 1 }),
      { categories: CATEGORIES, profile: 'production', today: TODAY },
      undefined,
    );
    expect(facts).toEqual({
      key: BEYOND_DOUBLE,
      name: 'Bella',
      category: 'Dog',
      status: 'Adoption pending',
      id: BEYOND_DOUBLE,
      cameIn: 'November 26, 2026',
      chip: null,
      sex: null,
      age: null,
      kennel: null,
      holdDay: null,
      hasPhoto: false,
      profileMark: null,
      due: true,
    });
  });

  it('says nothing of intake for an animal only fetched, and marks a practice profile', () => {
    const facts = cardFacts(
      row({ categoryId: '17', status: null }),
      { categories: CATEGORIES, profile: 'staging', today: TODAY },
      undefined,
    );
    expect(facts.cameIn).toBeNull();
    expect(facts.category).toBe('Category 17');
    expect(facts.status).toBe('No status');
    expect(facts.profileMark).toBe("Staging profile: for practice, not the shelter's records");
  });

  it('has no ID while the animal waits to be sent, in Spanish too', async () => {
    await applyLanguage('es');
    const facts = cardFacts(
      row({ key: 'local:1', id: null, pending: 1 }),
      { categories: CATEGORIES, profile: 'local', today: TODAY },
      undefined,
    );
    expect(facts.id).toBeNull();
    expect(facts.due).toBe(false);
    expect(facts.status).toBe('Adopción pendiente');
  });
});

describe('what a kennel card says of the intake record', () => {
  const record: IntakeRecord = {
    key: BEYOND_DOUBLE,
    chip: '985141000123456',
    sex: 'female',
    neutered: 'yes',
    birthDate: '2024-08-15',
    birthEstimated: true,
    intakeType: 'stray',
    intakeAt: new Date(2026, 10, 25, 16).getTime(),
    kennel: 'Dogs B3',
    holdUntil: '2026-12-01',
    hasPhoto: 1,
    updatedAt: 0,
  };

  it('reads the chip grouped, sex and age, how and when it came in, the kennel and the hold', () => {
    const facts = cardFacts(
      // Typed here a day after it came in: the record's day is the one that counts.
      row({ typedAt: new Date(2026, 10, 26, 9).getTime() }),
      { categories: CATEGORIES, profile: 'production', today: TODAY },
      record,
    );
    expect(facts).toMatchObject({
      chip: '985 141 000 123 456',
      sex: 'Female, neutered',
      age: '2 years 3 months (estimated)',
      cameIn: 'Stray on November 25, 2026',
      kennel: 'Dogs B3',
      holdDay: 'December 1, 2026',
      hasPhoto: true,
    });
  });

  it('leaves out what the record does not hold, and takes the day typed when it has no intake time', () => {
    const facts = cardFacts(
      row({ typedAt: new Date(2026, 10, 26, 9).getTime() }),
      { categories: CATEGORIES, profile: 'production', today: TODAY },
      { key: BEYOND_DOUBLE, intakeType: 'surrender', kennel: '  ', updatedAt: 0 },
    );
    expect(facts).toMatchObject({
      chip: null,
      sex: null,
      age: null,
      cameIn: 'Owner surrender on November 26, 2026',
      kennel: null,
      holdDay: null,
      hasPhoto: false,
    });
  });
});

describe('the codes on a card', () => {
  it('draws a Code 128 barcode and a QR code as SVG paths, no pictures', () => {
    const codes = cardCodes(BEYOND_DOUBLE);
    for (const svg of [codes.barcode, codes.qr]) {
      expect(svg).toMatch(/^<svg [^>]*viewBox=/);
      expect(svg).toContain('<path');
      expect(svg).not.toMatch(/<image|<script/);
    }
  });

  it('says how many modules wide the barcode is, so a label prints each at a scannable width', () => {
    // Code 128 set C: start, one symbol per two digits, checksum (11 modules each) and stop (13).
    expect(cardCodes('42').modules).toBe(11 + 11 + 11 + 13);
    expect(cardCodes('12345678').modules).toBe(11 + 4 * 11 + 11 + 13);
    // 19 digits: nine pairs, a switch of code set and the last digit alone.
    expect(cardCodes('9223372036854775807').modules).toBe(11 + 9 * 11 + 2 * 11 + 11 + 13);
  });

  it('refuses anything but digits', () => {
    expect(() => cardCodes('12a')).toThrow();
    expect(() => cardCodes('')).toThrow();
  });
});

describe('card size', () => {
  it('knows the 4×6 in label, A6 and the two cage labels, nothing else', () => {
    expect(CARD_SIZES).toEqual(['label-4x6', 'a6', 'dymo-89x36', 'zebra-102x51']);
    for (const size of CARD_SIZES) expect(isCardSize(size)).toBe(true);
    expect(isCardSize('letter')).toBe(false);
    expect(isCardSize(undefined)).toBe(false);
  });

  it('gives each size its page in millimetres, the cage labels lying on their long edge', () => {
    expect(CARD_PAGES['label-4x6']).toEqual({ widthMm: 101.6, heightMm: 152.4 });
    expect(CARD_PAGES.a6).toEqual({ widthMm: 105, heightMm: 148 });
    expect(CARD_PAGES['dymo-89x36']).toEqual({ widthMm: 89, heightMm: 36 });
    expect(CARD_PAGES['zebra-102x51']).toEqual({ widthMm: 101.6, heightMm: 50.8 });
  });

  it('puts the chip and the hold on a Dymo label, the category and kennel too on a Zebra one', () => {
    expect(labelFacts('dymo-89x36')).toEqual(['chip', 'hold']);
    expect(labelFacts('zebra-102x51')).toEqual(['category', 'chip', 'kennel', 'hold']);
    expect(labelFacts('label-4x6')).toBeNull();
    expect(labelFacts('a6')).toBeNull();
  });

  it('previews a sample stray with every fact, in the profile’s words', () => {
    const sample = sampleCardFacts('staging', TODAY);
    expect(sample).toMatchObject({
      name: 'Luna',
      category: 'Dog',
      id: '1048576',
      chip: '985 141 000 123 456',
      sex: 'Female, neutered',
      age: '2 years 3 months',
      kennel: 'B12',
      holdDay: 'December 1, 2026',
      cameIn: 'Stray on November 28, 2026',
    });
    expect(sample.profileMark).toContain('Staging');
    expect(sampleCardFacts('production', TODAY).profileMark).toBeNull();
  });
});

describe('cards to print and today’s intake', () => {
  it('lists an animal typed here once its ID arrives, until its card is printed', async () => {
    const db = freshProfileDb();
    const before = Date.now();
    const queued = await enqueueIntake(db, 'local', { name: 'Rex', categoryId: '2' });
    expect((await typedSince(db, before)).map((pet) => pet.name)).toEqual(['Rex']);
    expect(await cardsDue(db)).toEqual([]);

    const claimed = await claimEntry(db, queued.outboxId);
    if (claimed === null) throw new Error('claimed');
    await completeEntry(db, claimed, { id: BEYOND_DOUBLE, name: 'Rex', categoryId: '2' });
    // A refresh from the service keeps what only this computer knows.
    await upsertServicePets(db, [{ id: BEYOND_DOUBLE, name: 'Rex', categoryId: '2' }]);
    expect((await cardsDue(db)).map((pet) => pet.id)).toEqual([BEYOND_DOUBLE]);
    expect((await typedSince(db, before)).map((pet) => pet.id)).toEqual([BEYOND_DOUBLE]);
    // Typed before the day asked about: not today's.
    expect(await typedSince(db, Date.now() + 60_000)).toEqual([]);

    await markCardsPrinted(db, [BEYOND_DOUBLE]);
    expect(await cardsDue(db)).toEqual([]);
    expect((await db.pets.get(BEYOND_DOUBLE))?.typedAt).toBe(claimed.createdAt);
  });

  it('never lists an animal only fetched from the service', async () => {
    const db = freshProfileDb();
    await upsertServicePets(db, [{ id: '5', name: 'Fetched', categoryId: '2' }]);
    expect(await cardsDue(db)).toEqual([]);
    expect(await typedSince(db, 0)).toEqual([]);
  });
});

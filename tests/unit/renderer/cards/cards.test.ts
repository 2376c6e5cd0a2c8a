import { afterEach, describe, expect, it } from 'vitest';
import { cardCodes } from '../../../../src/cards/barcodes';
import { cardFacts } from '../../../../src/cards/card-facts';
import { isCardSize } from '../../../../src/cards/card-size';
import { indexCategories } from '../../../../src/data/category-list';
import { cardsDue, markCardsPrinted, typedSince } from '../../../../src/data/cards';
import type { CachedPet } from '../../../../src/data/db';
import { claimEntry, completeEntry, enqueueIntake } from '../../../../src/data/outbox';
import { upsertServicePets } from '../../../../src/data/pets';
import { applyLanguage } from '../../../../src/i18n';
import { freshProfileDb } from '../data/test-db';

afterEach(() => applyLanguage('en'));

const CATEGORIES = indexCategories([{ id: '2', name: 'Dog' }]);
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
    const facts = cardFacts(row({ typedAt: new Date(2026, 10, 26, 9).getTime(), cardDue: 1 }), {
      categories: CATEGORIES,
      profile: 'production',
    });
    expect(facts).toMatchObject({
      name: 'Bella',
      category: 'Dog',
      status: 'Adoption pending',
      id: BEYOND_DOUBLE,
      intakeDay: 'November 26, 2026',
      profileMark: null,
      due: true,
    });
  });

  it('says nothing of intake for an animal only fetched, and marks a practice profile', () => {
    const facts = cardFacts(row({ categoryId: '17', status: null }), {
      categories: CATEGORIES,
      profile: 'staging',
    });
    expect(facts.intakeDay).toBeNull();
    expect(facts.category).toBe('Category 17');
    expect(facts.status).toBe('No status');
    expect(facts.profileMark).toBe("Staging profile: for practice, not the shelter's records");
  });

  it('has no ID while the animal waits to be sent, in Spanish too', async () => {
    await applyLanguage('es');
    const facts = cardFacts(row({ key: 'local:1', id: null, pending: 1 }), {
      categories: CATEGORIES,
      profile: 'local',
    });
    expect(facts.id).toBeNull();
    expect(facts.due).toBe(false);
    expect(facts.status).toBe('Adopción pendiente');
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

  it('refuses anything but digits', () => {
    expect(() => cardCodes('12a')).toThrow();
    expect(() => cardCodes('')).toThrow();
  });
});

describe('card size', () => {
  it('knows the label and A6, nothing else', () => {
    expect(isCardSize('label-4x6')).toBe(true);
    expect(isCardSize('a6')).toBe(true);
    expect(isCardSize('letter')).toBe(false);
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

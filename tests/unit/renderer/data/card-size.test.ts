import { describe, expect, it } from 'vitest';
import { readCardSize, saveCardSize } from '../../../../src/data/card-size';
import { profileToSave } from '../../../../src/data/desk-snapshot';
import { writeTaken, type TakenProfile } from '../../../../src/data/desk-take';
import { isProfileContents } from '../../../../src/desk-file/desk-file-shape';
import { freshIdb, freshProfileDb } from './test-db';

/**
 * The card size is a choice of each profile, kept in its database and carried
 * by the desk file when the profile made one.
 */

function taken(settings: TakenProfile['settings']): TakenProfile {
  return {
    records: [],
    photoKeys: [],
    categories: null,
    animals: [],
    queue: [],
    history: [],
    settings,
    fileId: null,
  };
}

describe('the card size of a profile', () => {
  it('is none until one is chosen, then the one chosen', async () => {
    const db = freshProfileDb();
    expect(await readCardSize(db)).toBeUndefined();
    for (const size of ['dymo-89x36', 'zebra-102x51', 'a6', 'label-4x6'] as const) {
      await saveCardSize(db, size);
      expect(await readCardSize(db)).toBe(size);
    }
  });

  it('is none when what is stored is not a size', async () => {
    const db = freshProfileDb();
    await db.meta.put({ key: 'cards.size', value: 'letter' });
    expect(await readCardSize(db)).toBeUndefined();
  });

  it('belongs to each profile’s own database', async () => {
    const idb = freshIdb();
    const local = freshProfileDb('local', idb);
    const staging = freshProfileDb('staging', idb);
    await saveCardSize(local, 'dymo-89x36');
    await saveCardSize(staging, 'zebra-102x51');
    expect(await readCardSize(local)).toBe('dymo-89x36');
    expect(await readCardSize(staging)).toBe('zebra-102x51');
  });
});

describe('the card size in a desk file', () => {
  it('is saved with the profile’s settings when it chose one, and left out when not', async () => {
    const db = freshProfileDb();
    const before = await profileToSave(db, 'local', '');
    expect(before.contents.settings).not.toHaveProperty('cardSize');
    await saveCardSize(db, 'zebra-102x51');
    const after = await profileToSave(db, 'local', '');
    expect(after.contents.settings.cardSize).toBe('zebra-102x51');
    expect(isProfileContents(after.contents)).toBe(true);
  });

  it('is taken in with the settings; a file without one leaves the profile’s own', async () => {
    const db = freshProfileDb();
    await saveCardSize(db, 'a6');
    await writeTaken(db, taken({ holdSeconds: 10, strayHoldDays: 3 }), new Map());
    expect(await readCardSize(db)).toBe('a6');
    await writeTaken(
      db,
      taken({ holdSeconds: 10, strayHoldDays: 3, cardSize: 'dymo-89x36' }),
      new Map(),
    );
    expect(await readCardSize(db)).toBe('dymo-89x36');
  });

  it('makes the file refused when it is not a size Kennel knows', async () => {
    const { contents } = await profileToSave(freshProfileDb(), 'local', '');
    const settings = { holdSeconds: 10, strayHoldDays: 3 };
    expect(isProfileContents({ ...contents, settings })).toBe(true);
    expect(isProfileContents({ ...contents, settings: { ...settings, cardSize: 'a6' } })).toBe(
      true,
    );
    expect(isProfileContents({ ...contents, settings: { ...settings, cardSize: 'letter' } })).toBe(
      false,
    );
  });
});

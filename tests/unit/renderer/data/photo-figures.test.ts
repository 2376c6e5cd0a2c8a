import { afterEach, describe, expect, it } from 'vitest';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { saveRecord } from '../../../../src/data/records';
import { describePhotos, photoFigures } from '../../../../src/data/storage-health';
import { applyLanguage } from '../../../../src/i18n';
import { freshProfileDb } from './test-db';

afterEach(() => applyLanguage('en'));

/** A photo as the photo code stores it: a JPEG data URL of `length` characters. */
function photo(length: number) {
  const prefix = 'data:image/jpeg;base64,';
  return {
    kind: 'set' as const,
    dataUrl: prefix + 'A'.repeat(length - prefix.length),
    width: 800,
    height: 600,
  };
}

describe('the photos in the storage figures', () => {
  it('counts the profile’s photos and their size as stored, and nothing of a profile without any', async () => {
    const db = freshProfileDb();
    expect(await photoFigures(db)).toEqual({ count: 0, bytes: 0 });

    await enqueueIntake(
      db,
      'local',
      { name: 'Pip', categoryId: '2' },
      {
        fields: { kennel: 'Cats 1' },
        photo: photo(40_000),
      },
    );
    await enqueueIntake(
      db,
      'local',
      { name: 'Moss', categoryId: '2' },
      {
        fields: { chip: '985141000123456' },
        photo: { kind: 'keep' },
      },
    );
    const queued = await enqueueIntake(db, 'local', { name: 'Fern', categoryId: '2' });
    await saveRecord(db, queued.localKey, { fields: {}, photo: photo(60_500) });
    expect(await photoFigures(db)).toEqual({ count: 2, bytes: 100_500 });

    // A photo taken away is no longer counted.
    await saveRecord(db, queued.localKey, { fields: {}, photo: { kind: 'remove' } });
    expect(await photoFigures(db)).toEqual({ count: 1, bytes: 40_000 });
    db.close();
  });

  it('says how many, how much and for which profile, in both languages', async () => {
    expect(describePhotos({ count: 0, bytes: 0 }, 'local', 'en')).toBe(
      'No photos are kept for the Local profile.',
    );
    expect(describePhotos({ count: 1, bytes: 95_000 }, 'production', 'en')).toBe(
      'The Production profile keeps 1 photo on this computer, 95 kB in all.',
    );
    expect(describePhotos({ count: 1200, bytes: 118_400_000 }, 'staging', 'en')).toBe(
      'The Staging profile keeps 1,200 photos on this computer, 118 MB in all.',
    );
    await applyLanguage('es');
    expect(describePhotos({ count: 3, bytes: 2_500_000 }, 'local', 'es')).toBe(
      'El perfil Local guarda 3 fotos en este equipo, 2,5 MB en total.',
    );
  });
});

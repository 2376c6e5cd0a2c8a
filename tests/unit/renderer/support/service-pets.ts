/**
 * Service animals in the cache the way a catalogue refresh puts them there
 * (`upsertServicePets`), at the times a test names.
 */
import { vi } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import type { CachedPet, KennelDb } from '../../../../src/data/db';
import { upsertServicePets } from '../../../../src/data/pets';
import { freshProfileDb } from '../data/test-db';

/** When a refresh wrote the rows, and when one first brought them in. */
export interface SeenAt {
  now?: number;
  firstSeenAt?: number;
}

/**
 * Writes `pets` into `db` by a refresh at `now`; with `firstSeenAt` earlier,
 * an earlier refresh brought them in then.
 */
export async function putServicePets(
  db: KennelDb,
  pets: readonly Pet[],
  { now = Date.now(), firstSeenAt = now }: SeenAt = {},
): Promise<void> {
  const clock = vi.spyOn(Date, 'now');
  try {
    if (firstSeenAt !== now) {
      clock.mockReturnValue(firstSeenAt);
      await upsertServicePets(db, pets);
    }
    clock.mockReturnValue(now);
    await upsertServicePets(db, pets);
  } finally {
    clock.mockRestore();
  }
}

/** The cache rows a refresh writes for `pets`, read back from a database of their own. */
export async function cachedPets(pets: readonly Pet[], seen: SeenAt = {}): Promise<CachedPet[]> {
  const db = freshProfileDb();
  try {
    await putServicePets(db, pets, seen);
    const rows = await db.pets.bulkGet(pets.map((pet) => pet.id));
    return rows.filter((row): row is CachedPet => row !== undefined);
  } finally {
    db.close();
  }
}

/** The cache row a refresh writes for `pet`. */
export async function cachedPet(pet: Pet, seen: SeenAt = {}): Promise<CachedPet> {
  const [row] = await cachedPets([pet], seen);
  if (row === undefined) throw new Error(`The refresh did not write animal ${pet.id}.`);
  return row;
}

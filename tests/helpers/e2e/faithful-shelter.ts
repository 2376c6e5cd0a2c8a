/**
 * Shelters a test fills itself, for the specs that must hold against the
 * reference service as the spec shows it (a list of at most `limit`, nothing
 * beyond it) and again with its opt-in `Link` pagination.
 *
 * Without pagination a client sees at most the union of four lists: the first
 * 100 unfiltered and the first 100 of each status. A shelter whose every
 * animal past the first 100 has a status, and whose status lists each hold
 * fewer than 100, is wholly in that union, so a test can expect the same
 * animals in both modes and write them down plainly.
 */
import { startReferenceService } from '../../../server/index';
import { SHORT_WINDOWS } from './fixtures';
import type { ServiceControl } from './service-control';
import { createPetDirectly } from './service-direct';

/** The two ways the reference service lists animals; the spec's own first. */
export const LIST_MODES = [
  { pagination: false, title: 'a service as the spec shows it (nothing beyond limit)' },
  { pagination: true, title: 'a service that sends Link pages (an extension)' },
] as const;

export type Status = 'available' | 'pending' | 'sold';
export const STATUSES: readonly Status[] = ['available', 'pending', 'sold'];

/** An animal a test puts on the service. */
export interface ShelterAnimal {
  name: string;
  categoryId: number;
  status?: Status;
}

/** An animal as the service stored it: what was sent, and the id it was given (as text). */
export interface ShelterPet extends ShelterAnimal {
  id: string;
}

/**
 * Creates `animals` on the service one after another, in order, behind the
 * app's back (so each later one has a larger id: the last is the newest).
 */
export async function fillShelter(
  url: string,
  key: string,
  animals: readonly ShelterAnimal[],
): Promise<ShelterPet[]> {
  const created: ShelterPet[] = [];
  for (const animal of animals) {
    const { id } = await createPetDirectly(url, key, animal);
    created.push({ ...animal, id });
  }
  return created;
}

/** The list's own order for animals the service holds: newest (largest id) first. */
export function newestFirst<T extends { id: string | bigint }>(pets: readonly T[]): T[] {
  return [...pets].sort((a, b) => {
    const x = BigInt(a.id);
    const y = BigInt(b.id);
    return x > y ? -1 : x < y ? 1 : 0;
  });
}

/** Two lowercase letters for `n` (0 → "aa", 27 → "bb"): names without digits. */
export function letters(n: number): string {
  const a = 'a'.charCodeAt(0);
  return String.fromCharCode(a + (Math.floor(n / 26) % 26), a + (n % 26));
}

/** A service of the test's own, started in place of the fixture's. */
export interface RestoredService {
  url: string;
  /** Its animals now, in id order, ids as text. */
  pets(): { id: string; name: string; status?: string }[];
  close(): Promise<void>;
}

/**
 * The service comes back from a backup taken before some animals were added:
 * stops `service` and starts a fresh reference service on the same port (so the
 * app's address still reaches it) with the `seed` animals only. The spec shows no
 * delete, but a service that no longer lists an animal is what "not seen since"
 * is about, and this is how a real one gets there. Close it at the end of the test.
 */
export async function restoreFromBackup(
  service: ServiceControl,
  options: { seed: number; pagination: boolean },
): Promise<RestoredService> {
  await service.stop();
  const restored = await startReferenceService({
    port: service.port,
    windows: SHORT_WINDOWS,
    seed: options.seed,
    pagination: options.pagination,
  });
  return {
    url: restored.url,
    pets: () => restored.state.pets().map((pet) => ({ ...pet, id: pet.id.toString() })),
    close: () => restored.close(),
  };
}

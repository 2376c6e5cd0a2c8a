/**
 * What one profile's outbox still holds, counted for the question asked when
 * the desk closes (`stores/unfinished.ts`). Counted by the indexes, never by
 * reading the whole queue: it runs again after every write to the outbox of
 * every profile, and a queue can hold a thousand imported animals.
 */
import { PROFILES, type ProfileName } from '../../electron/contract/profiles';
import type { KennelDb } from './db';
import { profileDbName } from './db-name';
import { isHeld } from './hold';
import { openExisting, pageIndexedDb } from './page-idb';

/** One profile's unfinished animals, by what becomes of them. */
export interface UnfinishedCounts {
  /** Waiting to be sent, their hold over (or none): sent as soon as the service can be reached. */
  waiting: number;
  /** In the hold before sending: sent once it ends. */
  held: number;
  /** Kept back while someone corrects them: they wait for staff, never sent meanwhile. */
  correcting: number;
  /** Refused by the service, or set aside for staff to decide: they wait for staff. */
  attention: number;
}

/**
 * The counts of `db` at `now`. Read-only, so it can run inside a live query.
 * Three native counts by state, and one walk over the `heldUntil` index, which
 * files only the animals still in their hold's spell (a claim takes them out).
 */
export async function unfinishedCounts(db: KennelDb, now: number): Promise<UnfinishedCounts> {
  const [queued, sending, attention] = await Promise.all(
    (['queued', 'sending', 'needs-attention'] as const).map((state) =>
      db.outbox.where('state').equals(state).count(),
    ),
  );
  let held = 0;
  let correcting = 0;
  await db.outbox
    .where('heldUntil')
    .aboveOrEqual(-Infinity)
    .each((entry) => {
      if (entry.state !== 'queued') return;
      if (entry.editing === true) correcting += 1;
      else if (isHeld(entry, now)) held += 1;
    });
  const inQueue = (queued ?? 0) + (sending ?? 0);
  return {
    waiting: Math.max(0, inQueue - held - correcting),
    held,
    correcting,
    attention: attention ?? 0,
  };
}

/**
 * The profiles whose database exists on this computer: only those can hold
 * anything unfinished, and opening another would create an empty one. Where
 * the browser cannot list its databases, each is looked for without creating it.
 */
export async function profilesWithData(): Promise<ProfileName[]> {
  const factory = pageIndexedDb();
  if (factory === undefined) return [];
  if (typeof factory.databases === 'function') {
    try {
      const names = new Set((await factory.databases()).map((info) => info.name));
      return PROFILES.filter((profile) => names.has(profileDbName(profile)));
    } catch {
      // Looked for one by one, below.
    }
  }
  const found = await Promise.all(
    PROFILES.map(async (profile) => {
      try {
        (await openExisting(factory, profileDbName(profile))).close();
        return true;
      } catch {
        return false;
      }
    }),
  );
  return PROFILES.filter((_, i) => found[i] === true);
}

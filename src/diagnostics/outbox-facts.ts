/**
 * The queue's figures for the diagnostics record, read from the profile's
 * database. Read-only; the entries' animals never leave this module: only
 * counts and each failure's typed error do.
 */
import type { KennelDb } from '../data/db';
import { isHeld } from '../data/hold';
import { canTakeBack } from '../data/entry-change';
import { readOutbox } from '../data/outbox-reads';
import { quarantineCount } from '../data/quarantine';
import type { BridgeError } from '../../electron/contract/errors';

/** A failure and when it happened (epoch ms), if that was kept. */
export interface DatedError {
  error: BridgeError;
  at: number | null;
}

/** How many entries are in each state, and the failures they keep. */
export interface OutboxFacts {
  /** Waiting their turn (held ones included). */
  queued: number;
  /** Claimed by the replayer, a create on its way. */
  sending: number;
  needsAttention: number;
  /** Queued, never tried and still in their hold: they can be taken back. */
  held: number;
  /** Records set aside because they failed their check when read back. */
  setAside: number;
  /** Each entry's last failure, with when it was tried. */
  errors: DatedError[];
}

/** Reads the figures of `db`'s outbox as they stand at `now`. */
export async function readOutboxFacts(db: KennelDb, now: number): Promise<OutboxFacts> {
  const [entries, setAside] = await Promise.all([readOutbox(db), quarantineCount(db)]);
  const facts: OutboxFacts = {
    queued: 0,
    sending: 0,
    needsAttention: 0,
    held: 0,
    setAside,
    errors: [],
  };
  for (const entry of entries) {
    if (entry.state === 'queued') facts.queued += 1;
    else if (entry.state === 'sending') facts.sending += 1;
    else facts.needsAttention += 1;
    if (canTakeBack(entry) && isHeld(entry, now)) facts.held += 1;
    if (entry.lastError !== null) {
      facts.errors.push({ error: entry.lastError, at: entry.lastAttemptAt ?? null });
    }
  }
  return facts;
}

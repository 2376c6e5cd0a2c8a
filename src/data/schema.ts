/**
 * Every version of the cache schema, oldest first. Versions are only ever
 * appended, never edited: a database created by an older build upgrades by
 * running each later version's `upgrade` in turn.
 *
 * To add a version: append an entry with the next number, the full `stores`
 * map of that version (Dexie diffs it against the previous one), and an
 * `upgrade` that rewrites existing rows when their shape changes. Then add a
 * test that opens a database populated at the previous version, and record
 * the new version's fixture (tests/fixtures/schema/README.md).
 */
import type Dexie from 'dexie';
import type { Transaction } from 'dexie';
import { foldText } from '../text/fold';
import { pendingOrder, syncedOrder } from './order';

/** One schema version: its stores and the code that brings older rows up to it. */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

/** All versions, oldest first. Append only. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    // The first shipped schema: animals, the outbox and a key/value table.
    version: 1,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt',
      outbox: 'id, seq, state, nextAttemptAt',
      meta: 'key',
    },
  },
  {
    // Lists need one index that sorts pending-first then newest-first (with and
    // without a status filter), and rows that fail validation need a place to
    // be kept instead of being dropped.
    version: 2,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt, order, [status+order]',
      outbox: 'id, seq, state, nextAttemptAt',
      meta: 'key',
      quarantine: '++id, table, at',
    },
    upgrade: async (tx) => {
      const seqByEntry = new Map<string, number>();
      await tx
        .table('outbox')
        .toCollection()
        .each((entry: { id?: unknown; seq?: unknown }) => {
          if (typeof entry.id === 'string' && typeof entry.seq === 'number') {
            seqByEntry.set(entry.id, entry.seq);
          }
        });
      await tx
        .table('pets')
        .toCollection()
        .modify((pet: Record<string, unknown>) => {
          pet.order = orderForV1Row(pet, seqByEntry);
        });
    },
  },
  {
    // Reconciling a create whose answer was lost needs to know which cached
    // animals were already known before the attempt: each row records when it
    // was first seen. No index changes. Existing rows take their last update
    // time, which errs towards "maybe new" (the user is asked) rather than
    // towards "known" (which could send the animal twice).
    version: 3,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt, order, [status+order]',
      outbox: 'id, seq, state, nextAttemptAt',
      meta: 'key',
      quarantine: '++id, table, at',
    },
    upgrade: async (tx) => {
      await tx
        .table('pets')
        .toCollection()
        .modify((pet: Record<string, unknown>) => {
          if (typeof pet.firstSeenAt !== 'number') {
            pet.firstSeenAt = typeof pet.updatedAt === 'number' ? pet.updatedAt : 0;
          }
        });
    },
  },
  {
    // The add form warns about an animal entered twice (same name, same
    // category): one index finds the look-alikes of a name at once, instead
    // of reading every animal a recent refresh touched. Existing rows get
    // their folded name.
    version: 4,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt, order, [status+order], [categoryId+nameKey]',
      outbox: 'id, seq, state, nextAttemptAt',
      meta: 'key',
      quarantine: '++id, table, at',
    },
    upgrade: async (tx) => {
      await tx
        .table('pets')
        .toCollection()
        .modify((pet: Record<string, unknown>) => {
          if (typeof pet.name === 'string') pet.nameKey = foldText(pet.name);
        });
    },
  },
  {
    // The shelter's names for category numbers, one list per profile (the
    // spec has no category record). No existing rows change.
    version: 5,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt, order, [status+order], [categoryId+nameKey]',
      outbox: 'id, seq, state, nextAttemptAt',
      meta: 'key',
      quarantine: '++id, table, at',
      categories: 'id',
    },
  },
  {
    // The hold before sending (`hold.ts`): the list of animals still waiting
    // on this computer reads only the entries that have a hold, not the whole
    // queue after every write. Existing entries have none; no rows change.
    version: 6,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt, order, [status+order], [categoryId+nameKey]',
      outbox: 'id, seq, state, nextAttemptAt, heldUntil',
      meta: 'key',
      quarantine: '++id, table, at',
      categories: 'id',
    },
  },
  {
    // The day at a glance and kennel cards: today's intake and today's sends
    // are read by when they happened, and the cards still to print (animals
    // whose ID arrived after intake) by a field only they carry. Pending rows
    // written before now get their typing time from their entry.
    version: 7,
    stores: {
      pets: 'key, id, status, pending, outboxId, updatedAt, order, [status+order], [categoryId+nameKey], typedAt, sentAt, cardDue',
      outbox: 'id, seq, state, nextAttemptAt, heldUntil',
      meta: 'key',
      quarantine: '++id, table, at',
      categories: 'id',
    },
    upgrade: async (tx) => {
      const typedAtByEntry = new Map<string, number>();
      await tx
        .table('outbox')
        .toCollection()
        .each((entry: { id?: unknown; createdAt?: unknown }) => {
          if (typeof entry.id === 'string' && typeof entry.createdAt === 'number') {
            typedAtByEntry.set(entry.id, entry.createdAt);
          }
        });
      await tx
        .table('pets')
        .where('pending')
        .equals(1)
        .modify((pet: Record<string, unknown>) => {
          const typedAt =
            typeof pet.outboxId === 'string' ? typedAtByEntry.get(pet.outboxId) : undefined;
          if (typedAt !== undefined && pet.typedAt === undefined) pet.typedAt = typedAt;
        });
    },
  },
  {
    // A failure's words from the service travel as their own field
    // (`BridgeError.serviceMessage`) instead of inside Kennel's English
    // message. Entries that failed before keep them: they are read once,
    // here, out of the message's old shape "… (HTTP 400): <their words>".
    version: 8,
    // No table or index changes: Dexie keeps version 7's.
    stores: {},
    upgrade: async (tx) => {
      await tx
        .table('outbox')
        .toCollection()
        .modify((entry: { lastError?: Record<string, unknown> | null }) => {
          const error = entry.lastError;
          if (typeof error !== 'object' || error === null || error.serviceMessage !== undefined) {
            return;
          }
          const said =
            typeof error.message === 'string'
              ? /\(HTTP \d{3}\):\s*(.+)$/s.exec(error.message)?.[1]?.trim()
              : undefined;
          if (said) error.serviceMessage = said;
        });
    },
  },
  {
    // The intake record (`src/records/`): what the shelter keeps about an
    // animal that the service has no place for, keyed like the animal's row,
    // and its photo apart, so the list and search never read image bytes.
    // A chip is looked up by its number, the day's intake by its time, holds
    // ending and outcomes by their day. No existing rows change.
    version: 9,
    stores: {
      records: 'key, chip, intakeAt, holdUntil, outcomeOn',
      photos: 'key',
    },
  },
  {
    // The desk's history (`history-event.ts`): what staff did here, by time
    // and kind, and by animal so an animal's own history is one range read.
    version: 10,
    stores: {
      history: 'key, at, kind, petKey',
    },
  },
];

/** The newest schema version this build knows. */
export const LATEST_SCHEMA_VERSION = SCHEMA_VERSIONS[SCHEMA_VERSIONS.length - 1]?.version ?? 0;

function orderForV1Row(pet: Record<string, unknown>, seqByEntry: Map<string, number>): string {
  if (pet.pending === 1) {
    const seq = typeof pet.outboxId === 'string' ? seqByEntry.get(pet.outboxId) : undefined;
    // A pending row whose entry is gone still sorts with the pending ones.
    return pendingOrder(seq ?? 0);
  }
  return syncedOrder(typeof pet.id === 'string' ? pet.id : '0');
}

/**
 * Declares `versions` on a Dexie instance. Tests pass a prefix of
 * {@link SCHEMA_VERSIONS} to create a database as an older build would have.
 */
export function applySchema(db: Dexie, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS): void {
  for (const v of versions) {
    const declared = db.version(v.version).stores(v.stores);
    if (v.upgrade) declared.upgrade(v.upgrade);
  }
}

/**
 * Every shipped schema version, upgraded from a database its own build wrote
 * (`tests/fixtures/schema`): today's build opens it and finds every row in
 * today's shape, nothing lost, nothing doubled, nothing set aside.
 */
// Dexie's live queries run only where the page has an IndexedDB of its own;
// each test still gets a database factory of its own.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readCategories } from '../../../../src/data/categories';
import { KennelDb, type OutboxEntry } from '../../../../src/data/db';
import { historyEventProblem } from '../../../../src/data/history-checks';
import { readHoldSeconds } from '../../../../src/data/hold';
import { DEFAULT_STRAY_HOLD_DAYS } from '../../../../src/data/intake-record';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { completeEntry, recoverInFlight } from '../../../../src/data/send-steps';
import { readAllRecords, readPhoto, readRecord } from '../../../../src/data/records';
import { readStrayHoldDays } from '../../../../src/data/stray-hold';
import { findCachedPet, petsPage } from '../../../../src/data/pets';
import {
  LATEST_SCHEMA_VERSION,
  SCHEMA_VERSIONS,
  type SchemaVersion,
} from '../../../../src/data/schema';
import { storageReadMessage } from '../../../../src/errors/storage-read';
import { t } from '../../../../src/i18n';
import { foldText } from '../../../../src/text/fold';
import { eventually } from '../../../helpers/eventually';
import {
  ATTENTION_SERVICE_WORDS,
  deskNames,
  deskPets,
  deskRecords,
  DESK_PHOTO,
  HOLD_SECONDS,
  SENT_ID,
  STRAY_HOLD_DAYS,
} from '../../../fixtures/schema/desk';
import { FIXTURE_VERSIONS, schemaFixture } from '../../../fixtures/schema/fixtures';
import { dumpDatabase, restoreDatabase } from '../../../helpers/raw-idb';
import { freshIdb } from './test-db';

/** Today's database over the fixture of `version`, opened (so upgraded). */
async function openFixture(version: number): Promise<KennelDb> {
  const idb = freshIdb();
  await restoreDatabase(schemaFixture(version), idb.indexedDB);
  const db = new KennelDb('kennel-local', idb);
  await db.open();
  return db;
}

function only<T>(items: readonly T[], what: string): T {
  expect(items, what).toHaveLength(1);
  const [item] = items;
  if (item === undefined) throw new Error(what);
  return item;
}

describe.each(FIXTURE_VERSIONS)('a desk written by the build of schema %i', (version) => {
  const names = deskNames(version);
  const waiting = [...names.queued, names.lookAlike, names.lost, names.midSend];
  if (version >= 6) waiting.push(names.held);
  const entryNamed = (entries: readonly OutboxEntry[], name: string) =>
    only(
      entries.filter((e) => e.payload.name === name),
      name,
    );

  it('opens at today’s version with every queued animal once in the outbox and once in the list', async () => {
    const db = await openFixture(version);
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);
    const entries = await readOutbox(db);
    expect(entries.map((e) => e.payload.name).sort()).toEqual([...waiting, names.attention].sort());
    const rows = await petsPage(db, 'all', 0, 100);
    const pending = rows.filter((row) => row.pending === 1);
    for (const entry of entries) {
      const row = only(
        pending.filter((p) => p.outboxId === entry.id),
        entry.payload.name,
      );
      expect(row.key).toBe(entry.localKey);
      expect(row.name).toBe(entry.payload.name);
      // Schema 7 gave every pending row its typing time from its entry.
      expect(row.typedAt).toBe(entry.createdAt);
    }
    expect(pending).toHaveLength(entries.length);
    // Pending first, in the order they were typed.
    expect(rows.slice(0, entries.length).map((r) => r.name)).toEqual(
      [...entries].sort((a, b) => a.seq - b.seq).map((e) => e.payload.name),
    );
    db.close();
  });

  it('keeps the refused animal for staff, the lost answer to be looked up, and the one that was out', async () => {
    const db = await openFixture(version);
    const entries = await readOutbox(db);
    const refused = entryNamed(entries, names.attention);
    expect(refused.state).toBe('needs-attention');
    expect(refused.lastError?.kind).toBe('validation');
    // Schema 8 read the service's words out of the older builds' message.
    expect(refused.lastError?.serviceMessage).toBe(ATTENTION_SERVICE_WORDS);
    const lost = entryNamed(entries, names.lost);
    expect(lost.state).toBe('queued');
    expect(lost.outcomeUnknownAt).toEqual(expect.any(Number));
    const out = entryNamed(entries, names.midSend);
    expect(out.state).toBe('sending');
    // As the engine does on start: the one that was out becomes a lost answer too.
    const now = Date.now();
    expect(await recoverInFlight(db, now)).toBe(1);
    const recovered = await db.outbox.get(out.id);
    expect(recovered?.state).toBe('queued');
    expect(recovered?.outcomeUnknownAt).toEqual(expect.any(Number));
    db.close();
  });

  it('keeps the cached animals with their exact ids, and finds the look-alike by its folded name', async () => {
    const db = await openFixture(version);
    for (const pet of deskPets(version)) {
      const cached = await findCachedPet(db, pet.id);
      expect(cached, pet.name).toMatchObject({
        id: pet.id,
        key: pet.id,
        name: pet.name,
        pending: 0,
      });
      expect(cached?.firstSeenAt).toEqual(expect.any(Number));
    }
    expect((await findCachedPet(db, SENT_ID))?.name).toBe(names.sent);
    const twins = await db.pets
      .where('[categoryId+nameKey]')
      .equals(['2', foldText(names.lookAlike)])
      .toArray();
    expect(twins).toHaveLength(2);
    expect(new Set(twins.map((t) => t.pending))).toEqual(new Set([0, 1]));
    db.close();
  });

  it('keeps the staff’s choices where the build had them: category names and the hold', async () => {
    const db = await openFixture(version);
    const categories = await readCategories(db);
    expect(categories).toEqual(
      version >= 5
        ? [
            { id: '1', name: 'Dog' },
            { id: '2', name: 'Cat' },
            { id: '3', name: 'Rabbit' },
          ]
        : [],
    );
    if (version >= 6) {
      expect(await readHoldSeconds(db)).toBe(HOLD_SECONDS);
      const held = entryNamed(await readOutbox(db), names.held);
      expect(held.heldUntil).toBe(held.createdAt + HOLD_SECONDS * 1000);
    }
    db.close();
  });

  it('keeps every intake record with its animal, and each follows a queued animal to its ID', async () => {
    const db = await openFixture(version);
    const records = await readAllRecords(db);
    if (version < 9) {
      // Before schema 9 there was nowhere to keep one: the desk starts with none.
      expect(records).toEqual([]);
      expect(await readStrayHoldDays(db)).toBe(DEFAULT_STRAY_HOLD_DAYS);
      db.close();
      return;
    }
    const written = deskRecords(version);
    expect(await readStrayHoldDays(db)).toBe(STRAY_HOLD_DAYS);
    expect(await readRecord(db, SENT_ID)).toMatchObject(written.sent);
    expect(await readRecord(db, '7')).toMatchObject(written.outcome);
    const stray = entryNamed(await readOutbox(db), names.queued[0] ?? '');
    expect(await readRecord(db, stray.localKey)).toMatchObject({ ...written.queued, hasPhoto: 1 });
    expect((await readPhoto(db, stray.localKey))?.dataUrl).toBe(DESK_PHOTO);
    // Sent after the upgrade: the record and the photo move to the ID the service gives.
    await completeEntry(db, stray, { id: '4242', name: stray.payload.name, categoryId: '1' });
    expect(await readRecord(db, stray.localKey)).toBeUndefined();
    expect(await readRecord(db, '4242')).toMatchObject({ ...written.queued, hasPhoto: 1 });
    expect((await readPhoto(db, '4242'))?.dataUrl).toBe(DESK_PHOTO);
    db.close();
  });

  it('keeps the desk’s history where the build wrote one, starts an older desk with none, and writes on', async () => {
    const db = await openFixture(version);
    const rows = await db.history.orderBy('at').toArray();
    if (version < 10) {
      expect(rows).toEqual([]);
    } else {
      expect(rows.map((row) => historyEventProblem(row))).toEqual(rows.map(() => null));
      expect(rows.map((row) => row.kind)).toEqual([
        'typed',
        'sent',
        ...names.queued.map(() => 'typed'),
        'typed',
        'typed',
        'refused',
        'typed',
        'typed',
        'outcome-recorded',
        'typed',
      ]);
      expect(rows.find((row) => row.kind === 'sent')).toMatchObject({
        petId: SENT_ID,
        name: names.sent,
        desk: 'Front desk',
        initials: 'AB',
      });
    }
    const queued = await enqueueIntake(db, 'local', { name: 'After the upgrade', categoryId: '1' });
    const written = await db.history.where('petKey').equals(queued.localKey).toArray();
    expect(written.map((row) => [row.kind, row.name])).toEqual([['typed', 'After the upgrade']]);
    db.close();
  });

  it('sets nothing aside: every row reads back as valid', async () => {
    const db = await openFixture(version);
    await readOutbox(db);
    await petsPage(db, 'all', 0, 100);
    await readCategories(db);
    // A row damaged on purpose, handed over after the reads: once it is set
    // aside, the step has been through whatever they handed over.
    const probe = { key: 'probe', id: '0', name: 42 };
    await (db.pets as unknown as { put(row: unknown): Promise<unknown> }).put(probe);
    await findCachedPet(db, 'probe');
    await eventually(async () => expect(await db.quarantine.count()).toBe(1));
    expect((await db.quarantine.toArray()).map((kept) => kept.row)).toEqual([probe]);
    db.close();
  });
});

describe('today’s build on a database a newer build wrote', () => {
  /**
   * A made-up next version, as a real one might be: a new store, a new index,
   * and one of today's indexes dropped (which today's build would miss).
   */
  const petsToday = SCHEMA_VERSIONS.map((v) => v.stores.pets).findLast(Boolean) ?? '';
  const NEXT: SchemaVersion = {
    version: LATEST_SCHEMA_VERSION + 1,
    stores: { notes: 'id', pets: `${petsToday.replace(', cardDue', '')}, colour` },
  };
  const withNext = [...SCHEMA_VERSIONS, NEXT];

  it('refuses to open it, changes nothing, and the newer build then opens it whole', async () => {
    const idb = freshIdb();
    await restoreDatabase(schemaFixture(LATEST_SCHEMA_VERSION), idb.indexedDB);
    const newer = new KennelDb('kennel-local', idb, withNext);
    await newer.open();
    await newer.table('notes').put({ id: 'n1', text: 'from the newer build' });
    newer.close();
    const before = await dumpDatabase('kennel-local', idb.indexedDB);
    expect(before.version).toBe((LATEST_SCHEMA_VERSION + 1) * 10);

    const today = new KennelDb('kennel-local', idb);
    expect(petsToday).toContain(', cardDue');
    const refusal = await today.open().then(
      () => null,
      (err: unknown) => err,
    );
    // A screen's live query hears the same reason, rather than waiting on in silence.
    const heard = await new Promise<unknown>((resolve) => {
      today
        .live(() => today.pets.count())
        .subscribe({
          next: () => resolve(null),
          error: (err: unknown) => resolve(err),
        });
      setTimeout(() => resolve('no answer'), 5000);
    });
    expect((heard as { name?: unknown } | null)?.name).toBe('VersionError');
    today.close();
    expect(await dumpDatabase('kennel-local', idb.indexedDB)).toEqual(before);
    expect((refusal as { name?: unknown } | null)?.name).toBe('VersionError');
    expect(storageReadMessage(refusal, 'the animals')).toBe(
      t('data.read.newerVersion', { what: 'the animals' }),
    );

    const again = new KennelDb('kennel-local', idb, withNext);
    await again.open();
    expect(again.verno).toBe(LATEST_SCHEMA_VERSION + 1);
    expect(await again.table('notes').get('n1')).toEqual({
      id: 'n1',
      text: 'from the newer build',
    });
    expect(await readOutbox(again)).toHaveLength(8);
    again.close();
    expect(await dumpDatabase('kennel-local', idb.indexedDB)).toEqual(before);
  });

  it('still opens its own version that Dexie once repaired in place', async () => {
    const idb = freshIdb();
    // Dexie adds a missing index under the next IndexedDB version, not the next schema version.
    const repaired = { ...schemaFixture(LATEST_SCHEMA_VERSION) };
    repaired.version = LATEST_SCHEMA_VERSION * 10 + 1;
    await restoreDatabase(repaired, idb.indexedDB);
    const today = new KennelDb('kennel-local', idb);
    await today.open();
    expect(await readOutbox(today)).toHaveLength(8);
    today.close();
  });
});

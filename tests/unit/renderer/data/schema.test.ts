import { describe, expect, it } from 'vitest';
import { KennelDb } from '../../../../src/data/db';
import { knownBefore, petsPage } from '../../../../src/data/pets';
import { pendingOrder, syncedOrder } from '../../../../src/data/order';
import { heldEntries } from '../../../../src/data/held-entries';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS } from '../../../../src/data/schema';
import { dbAtVersions, freshIdb } from './test-db';

describe('schema versions', () => {
  it('numbers versions strictly upwards, so new ones can only be appended', () => {
    const numbers = SCHEMA_VERSIONS.map((v) => v.version);
    expect(numbers[0]).toBe(1);
    numbers.forEach((n, i) => expect(n).toBe(i + 1));
    expect(LATEST_SCHEMA_VERSION).toBe(numbers.length);
  });

  it('upgrades a populated version 1 database to version 2, filling the list order', async () => {
    const idb = freshIdb();
    const v1 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 1));
    const now = Date.now();
    await v1.table('outbox').bulkAdd([
      {
        id: 'e2',
        seq: 2,
        profile: 'local',
        payload: { name: 'second', categoryId: '1' },
        idempotencyKey: 'k2',
        localKey: 'local:e2',
        state: 'queued',
        attempts: 0,
        lastError: null,
        createdAt: now,
        nextAttemptAt: now,
      },
      {
        id: 'e1',
        seq: 1,
        profile: 'local',
        payload: { name: 'first', categoryId: '1' },
        idempotencyKey: 'k1',
        localKey: 'local:e1',
        state: 'needs-attention',
        attempts: 1,
        lastError: { kind: 'validation', message: 'no' },
        createdAt: now,
        nextAttemptAt: now,
      },
    ]);
    // Version 1 rows have no `order`.
    const v1Pet = (key: string, id: string | null, name: string, outboxId: string | null) => ({
      key,
      id,
      name,
      categoryId: '1',
      status: 'available',
      pending: id === null ? 1 : 0,
      outboxId,
      updatedAt: now,
    });
    await v1
      .table('pets')
      .bulkAdd([
        v1Pet('9', '9', 'nine', null),
        v1Pet('local:e2', null, 'second', 'e2'),
        v1Pet('1234567890123456789', '1234567890123456789', 'huge', null),
        v1Pet('local:e1', null, 'first', 'e1'),
        v1Pet('10', '10', 'ten', null),
      ]);
    expect(v1.verno).toBe(1);
    v1.close();

    const upgraded = new KennelDb('kennel-local', idb);
    await upgraded.open();
    expect(upgraded.verno).toBe(LATEST_SCHEMA_VERSION);
    const page = await petsPage(upgraded, 'available', 0, 10);
    expect(page.map((p) => p.name)).toEqual(['first', 'second', 'huge', 'ten', 'nine']);
    expect(await upgraded.quarantine.count()).toBe(0);
    expect(await upgraded.outbox.count()).toBe(2);
  });

  it('upgrades a populated version 2 database, taking firstSeenAt from updatedAt', async () => {
    const idb = freshIdb();
    const v2 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 2));
    const v2Pet = (key: string, id: string | null, updatedAt: unknown) => ({
      key,
      id,
      name: `pet ${key}`,
      categoryId: '1',
      status: 'available',
      pending: id === null ? 1 : 0,
      outboxId: id === null ? 'e1' : null,
      order: id === null ? pendingOrder(1) : syncedOrder(id),
      updatedAt,
    });
    await v2
      .table('pets')
      .bulkAdd([
        v2Pet('7', '7', 1_000),
        v2Pet('8', '8', 2_500),
        v2Pet('local:e1', null, 3_000),
        v2Pet('9', '9', 'not a time'),
      ]);
    expect(v2.verno).toBe(2);
    v2.close();

    const upgraded = new KennelDb('kennel-local', idb);
    await upgraded.open();
    expect(upgraded.verno).toBe(LATEST_SCHEMA_VERSION);
    const seen = new Map((await upgraded.pets.toArray()).map((p) => [p.key, p.firstSeenAt]));
    expect(seen).toEqual(
      new Map<string, number>([
        ['7', 1_000],
        ['8', 2_500],
        ['local:e1', 3_000],
        // Without an update time the row counts as long known.
        ['9', 0],
      ]),
    );
    expect(await knownBefore(upgraded, ['7', '8', '9'], 2_000)).toEqual(new Set(['7', '9']));
    // Valid rows stay valid; the one without an update time was damaged already.
    expect((await petsPage(upgraded, 'all', 0, 10)).map((p) => p.key)).toEqual([
      'local:e1',
      '8',
      '7',
    ]);
  });

  it('upgrades a version 3 database with the folded names the duplicate check looks up', async () => {
    const idb = freshIdb();
    const v3 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 3));
    await v3.table('pets').bulkAdd([
      {
        key: '7',
        id: '7',
        name: '  Zoë  Bella ',
        categoryId: '2',
        status: 'available',
        pending: 0,
        outboxId: null,
        order: syncedOrder('7'),
        updatedAt: 1_000,
        firstSeenAt: 1_000,
      },
      { key: 'broken', id: '8', name: 42, categoryId: '2', order: syncedOrder('8') },
    ]);
    v3.close();

    const upgraded = new KennelDb('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 4));
    await upgraded.open();
    expect(upgraded.verno).toBe(4);
    const found = await upgraded.pets
      .where('[categoryId+nameKey]')
      .equals(['2', 'zoe bella'])
      .toArray();
    expect(found.map((p) => p.key)).toEqual(['7']);
    // A damaged row is left as it was, for the quarantine to find.
    expect(await upgraded.pets.get('broken')).not.toHaveProperty('nameKey');
  });

  it('opens an empty database straight at the latest version', async () => {
    const db = new KennelDb('kennel-staging', freshIdb());
    await db.open();
    expect(db.verno).toBe(LATEST_SCHEMA_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'categories',
      'history',
      'meta',
      'outbox',
      'pets',
      'photos',
      'quarantine',
      'records',
    ]);
  });

  it('upgrades a version 4 database with an empty category list and every animal kept', async () => {
    const idb = freshIdb();
    const v4 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 4));
    await v4.table('pets').add({
      key: '7',
      id: '7',
      name: 'Bella',
      nameKey: 'bella',
      categoryId: '2',
      status: 'available',
      pending: 0,
      outboxId: null,
      order: syncedOrder('7'),
      updatedAt: 1_000,
      firstSeenAt: 1_000,
    });
    v4.close();

    const upgraded = new KennelDb('kennel-local', idb);
    await upgraded.open();
    expect(upgraded.verno).toBe(LATEST_SCHEMA_VERSION);
    expect(await upgraded.categories.count()).toBe(0);
    expect((await upgraded.pets.get('7'))?.name).toBe('Bella');
  });

  it('upgrades a version 5 database with its queue kept, sending nothing held', async () => {
    const idb = freshIdb();
    const v5 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 5));
    await v5.table('outbox').add({
      id: 'e1',
      seq: 1,
      profile: 'local',
      payload: { name: 'Bella', categoryId: '2' },
      idempotencyKey: 'k1',
      localKey: 'local:e1',
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: 1_000,
      nextAttemptAt: 1_000,
    });
    v5.close();

    const upgraded = new KennelDb('kennel-local', idb);
    await upgraded.open();
    expect(upgraded.verno).toBe(LATEST_SCHEMA_VERSION);
    const [entry] = await readOutbox(upgraded);
    expect(entry?.payload.name).toBe('Bella');
    expect(entry?.heldUntil).toBeUndefined();
    // Queued before holds existed: not on the list of animals on hold.
    expect(await heldEntries(upgraded)).toEqual([]);
  });

  it('upgrades a version 6 database, giving pending rows the time they were typed', async () => {
    const idb = freshIdb();
    const v6 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 6));
    await v6.table('outbox').add({
      id: 'e1',
      seq: 1,
      profile: 'local',
      payload: { name: 'Bella', categoryId: '2' },
      idempotencyKey: 'k1',
      localKey: 'local:e1',
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: 1_000,
      nextAttemptAt: 1_000,
    });
    await v6.table('pets').bulkAdd([
      {
        key: 'local:e1',
        id: null,
        name: 'Bella',
        categoryId: '2',
        status: null,
        pending: 1,
        outboxId: 'e1',
        order: pendingOrder(1),
        updatedAt: 5_000,
        firstSeenAt: 5_000,
      },
      {
        key: '7',
        id: '7',
        name: 'Rex',
        categoryId: '2',
        status: 'available',
        pending: 0,
        outboxId: null,
        order: syncedOrder('7'),
        updatedAt: 5_000,
        firstSeenAt: 5_000,
      },
    ]);
    v6.close();

    const upgraded = new KennelDb('kennel-local', idb);
    await upgraded.open();
    expect(await upgraded.pets.where('typedAt').aboveOrEqual(0).primaryKeys()).toEqual([
      'local:e1',
    ]);
    expect((await upgraded.pets.get('local:e1'))?.typedAt).toBe(1_000);
    // Fetched only: never typed here, never a card due.
    expect(await upgraded.pets.where('cardDue').equals(1).count()).toBe(0);
  });

  it('upgrades a version 7 database, keeping the service’s words of an earlier failure', async () => {
    const idb = freshIdb();
    const v7 = dbAtVersions('kennel-local', idb, SCHEMA_VERSIONS.slice(0, 7));
    const entry = (id: string, seq: number, lastError: object | null) => ({
      id,
      seq,
      profile: 'local',
      payload: { name: `Animal ${id}`, categoryId: '2' },
      idempotencyKey: `k-${id}`,
      localKey: `local:${id}`,
      state: lastError === null ? 'queued' : 'needs-attention',
      attempts: 1,
      lastError,
      createdAt: 1_000,
      nextAttemptAt: 1_000,
    });
    await v7.table('outbox').bulkAdd([
      entry('said', 1, {
        kind: 'validation',
        status: 400,
        message: 'The service rejected the request (HTTP 400): categoryId 9 does not exist.',
      }),
      entry('silent', 2, {
        kind: 'validation',
        status: 400,
        message: 'The service rejected the request (HTTP 400)',
      }),
      entry('none', 3, null),
    ]);
    v7.close();

    const upgraded = new KennelDb('kennel-local', idb);
    await upgraded.open();
    expect(upgraded.verno).toBe(LATEST_SCHEMA_VERSION);
    const byId = new Map((await readOutbox(upgraded)).map((e) => [e.id, e]));
    expect(byId.get('said')?.lastError?.serviceMessage).toBe('categoryId 9 does not exist.');
    expect(byId.get('silent')?.lastError?.serviceMessage).toBeUndefined();
    expect(byId.get('silent')?.lastError?.kind).toBe('validation');
    expect(byId.get('none')?.lastError).toBeNull();
  });
});

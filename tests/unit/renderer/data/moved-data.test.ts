import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isMovedData,
  type MovedData,
  type MovedStore,
} from '../../../../electron/contract/moved-data';
import { highestNativeVersion, openProfileDb } from '../../../../src/data/db';
import { enqueueIntake } from '../../../../src/data/enqueue';
import { readOutbox } from '../../../../src/data/outbox-reads';
import { upsertServicePets } from '../../../../src/data/pets';
import { quarantinedRows } from '../../../../src/data/quarantine';
import { restoreMovedData } from '../../../../src/data/moved-data';
import { createDatabase } from '../../../../src/data/moved-idb';
import { FIXTURE_VERSIONS, schemaFixture } from '../../../fixtures/schema/fixtures';
import { closeDb, freshIdb, freshProfileDb } from './test-db';

/** A page's localStorage, as far as Kennel uses it. */
function memoryStorage(entries: Array<[string, string]> = []) {
  const map = new Map(entries);
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

const READER = new URL('../../../../src/public/move-data.js', import.meta.url);
const globals = globalThis as Record<string, unknown>;
afterEach(() => {
  for (const name of ['window', 'indexedDB', 'localStorage']) delete globals[name];
});

/**
 * Runs the old origin's reader (`move-data.js`, as the hidden window runs it)
 * over `idb` and `storage`, and answers what it delivered.
 */
async function readOldOrigin(
  idb: IDBFactory,
  storage: ReturnType<typeof memoryStorage>,
): Promise<MovedData> {
  const delivered = new Promise<unknown>((resolve) => {
    globals['window'] = { kennelOldOrigin: { deliver: async (data: unknown) => resolve(data) } };
  });
  globals['indexedDB'] = idb;
  globals['localStorage'] = storage;
  // A classic script, run as the page runs it.
  new Function(await readFile(READER, 'utf8'))();
  const data = await delivered;
  if (!isMovedData(data)) throw new Error('The reader delivered something else.');
  return data;
}

/** A desk of an earlier version: cached animals, two animals queued, two choices made. */
async function earlierDesk() {
  const idb = freshIdb();
  const db = freshProfileDb('local', idb, 120);
  await upsertServicePets(db, [
    { id: '9007199254740993', name: 'Rex', categoryId: '2', status: 'available' },
  ]);
  await enqueueIntake(db, 'local', { name: 'Bella', categoryId: '1', status: 'available' });
  await enqueueIntake(db, 'local', { name: 'Milo', categoryId: '3', status: 'pending' });
  const before = await readOutbox(db);
  closeDb('local', idb);
  const storage = memoryStorage([
    ['kennel.language', 'es'],
    ['kennel.theme', 'dark'],
  ]);
  return { idb, storage, before };
}

/** An earlier desk, and what the reader page took from its origin. */
async function earlierDeskRead() {
  const old = await earlierDesk();
  return { old, data: await readOldOrigin(old.idb.indexedDB, old.storage) };
}

/**
 * Writes `data` here as a start does, through `restoreMovedData`; true when
 * it told the main process the move is over.
 */
async function writeMovedData(
  data: MovedData,
  options: Parameters<typeof restoreMovedData>[1],
  storage: Parameters<typeof restoreMovedData>[2],
): Promise<boolean> {
  let over = false;
  const source = { take: async () => data, stored: async () => void (over = true) };
  await restoreMovedData(source, options, storage);
  return over;
}

describe('moving a desk to the app’s own origin', () => {
  it('gives the new origin every queued animal, cached animal and choice, exactly as they were', async () => {
    const { old, data } = await earlierDeskRead();

    const here = freshIdb();
    const storage = memoryStorage();
    await writeMovedData(data, here, storage);

    const db = openProfileDb('local', here);
    expect(await readOutbox(db)).toEqual(old.before);
    expect((await db.pets.toArray()).map((p) => p.name).sort()).toEqual(['Bella', 'Milo', 'Rex']);
    expect(storage.map.get('kennel.language')).toBe('es');
    expect(storage.map.get('kennel.theme')).toBe('dark');
    closeDb('local', here);
  });

  it('carries the desk’s history, each row once beside this origin’s own, a damaged one set aside', async () => {
    const { data } = await earlierDeskRead();
    const history = data.databases[0]?.stores.find((store) => store.name === 'history');
    if (history === undefined) throw new Error('The reader left the history out.');
    expect(history.values.map((row) => (row as { name: string }).name).sort()).toEqual([
      'Bella',
      'Milo',
    ]);
    const damaged = { key: 'damaged', at: 1, kind: 'erased', desk: 'Front desk' };
    history.keys.push('damaged');
    history.values.push(damaged);
    const here = freshIdb();
    const today = freshProfileDb('local', here);
    await enqueueIntake(today, 'local', { name: 'Luna', categoryId: '1', status: 'available' });
    closeDb('local', here);

    await writeMovedData(data, here, memoryStorage());
    await writeMovedData(data, here, memoryStorage());

    const db = openProfileDb('local', here);
    const rows = await db.history.toArray();
    expect(rows.map((row) => `${row.kind} ${row.name}`).sort()).toEqual([
      'typed Bella',
      'typed Luna',
      'typed Milo',
    ]);
    // Each run sets it aside again (a run's quarantine is its own); it never reaches the history.
    const setAside = (await quarantinedRows(db)).map((row) => [row.table, row.row]);
    expect(setAside).toEqual([
      ['history', damaged],
      ['history', damaged],
    ]);
    closeDb('local', here);
  });

  it('brings a queue written by an older schema up to this one, beside the queue started here', async () => {
    // An earlier desk on schema version 7, as that build left it, its animals still queued.
    const oldIdb = freshIdb();
    const v7 = schemaFixture(7);
    await createDatabase(oldIdb.indexedDB, v7);
    const queuedThere = (v7.stores.find((store) => store.name === 'outbox')?.values ?? []).map(
      (entry) => (entry as { payload: { name: string } }).payload.name,
    );
    expect(queuedThere.length).toBeGreaterThan(1);
    const data = await readOldOrigin(oldIdb.indexedDB, memoryStorage());
    // This origin's first start could not read the old one: the desk went on, on today's schema.
    const here = freshIdb();
    const today = freshProfileDb('local', here);
    await enqueueIntake(today, 'local', { name: 'Luna', categoryId: '1', status: 'available' });
    closeDb('local', here);

    expect(await writeMovedData(data, here, memoryStorage())).toBe(true);

    const db = openProfileDb('local', here);
    expect((await readOutbox(db)).map((e) => e.payload.name).sort()).toEqual(
      [...queuedThere, 'Luna'].sort(),
    );
    expect((await here.indexedDB.databases()).map((d) => d.name)).toEqual(['kennel-local']);
    closeDb('local', here);
  });

  it('keeps for a later build a database written by a newer schema, and says the move is not over', async () => {
    const data: MovedData = {
      databases: [{ name: 'kennel-local', version: 990, stores: [] }],
      localStorage: [],
    };
    const here = freshIdb();
    freshProfileDb('local', here);
    await openProfileDb('local', here).open();
    closeDb('local', here);
    const stored: string[] = [];
    await restoreMovedData(
      { take: async () => data, stored: async () => void stored.push('stored') },
      here,
      memoryStorage(),
    );
    expect(stored).toEqual([]);
  });

  it('never writes a database twice: what the desk sent meanwhile does not come back', async () => {
    const { data } = await earlierDeskRead();
    const here = freshIdb();
    const storage = memoryStorage();
    // The write-back went through but `stored` never reached the main process...
    await writeMovedData(data, here, storage);
    // ...and the desk sent Bella and let her entry go before the next start.
    const db = openProfileDb('local', here);
    const bella = (await readOutbox(db)).find((e) => e.payload.name === 'Bella')!;
    await db.outbox.delete(bella.id);
    await writeMovedData(data, here, storage);
    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Milo']);
    closeDb('local', here);
  });

  it('says the move is over only once everything is written, and writing again adds nothing', async () => {
    const { data } = await earlierDeskRead();
    const here = freshIdb();
    const calls: string[] = [];
    const source = {
      take: async () => {
        calls.push('take');
        return data;
      },
      stored: async () => void calls.push('stored'),
    };
    await restoreMovedData(source, here, memoryStorage());
    // A crash before `stored` reached the main process: the next start writes again.
    await restoreMovedData(source, here, memoryStorage());
    expect(calls).toEqual(['take', 'stored', 'take', 'stored']);

    const db = openProfileDb('local', here);
    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Bella', 'Milo']);
    closeDb('local', here);
  });

  it('keeps what this origin already holds: a queue started here, and a choice made here', async () => {
    const { data } = await earlierDeskRead();
    const here = freshIdb();
    const newer = freshProfileDb('local', here);
    await enqueueIntake(newer, 'local', { name: 'Luna', categoryId: '1', status: 'available' });
    closeDb('local', here);
    const storage = memoryStorage([['kennel.language', 'en']]);

    await writeMovedData(data, here, storage);

    const db = openProfileDb('local', here);
    expect((await readOutbox(db)).map((e) => e.payload.name).sort()).toEqual([
      'Bella',
      'Luna',
      'Milo',
    ]);
    expect(storage.map.get('kennel.language')).toBe('en');
    closeDb('local', here);
  });

  it('says nothing is over when writing fails, so the next start tries again', async () => {
    const stored: string[] = [];
    const broken: MovedData = {
      databases: [
        {
          name: 'kennel-local',
          version: 90,
          stores: [
            {
              name: 'outbox',
              keyPath: 'id',
              autoIncrement: false,
              indexes: [],
              // A record without its key cannot be written: the whole database is not.
              keys: [1],
              values: [{ noId: true }],
            },
          ],
        },
      ],
      localStorage: [],
    };
    const here = freshIdb();
    await restoreMovedData(
      { take: async () => broken, stored: async () => void stored.push('stored') },
      here,
      memoryStorage(),
    );
    expect(stored).toEqual([]);
    expect((await here.indexedDB.databases()).map((d) => d.name)).toEqual([]);
  });
});

/** `data` with its first database's store `name` as `change` leaves it. */
function withStore(data: MovedData, name: string, change: (store: MovedStore) => void): MovedData {
  const store = data.databases[0]?.stores.find((s) => s.name === name);
  if (store === undefined) throw new Error(`no ${name} store`);
  change(store);
  return data;
}

/** Adds `row` under its own `field` to a store with inline keys. */
function addRow(store: MovedStore, row: Record<string, unknown>, field = 'key'): void {
  store.keys.push(row[field]);
  store.values.push(row);
}

describe('what the move writes back, and what it leaves out', () => {
  it('writes only Kennel’s own databases; another is left out and the move is over', async () => {
    const { data } = await earlierDeskRead();
    const [local] = data.databases;
    data.databases.push({ ...local!, name: 'someone-else' }, { ...local!, name: 'kennel-nobody' });
    const here = freshIdb();
    const stored: string[] = [];
    await restoreMovedData(
      { take: async () => data, stored: async () => void stored.push('stored') },
      here,
      memoryStorage(),
    );
    expect(stored).toEqual(['stored']);
    expect((await here.indexedDB.databases()).map((d) => d.name)).toEqual(['kennel-local']);
  });

  it('never creates a database at a version above this build’s, and keeps the move open for one that can', async () => {
    const { data } = await earlierDeskRead();
    data.databases[0]!.version = highestNativeVersion() + 1;
    const here = freshIdb();
    const stored: string[] = [];
    await restoreMovedData(
      { take: async () => data, stored: async () => void stored.push('stored') },
      here,
      memoryStorage(),
    );
    expect(stored).toEqual([]);
    expect(await here.indexedDB.databases()).toEqual([]);
    // The profile still opens on this build, empty.
    const db = openProfileDb('local', here);
    expect(await readOutbox(db)).toEqual([]);
    closeDb('local', here);
  });

  it('writes back only the choices an earlier desk kept, none other', async () => {
    const { data } = await earlierDeskRead();
    data.localStorage = [
      ['kennel.theme', 'dark'],
      ['kennel.activeProfile', 'staging'],
      ['kennel.movedDatabases', '["kennel-local"]'],
      ['kennel.deskId', 'another-desk'],
      ['kennel.bridgeToken', 'a-token'],
      ['something.else', 'x'],
    ];
    const here = freshIdb();
    const storage = memoryStorage();
    await writeMovedData(data, here, storage);
    expect(storage.map.get('kennel.theme')).toBe('dark');
    expect(storage.map.get('kennel.activeProfile')).toBe('staging');
    for (const key of ['kennel.deskId', 'kennel.bridgeToken', 'something.else']) {
      expect(storage.map.has(key), key).toBe(false);
    }
    // The move's own list says what it wrote, not what the file claims; the queue came.
    expect(storage.map.get('kennel.movedDatabases')).toBe('["kennel-local"]');
    const db = openProfileDb('local', here);
    expect((await readOutbox(db)).map((e) => e.payload.name)).toEqual(['Bella', 'Milo']);
    closeDb('local', here);
  });

  it('quarantines a damaged row of each checked table instead of writing it, and writes the sound ones', async () => {
    const { data } = await earlierDeskRead();
    const at = 1_760_000_000_000;
    withStore(data, 'pets', (s) => addRow(s, { key: '77', id: '77', name: 42 }));
    withStore(data, 'outbox', (s) => addRow(s, { id: 'op-x', seq: 9, payload: 'Rex' }, 'id'));
    withStore(data, 'categories', (s) => addRow(s, { id: '01', name: 'Dog' }, 'id'));
    withStore(data, 'records', (s) => addRow(s, { key: '7', updatedAt: at, sex: 'robot' }));
    const here = freshIdb();
    await writeMovedData(data, here, memoryStorage());

    const db = openProfileDb('local', here);
    expect((await db.pets.toArray()).map((p) => p.name).sort()).toEqual(['Bella', 'Milo', 'Rex']);
    expect(await db.outbox.get('op-x')).toBeUndefined();
    expect(await db.categories.get('01')).toBeUndefined();
    expect(await db.records.get('7')).toBeUndefined();
    const quarantined = await quarantinedRows(db);
    expect(quarantined.map(({ table, problem }) => [table, problem])).toEqual([
      ['pets', 'name is not text'],
      ['outbox', 'profile is unknown'],
      ['categories', 'id is not a category number'],
      ['records', 'sex is not one of its choices'],
    ]);
    expect(quarantined[0]?.row).toEqual({ key: '77', id: '77', name: 42 });
    closeDb('local', here);
  });

  it('leaves out a table Kennel never had', async () => {
    const { data } = await earlierDeskRead();
    data.databases[0]!.stores.push({
      name: 'elsewhere',
      keyPath: 'id',
      autoIncrement: false,
      indexes: [],
      keys: ['a'],
      values: [{ id: 'a' }],
    });
    const here = freshIdb();
    expect(await writeMovedData(data, here, memoryStorage())).toBe(true);
    const db = openProfileDb('local', here);
    await db.open();
    expect(db.backendDB().objectStoreNames.contains('elsewhere')).toBe(false);
    expect(await readOutbox(db)).toHaveLength(2);
    closeDb('local', here);
  });

  it.each(FIXTURE_VERSIONS)(
    'quarantines nothing of a sound desk of schema %i: every row passes once brought up to today',
    async (version) => {
      const fixture = schemaFixture(version);
      const data: MovedData = { databases: [fixture], localStorage: [] };
      const here = freshIdb();
      expect(await writeMovedData(data, here, memoryStorage())).toBe(true);
      const db = openProfileDb('local', here);
      expect(await quarantinedRows(db)).toEqual([]);
      const rows = fixture.stores.find((store) => store.name === 'outbox')?.values.length ?? 0;
      expect(await db.outbox.count()).toBe(rows);
      closeDb('local', here);
    },
  );
});

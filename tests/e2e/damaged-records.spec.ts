import { readFile } from 'node:fs/promises';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

/** A `pets` row as IndexedDB holds it; only what this test reads. */
interface StoredRow {
  key: string;
  order: string;
}

/**
 * Writes `damage` into the local profile's `pets` table next to the first row
 * of the list, the way a faulty older build or a disk error might leave it. Runs in
 * the page: it declares the few browser shapes it touches (no DOM library here).
 */
async function writeDamagedRow(damage: Record<string, unknown>): Promise<void> {
  interface Request<T> {
    result: T;
    error: unknown;
    onsuccess: (() => void) | null;
    onerror: (() => void) | null;
  }
  interface Store {
    getAll(): Request<StoredRow[]>;
    put(value: unknown): Request<unknown>;
  }
  interface Database {
    transaction(stores: string[], mode: 'readwrite'): { objectStore(name: string): Store };
    close(): void;
  }
  const idb = (globalThis as unknown as { indexedDB: { open(name: string): Request<Database> } })
    .indexedDB;
  const done = <T>(request: Request<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
  const db = await done(idb.open('kennel-local'));
  const store = db.transaction(['pets'], 'readwrite').objectStore('pets');
  const rows = await done(store.getAll());
  const neighbour = rows.sort((a, b) => (a.order < b.order ? -1 : 1))[0];
  if (neighbour === undefined) throw new Error('no cached animals to sit beside');
  // Next to a real row in list order, so the first page of the list meets it.
  await done(store.put({ ...damage, order: `${neighbour.order}~` }));
  db.close();
}

test.describe('damaged local records', () => {
  test('are set aside: the list shows the good rows and the notice lists and exports the bad one', async ({
    app,
    page,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    // The background refresh fills the cache from the service.
    await expect(app.dataRows().first()).toBeVisible();
    const before = (await app.visibleRows()).map((row) => row.name);
    expect(before.length).toBeGreaterThan(0);

    await page.evaluate(writeDamagedRow, {
      key: 'damaged-1',
      id: '987654321',
      name: 42,
      categoryId: '1',
      status: 'available',
      pending: 0,
      outboxId: null,
      updatedAt: 1,
    });
    await app.reload();

    const notice = page.getByRole('region', { name: '1 damaged record set aside' });
    await expect(notice).toBeVisible();
    await expect(app.dataRows().first()).toBeVisible();
    const after = await app.visibleRows();
    // The notice takes room above the list, which then shows fewer rows: the
    // same good rows, in the same order, from the top.
    expect(after.length).toBeGreaterThan(0);
    expect(after.map((row) => row.name)).toEqual(before.slice(0, after.length));
    expect(after.map((row) => row.id)).not.toContain('987654321');

    await notice.getByText('Show the damaged records').click();
    const record = notice.getByRole('list', { name: 'Damaged records' }).getByRole('listitem');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText('From the animals list');
    await expect(record).toContainText('Problem: name is not text');
    await expect(record).toContainText('"name": 42');
    await expect(record).toContainText('"id": "987654321"');

    const download = page.waitForEvent('download');
    await notice.getByRole('button', { name: 'Export as JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^kennel-local-set-aside-.*\.json$/);
    const path = await file.path();
    const exported = JSON.parse(await readFile(path, 'utf8')) as unknown;
    expect(exported).toMatchObject({
      profile: 'local',
      records: [
        { table: 'pets', problem: 'name is not text', row: { key: 'damaged-1', name: 42 } },
      ],
    });
  });
});

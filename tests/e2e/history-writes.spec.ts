import type { Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { chooseCsvFile, importSummary, openImport } from '../helpers/e2e/import-view';
import { uniqueNames } from '../helpers/e2e/names';

/** A row of the desk's history as the page's IndexedDB holds it. */
interface StoredEvent {
  key: string;
  at: number;
  kind: string;
  petKey?: string;
  petId?: string;
  name?: string;
  count?: number;
  batch?: string;
  desk: string;
  initials?: string;
}

/** The `history` table of the Local profile, read straight from IndexedDB, oldest first. */
function readHistory(page: Page): Promise<StoredEvent[]> {
  return page.evaluate(async () => {
    // Compiled without the DOM library: name the few browser shapes used.
    interface Request<T> {
      result: T;
      onsuccess: (() => void) | null;
      onerror: (() => void) | null;
    }
    const { indexedDB } = globalThis as unknown as {
      indexedDB: {
        open(name: string): Request<{
          transaction(store: string): { objectStore(name: string): { getAll(): Request<unknown> } };
          close(): void;
        }>;
      };
    };
    const done = <T>(request: Request<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('IndexedDB refused'));
      });
    const db = await done(indexedDB.open('kennel-local'));
    const rows = await done(db.transaction('history').objectStore('history').getAll());
    db.close();
    return rows;
  }) as Promise<StoredEvent[]>;
}

test.describe('The desk’s history, as the acts write it', () => {
  test('an animal typed, one taken back, a CSV imported and all of them sent each leave their row', async ({
    app,
    service,
  }) => {
    // With the service away nothing is claimed for sending, so Undo stays on offer.
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    // Until the desk has found the service away, a first animal may already be tried.
    await expect(app.connection()).toHaveText('Offline', { timeout: 15_000 });
    const [kept, undone, first, second] = uniqueNames('History', 4);
    if (kept === undefined || undone === undefined || first === undefined || !second) {
      throw new Error('expected names');
    }

    await app.addAnimal({ name: kept, categoryId: '3' });
    await app.addAnimal({ name: undone, categoryId: '4' });
    await app.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(app.rowNamed(undone)).toHaveCount(0);

    const view = await openImport(app.page);
    await chooseCsvFile(view, 'history-intake.csv', ['Name,Category', `${first},2`, `${second},2`]);
    await expect(importSummary(view)).toHaveText('2 ready to add.');
    await view.getByRole('button', { name: 'Add 2 animals' }).click();
    await app.expectWaiting(3);

    await service.start();
    await app.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Animals' })
      .click();
    await app.page.getByRole('button', { name: 'Sync now' }).click();
    await app.expectWaiting(0, 60_000);

    const idOf = new Map(service.state.pets().map((pet) => [pet.name, String(pet.id)]));
    await expect
      .poll(async () => (await readHistory(app.page)).filter((row) => row.kind === 'sent').length)
      .toBe(3);
    const rows = (await readHistory(app.page)).sort((a, b) => a.at - b.at);
    const about = (row: StoredEvent) => [row.kind, row.name ?? row.batch, row.count ?? null];
    expect(rows.filter((row) => row.kind !== 'sent').map(about)).toEqual([
      ['typed', kept, null],
      ['typed', undone, null],
      ['taken-back', undone, null],
      ['imported', 'history-intake.csv', 2],
    ]);
    const sent = rows.filter((row) => row.kind === 'sent');
    expect(sent.map((row) => row.name).sort()).toEqual([kept, first, second].sort());
    for (const row of sent) {
      expect(row.petId, row.name).toBe(idOf.get(row.name ?? ''));
      expect(row.petKey).toBe(row.petId);
    }
    // The typed and the taken-back rows name the same waiting animal.
    const [typedUndone, takenBack] = rows.filter((row) => row.name === undone);
    expect(typedUndone?.petKey).toMatch(/^local:/);
    expect(takenBack?.petKey).toBe(typedUndone?.petKey);
    // Every row is stamped with the one desk it was written at.
    expect(new Set(rows.map((row) => typeof row.desk))).toEqual(new Set(['string']));
    expect(new Set(rows.map((row) => row.desk)).size).toBe(1);
  });
});

// The early reader uses the page's own IndexedDB, as in a browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pet } from '../../../../electron/contract/pet';
import { pageWindow } from '../../../../src/data/page-window';
import { openProfileDb } from '../../../../src/data/db';
import { upsertServicePets } from '../../../../src/data/pets';

/** A fresh copy of the module, as a new page has it. */
async function freshReader() {
  vi.resetModules();
  return import('../../../../src/data/early-reader');
}

const animals = (count: number): Pet[] =>
  Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    name: `Animal ${i + 1}`,
    categoryId: '1',
    status: 'available',
  }));

/** Whether `promise` has settled by the time the already-queued callbacks have run. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

beforeEach(async () => {
  const db = openProfileDb('local');
  await db.open();
  await db.pets.clear();
  db.close();
});

afterEach(async () => {
  const { closeFirstPageReader } = await import('../../../../src/data/early-reader');
  closeFirstPageReader();
});

describe('startFirstPageReader', () => {
  it('resolves once the opening page is read, so the mount finds its rows there', async () => {
    const db = openProfileDb('local');
    await db.open();
    await upsertServicePets(db, animals(40));
    db.close();
    const reader = await freshReader();

    await reader.startFirstPageReader('local');

    // The page the list opens on is handed over without another trip to the database.
    const { offset, limit } = pageWindow(0, 0);
    const opening = reader.readEarlyPage('local', 'all', offset, limit);
    expect(await settledNow(opening)).toBe(true);
    const rows = await opening;
    expect(rows?.[0]?.name).toBe('Animal 40');
  });

  it('gives the same promise while the profile stays, and a new one for another profile', async () => {
    const reader = await freshReader();
    const first = reader.startFirstPageReader('local');
    expect(reader.startFirstPageReader('local')).toBe(first);
    expect(reader.startFirstPageReader('staging')).not.toBe(first);
  });

  it('resolves, never rejects, when the profile has no database yet, and creates none', async () => {
    const reader = await freshReader();
    await expect(reader.startFirstPageReader('production')).resolves.toBeUndefined();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('kennel-production');
  });
});

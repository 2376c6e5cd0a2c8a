/**
 * A moved profile database written by an older schema than the one this
 * origin already has (`moved-data.ts`). Its rows cannot go in as they are, so
 * it is written whole under a name of its own, opened as Kennel opens any
 * older database (Dexie runs every upgrade since its version), and only then
 * are the rows the profile's database lacks added to it. The copy is deleted
 * afterwards, and again before a run that follows one cut short.
 */
import type { MovedDatabase } from '../../electron/contract/moved-data';
import { KennelDb, type DbOptions } from './db';
import { createDatabase } from './moved-idb';

export async function addMissingUpgraded(
  moved: MovedDatabase,
  options: Required<DbOptions>,
): Promise<void> {
  const copyName = `${moved.name}.moved`;
  const copy = new KennelDb(copyName, options);
  await copy.delete();
  await createDatabase(options.indexedDB, { ...moved, name: copyName });
  const upgraded = new KennelDb(copyName, options);
  const here = new KennelDb(moved.name, options);
  try {
    const tables = await Promise.all(
      upgraded.tables.map(async (table) => ({
        name: table.name,
        keys: await table.toCollection().primaryKeys(),
        rows: await table.toArray(),
      })),
    );
    await here.transaction('rw', here.tables, async () => {
      for (const { name, keys, rows } of tables) {
        const present = await here.table(name).bulkGet(keys);
        const missing = rows.filter((_, i) => present[i] === undefined);
        if (missing.length > 0) await here.table(name).bulkAdd(missing);
      }
    });
  } finally {
    here.close();
    await upgraded.delete();
  }
}

/**
 * A moved profile database (`moved-data.ts`), written by this schema or an
 * older one. It is written whole under a name of its own, opened as Kennel
 * opens any older database (Dexie runs every upgrade since its version), and
 * only then are its rows checked, as Kennel checks its own when it reads them
 * (`moved-checks.ts`): the sound rows the profile's database lacks are added
 * to it, in one transaction, and a row that fails goes to the quarantine,
 * never written as it is nor dropped. Only Kennel's tables are copied, and
 * only rows cross over: the stores and indexes the file describes shape the
 * copy alone. The copy is deleted afterwards, and again before a run that
 * follows one cut short.
 */
import type { MovedDatabase } from '../../electron/contract/moved-data';
import { KennelDb, type DbOptions, type QuarantineRow } from './db';
import { kennelTablesOf, movedRowProblem } from './moved-checks';
import { createDatabase } from './moved-idb';

export async function addMissingUpgraded(
  moved: MovedDatabase,
  options: Required<DbOptions>,
): Promise<void> {
  const copyName = `${moved.name}.moved`;
  const copy = new KennelDb(copyName, options);
  await copy.delete();
  await createDatabase(options.indexedDB, { ...kennelTablesOf(moved), name: copyName });
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
    const at = Date.now();
    await here.transaction('rw', here.tables, async () => {
      const setAside: QuarantineRow[] = [];
      for (const { name, keys, rows } of tables) {
        const sound: number[] = [];
        rows.forEach((row, i) => {
          const problem = movedRowProblem(name, row);
          if (problem === null) sound.push(i);
          else setAside.push({ table: name, row, problem, at });
        });
        const present = await here.table(name).bulkGet(sound.map((i) => keys[i]!));
        const missing = sound.filter((_, j) => present[j] === undefined).map((i) => rows[i]);
        if (missing.length > 0) await here.table(name).bulkAdd(missing);
      }
      // After the moved quarantine's own rows, so their numbers are kept.
      if (setAside.length > 0) await here.quarantine.bulkAdd(setAside);
    });
  } finally {
    here.close();
    await upgraded.delete();
  }
}

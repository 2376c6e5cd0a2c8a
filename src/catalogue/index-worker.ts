/**
 * The catalogue index's worker: reading, checking and folding 100,000 cached
 * animals takes about a second, which on the window's thread would stall the
 * list. It reads a profile's `pets` table once (`index-read.ts`) and sends the
 * rows back in chunks, then their list order.
 */
import { openExisting } from '../data/page-idb';
import { readIndexRows, type PetColumns, type ReadEnd } from './index-read';

/** What the window asks: the database to read, and the highest version this build reads. */
export interface IndexReadRequest {
  name: string;
  highestVersion: number;
}

/** What the worker answers, in this order: chunks of rows, then the end or a failure. */
export type IndexReadMessage =
  | { kind: 'rows'; columns: PetColumns }
  | { kind: 'end'; end: ReadEnd }
  | { kind: 'failed'; message: string };

async function open({ name, highestVersion }: IndexReadRequest): Promise<IDBDatabase> {
  const db = await openExisting(indexedDB, name);
  // A newer Kennel's data: the window's Dexie refuses it, and so does this.
  if (db.version > highestVersion) {
    db.close();
    throw new Error(`${name} was written by a newer Kennel`);
  }
  return db;
}

const post = (message: IndexReadMessage, transfer: Transferable[] = []): void =>
  self.postMessage(message, { transfer });

self.addEventListener('message', (event: MessageEvent<IndexReadRequest>) => {
  void (async () => {
    let db: IDBDatabase | null = null;
    try {
      db = await open(event.data);
      const end = await readIndexRows(db, IDBKeyRange, (columns) =>
        post({ kind: 'rows', columns }),
      );
      post({ kind: 'end', end }, [end.listOrder.buffer]);
    } catch (error) {
      post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      db?.close();
    }
  })();
});

/**
 * Keeps a {@link CatalogueIndex} in step with a profile's `pets` table, in this
 * window and across windows. The first build reads the whole table in the
 * index's worker (`index-worker.ts`), so the window's thread only takes in
 * the rows, a chunk per task. After it, Dexie announces every committed write
 * (`storagemutated`, relayed between windows over a BroadcastChannel) with the
 * keys it touched when it knows them: those rows are read again and patched in.
 * A large write (a refresh page) is announced as "anything may have changed":
 * then the rows updated since the newest one held are read, waiting rows that
 * left are dropped, and only if the counts still disagree is everything read again.
 */
import type { IntervalTree, ObservabilitySet } from 'dexie';
import { highestNativeVersion, type CachedPet, type KennelDb } from '../data/db';
import type { IntakeRecord } from '../data/intake-record';
import { cachedPetProblem } from '../data/row-checks';
import { readIndexRows, rowsOf, type PetColumns, type ReadEnd } from './index-read';
import type { IndexReadMessage, IndexReadRequest } from './index-worker';
import { recordFacts } from './record-match';
import { CatalogueIndex, IndexBuild } from './search-index';

/** Keys announced one by one up to this many are read by key; more, as a range. */
const MAX_EXACT_KEYS = 500;
/** Updates a little older than the newest held are read again: windows' clocks differ by a tick. */
const CLOCK_SLACK_MS = 5_000;

function validRows(rows: readonly unknown[]): CachedPet[] {
  return rows.filter((row): row is CachedPet => cachedPetProblem(row) === null);
}

/** The single keys of an announced range set, or null when it holds a range. */
function exactKeys(tree: IntervalTree | undefined): string[] | null {
  const keys: string[] = [];
  const stack: unknown[] = tree === undefined ? [] : [tree];
  while (stack.length > 0) {
    const node = stack.pop() as
      { from?: unknown; to?: unknown; l?: unknown; r?: unknown; d?: number } | null | undefined;
    if (node === null || node === undefined || node.d === 0) continue;
    if (typeof node.from !== 'string' || node.from !== node.to) return null;
    keys.push(node.from);
    if (keys.length > MAX_EXACT_KEYS) return null;
    stack.push(node.l, node.r);
  }
  return keys;
}

function add(build: IndexBuild, columns: PetColumns): void {
  build.add(rowsOf(columns), columns.folded);
}

export interface IndexFeedOptions {
  /** Called after every change applied, with the index. */
  onChange: () => void;
}

/** Feeds one database into one index until `stop()`. */
export class IndexFeed {
  readonly index = new CatalogueIndex();
  /** True once the first full read is in. */
  ready = false;
  /** Why the last step could not read the database; null once one succeeds. */
  error: unknown = null;
  private stopped = false;
  /** Damaged rows the last build left out (the audit quarantines them later). */
  private skipped = 0;
  private busy: Promise<void> = Promise.resolve();
  private readonly part: string;
  private unsubscribe: (() => void) | null = null;
  /** Ends a read in the worker at once (on `stop()`). */
  private halt: (() => void) | null = null;

  constructor(
    private readonly db: KennelDb,
    private readonly options: IndexFeedOptions,
  ) {
    this.part = `idb://${db.name}/pets/`;
  }

  /** Builds the index in chunks, then follows every change. */
  start(): Promise<void> {
    this.unsubscribe ??= this.db.onStorageMutated((parts) => this.onMutated(parts));
    return this.enqueue(() => this.rebuild());
  }

  stop(): void {
    this.stopped = true;
    this.halt?.();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * The profile's intake records, read by the records store: what a search
   * finds by chip or kennel and the outcome filter leaves out. Worked out in
   * one pass over the records; no animal is read again.
   */
  setRecords(records: readonly IntakeRecord[]): void {
    this.index.setRecords(recordFacts(records));
  }

  /** Resolves once every change announced so far has been applied. */
  settled(): Promise<void> {
    return this.busy;
  }

  private onMutated(parts: ObservabilitySet): void {
    if ('all' in parts) {
      void this.enqueue(() => this.rebuild());
      return;
    }
    if (!(this.part in parts)) return;
    const keys = exactKeys(parts[this.part]);
    void this.enqueue(() => (keys === null ? this.catchUp() : this.reread(keys)));
  }

  // Changes apply one after another, never over a build in progress.
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.busy = this.busy.then(async () => {
      if (this.stopped) return;
      try {
        await step();
        this.error = null;
      } catch (err) {
        // Kept for the list to say why search cannot answer; the next change tries again.
        this.error = err;
      }
      if (!this.stopped) this.options.onChange();
    });
    return this.busy;
  }

  private async rebuild(): Promise<void> {
    const { build, end } = await this.readAll();
    if (this.stopped) return;
    this.index.adopt(build, end.listOrder);
    this.skipped = end.skipped;
    this.ready = true;
  }

  /** Every row, read in the index's worker, or on this thread where no worker starts. */
  private async readAll(): Promise<{ build: IndexBuild; end: ReadEnd }> {
    if (typeof Worker === 'function') {
      try {
        return await this.readInWorker();
      } catch (error) {
        if (this.stopped) throw error;
        // A worker that would not start or read: read here instead, which says
        // why if the database itself is at fault.
      }
    }
    const db = this.db.backendDB();
    // Null once closed; Dexie reopens only for its own reads.
    if (db === null) throw new Error(`${this.db.name} is closed`);
    // Dexie's options name the key ranges of the IndexedDB it was given (tests pass a fake one).
    const keyRange =
      (this.db._options.IDBKeyRange as typeof IDBKeyRange | undefined) ?? IDBKeyRange;
    const build = new IndexBuild();
    const end = await readIndexRows(db, keyRange, (columns) => {
      // A profile switch meanwhile: the old table is not read on to its end.
      if (this.stopped) throw new Error('stopped');
      add(build, columns);
    });
    return { build, end };
  }

  private readInWorker(): Promise<{ build: IndexBuild; end: ReadEnd }> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./index-worker.ts', import.meta.url), { type: 'module' });
      const build = new IndexBuild();
      const finish = (): void => {
        worker.terminate();
        this.halt = null;
      };
      this.halt = () => {
        finish();
        reject(new Error('stopped'));
      };
      worker.addEventListener('message', (event: MessageEvent<IndexReadMessage>) => {
        const message = event.data;
        if (message.kind === 'rows') {
          add(build, message.columns);
          return;
        }
        finish();
        if (message.kind === 'end') resolve({ build, end: message.end });
        else reject(new Error(message.message));
      });
      worker.addEventListener('error', (event) => {
        finish();
        reject(new Error(event.message));
      });
      const request: IndexReadRequest = {
        name: this.db.name,
        highestVersion: highestNativeVersion(),
      };
      worker.postMessage(request);
    });
  }

  private async reread(keys: readonly string[]): Promise<void> {
    // A first build that failed is tried again on the next change.
    if (!this.ready) return this.rebuild();
    if (keys.length === 0) return;
    const rows: unknown[] = await this.db.pets.bulkGet([...keys]);
    const present = validRows(rows.filter((row) => row !== undefined));
    const presentKeys = new Set(present.map((row) => row.key));
    this.index.remove(keys.filter((key) => !presentKeys.has(key)));
    this.index.upsert(present);
  }

  private async catchUp(): Promise<void> {
    if (!this.ready) return this.rebuild();
    const since = this.index.newestUpdate() - CLOCK_SLACK_MS;
    const changed: unknown[] = await this.db.pets.where('updatedAt').aboveOrEqual(since).toArray();
    this.index.upsert(validRows(changed));
    const pending = new Set(await this.db.pets.where('pending').equals(1).primaryKeys());
    this.index.remove(this.index.pendingKeys().filter((key) => !pending.has(key)));
    if ((await this.db.pets.count()) !== this.index.size + this.skipped) await this.rebuild();
  }
}

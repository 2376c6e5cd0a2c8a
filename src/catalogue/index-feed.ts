/**
 * Keeps a {@link CatalogueIndex} in step with a profile's `pets` table, in this
 * window and across windows. Dexie announces every committed write
 * (`storagemutated`, relayed between windows over a BroadcastChannel) with the
 * keys it touched when it knows them: those rows are read again and patched in.
 * A large write (a refresh page) is announced as "anything may have changed":
 * then the rows updated since the newest one held are read, waiting rows that
 * left are dropped, and only if the counts still disagree is everything read again.
 */
import type { IntervalTree, ObservabilitySet } from 'dexie';
import type { CachedPet, KennelDb } from '../data/db';
import { cachedPetProblem } from '../data/row-checks';
import { CatalogueIndex } from './search-index';

/** Rows read per step while building, so the window keeps answering. */
const BUILD_CHUNK = 1_000;
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
    this.unsubscribe?.();
    this.unsubscribe = null;
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
    const rows: CachedPet[] = [];
    let seen = 0;
    let last: string | null = null;
    for (;;) {
      const chunk: unknown[] = await (
        last === null ? this.db.pets.orderBy(':id') : this.db.pets.where(':id').above(last)
      )
        .limit(BUILD_CHUNK)
        .toArray();
      if (this.stopped) return;
      seen += chunk.length;
      rows.push(...validRows(chunk));
      const tail = chunk[chunk.length - 1] as { key?: unknown } | undefined;
      if (chunk.length < BUILD_CHUNK || typeof tail?.key !== 'string') break;
      last = tail.key;
      // Let the window draw between chunks.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    this.index.replaceAll(rows);
    this.index.warm();
    this.skipped = seen - rows.length;
    this.ready = true;
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

/**
 * Writes the leader's status to `meta` for the other windows, without a write
 * per progress tick: a change of `syncing.done` alone is written at most once
 * per interval (the latest one wins); any other change is written at once.
 */
import type { KennelDb } from '../data/db';
import { publishStatus, type SharedSyncStatus } from './status-mirror';

/** Default interval between two progress-only writes. */
export const STATUS_PUBLISH_INTERVAL_MS = 500;

function shared(status: SharedSyncStatus): SharedSyncStatus {
  const { connection, blockedBy, syncing, lastSyncAt, lastError } = status;
  return { connection, blockedBy, syncing, lastSyncAt, lastError };
}

/** True when `b` differs from `a` in the progress of a running drain only. */
function onlyProgress(a: SharedSyncStatus, b: SharedSyncStatus): boolean {
  return (
    a.syncing !== null &&
    b.syncing !== null &&
    a.syncing.total === b.syncing.total &&
    a.connection === b.connection &&
    a.blockedBy === b.blockedBy &&
    a.lastSyncAt === b.lastSyncAt &&
    a.lastError === b.lastError
  );
}

/** Throttled writer of one leader's status. */
export class StatusPublisher {
  private last: SharedSyncStatus | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;
  private pending: SharedSyncStatus | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: KennelDb,
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  /** Publishes `status`, or keeps it for the end of the interval when only progress moved. */
  publish(status: SharedSyncStatus): void {
    const next = shared(status);
    const sinceLast = this.now() - this.lastAt;
    if (this.last !== null && onlyProgress(this.last, next) && sinceLast < this.intervalMs) {
      this.pending = next;
      this.timer ??= setTimeout(() => this.flush(), Math.max(0, this.intervalMs - sinceLast));
      return;
    }
    this.write(next);
  }

  /** Writes `status` now, dropping a held-back progress write, and waits for it. */
  async publishNow(status: SharedSyncStatus): Promise<void> {
    this.write(shared(status));
    await this.writing;
  }

  /** Forgets a held-back write (this window no longer leads). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private flush(): void {
    this.timer = null;
    const pending = this.pending;
    if (pending !== null) this.write(pending);
  }

  private write(status: SharedSyncStatus): void {
    this.cancel();
    this.last = status;
    this.lastAt = this.now();
    this.writing = publishStatus(this.db, status).catch(() => {
      // The mirror is a convenience for other windows; this one keeps its own status.
    });
  }
}

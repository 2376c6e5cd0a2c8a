/**
 * Leadership between windows: exactly one window per profile replays, the
 * holder of a Web Lock; the others wait for it and meanwhile mirror the
 * leader's status from the `meta` table.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { ProfileName } from '../../electron/contract/profiles';
import type { KennelDb } from '../data/db';
import { META_KEYS, parseSharedStatus } from './status-mirror';
import type { StatusHolder } from './sync-status';

/** Name of the Web Lock held by a profile's replayer. */
export function syncLockName(profile: ProfileName): string {
  return `kennel-sync-${profile}`;
}

/** `navigator.locks` where the page has it. */
export function defaultLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/** True for the rejection of a lock request aborted by stop(). */
function isAbort(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError'
  );
}

/** What {@link Leadership} needs. */
export interface LeadershipOptions {
  profile: ProfileName;
  db: KennelDb;
  /** null: assume this is the only replayer. */
  locks: LockManager | null;
  status: StatusHolder;
}

/** Competes for a profile's lock and runs the leader's work while holding it. */
export class Leadership {
  private lockAbort: AbortController | null = null;
  private releaseLock: (() => void) | null = null;
  private mirrorSubscription: Subscription | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: LeadershipOptions) {}

  /**
   * Waits for the lock (mirroring the leader meanwhile), then runs `lead`
   * until it returns. `onFailure` gets what `lead` or the lock request threw.
   */
  start(lead: () => Promise<void>, onFailure: (err: unknown) => void): void {
    const { locks, profile } = this.options;
    if (!locks) {
      this.running = lead().catch(onFailure);
      return;
    }
    this.mirror();
    this.lockAbort = new AbortController();
    this.running = locks
      .request(syncLockName(profile), { signal: this.lockAbort.signal }, () => {
        this.lockAbort = null;
        this.stopMirror();
        return new Promise<void>((hold) => {
          this.releaseLock = hold;
          lead().catch(onFailure).then(hold, hold);
        });
      })
      .then(
        () => undefined,
        (err: unknown) => {
          // Aborted while waiting for the lock: stop() was called in a follower.
          if (!isAbort(err)) onFailure(err);
        },
      );
  }

  /** Stops waiting for the lock, waits for `lead` to return, and lets the lock go. */
  async stop(): Promise<void> {
    this.lockAbort?.abort();
    this.lockAbort = null;
    await this.running;
    this.running = null;
    this.releaseLock?.();
    this.releaseLock = null;
    this.stopMirror();
  }

  private mirror(): void {
    const { db, status } = this.options;
    this.mirrorSubscription = liveQuery(() => db.meta.get(META_KEYS.status)).subscribe({
      next: (row) => {
        const shared = parseSharedStatus(row?.value);
        if (shared && !status.value.isLeader) status.setLocal({ ...shared, isLeader: false });
      },
    });
  }

  private stopMirror(): void {
    this.mirrorSubscription?.unsubscribe();
    this.mirrorSubscription = null;
  }
}

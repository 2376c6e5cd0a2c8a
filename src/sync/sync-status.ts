/**
 * The engine's status as the UI sees it, held in one `shallowRef`. The leader's
 * changes are also published to the other windows (see `status-publisher.ts`).
 */
import { shallowRef, type ShallowRef } from 'vue';
import type { SharedSyncStatus } from './status-mirror';
import type { StatusPublisher } from './status-publisher';

/** What the UI shows about syncing: the status shared between windows, plus who replays. */
export interface SyncStatus extends SharedSyncStatus {
  /** This window runs the replayer. */
  isLeader: boolean;
}

/** The status before an engine has learned anything (also shown while no engine runs). */
export function initialStatus(): SyncStatus {
  return {
    connection: 'unknown',
    blockedBy: null,
    syncing: null,
    lastSyncAt: null,
    lastError: null,
    isLeader: false,
  };
}

/** The status of one engine, and the one way it changes. */
export class StatusHolder {
  readonly ref: ShallowRef<SyncStatus> = shallowRef(initialStatus());

  constructor(private readonly publisher: StatusPublisher) {}

  get value(): SyncStatus {
    return this.ref.value;
  }

  /** Changes the status; while this window leads, the other windows are told too. */
  set(patch: Partial<SyncStatus>): void {
    this.ref.value = { ...this.ref.value, ...patch };
    if (this.ref.value.isLeader) this.publisher.publish(this.ref.value);
  }

  /** Changes this window's status only: mirroring the leader, gaining or losing the lead. */
  setLocal(patch: Partial<SyncStatus>): void {
    this.ref.value = { ...this.ref.value, ...patch };
  }
}

/** What the parts of one profile's sync engine share. */
import type { KennelApi } from '../../electron/contract/bridge';
import type { ProfileName } from '../../electron/contract/profiles';
import type { KennelDb } from '../data/db';
import type { BackoffPolicy } from '../../electron/contract/backoff';
import type { StatusHolder } from './sync-status';
import type { Waker } from './wake';

/** The bridge methods the sync engine calls. */
export type EngineApi = Pick<
  KennelApi,
  'createPet' | 'listPets' | 'listPetsPage' | 'idempotencyProvenAt' | 'cancelCreate'
>;

/** The profile, its database and bridge, the clock, and the engine's status. */
export interface EngineContext {
  readonly profile: ProfileName;
  readonly db: KennelDb;
  readonly api: EngineApi;
  readonly now: () => number;
  readonly random: () => number;
  /** Bounds of the backoff between probes and between retries. */
  readonly backoff: BackoffPolicy;
  readonly status: StatusHolder;
  /** Wakes the replayer to look again. */
  readonly waker: Waker;
  /** True once `stop()` was called. */
  readonly isStopping: () => boolean;
  /** 401: the queue pauses and the UI opens the key dialog. */
  readonly onUnauthorized: () => void;
}

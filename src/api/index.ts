/**
 * The typed API module the stores call. It re-exports the bridge client so the
 * stores depend on the contract's shape, not on how a call travels.
 */
export { api, onRateLimit } from '../bridge';
export type { BridgeError } from '../../electron/contract/errors';
export type { BridgeResult } from '../../electron/contract/bridge';
export type { ProfileInfo, ProfileName, KeyStorageInfo } from '../../electron/contract/profiles';
export type { RateLimitState } from '../../electron/contract/pacing';

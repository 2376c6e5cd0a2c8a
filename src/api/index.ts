/**
 * The typed API module the stores call. It re-exports the bridge client so the
 * stores depend on the contract's shape, not on how a call travels.
 */
export { api, onRateLimit } from '../bridge';
export type {
  BridgeError,
  BridgeResult,
  ProfileInfo,
  ProfileName,
  KeyStorageInfo,
  RateLimitState,
} from '../../electron/contract';

/** The rate-limit governor: one per API key, shared by all its requests. */
export {
  createGovernor,
  type Governor,
  type GovernorOptions,
  type RunOptions,
  type SendAttempt,
} from './governor';
export { createGovernorRegistry, governorId, type GovernorRegistry } from './registry';
export { backoffDelay, type BackoffPolicy } from '../../contract/backoff';
export { realTiming, type Timing } from './timing';

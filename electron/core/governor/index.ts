/** The rate-limit governor: one per API key, shared by all its requests. */
export {
  createGovernor,
  type BackgroundBudget,
  type Governor,
  type GovernorOptions,
  type RunOptions,
  type SendAttempt,
} from './governor';
export {
  BACKGROUND_DAILY_SHARE,
  backgroundRequestsLeftToday,
  type DailySource,
} from './daily-budget';
export { DEFAULT_LANE } from './lanes';
export { dailyLimitForPlan, PLANS } from './plans';
export { createGovernorRegistry, governorId, type GovernorRegistry } from './registry';
export { backoffDelay, type BackoffPolicy } from '../../contract/backoff';
export { realTiming, type Timing } from './timing';

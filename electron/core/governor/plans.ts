/**
 * The service's plans as its specification lists them (section 8, "Rate limits
 * by plan"). The service reports the per-minute limit on every answer but not
 * the daily one, so this table is how Kennel learns roughly what a day holds.
 */
const PLANS = [
  { name: 'Free', perMinute: 60, perDay: 1_000 },
  { name: 'Pro', perMinute: 300, perDay: 10_000 },
  { name: 'Business', perMinute: 1_000, perDay: 100_000 },
] as const;

/**
 * Requests per day of the plan whose per-minute limit is `perMinute`, or null
 * when no listed plan has that limit: Enterprise plans are custom, and a limit
 * lowered for a while says nothing about the day.
 */
export function dailyLimitForPlan(perMinute: number): number | null {
  return PLANS.find((plan) => plan.perMinute === perMinute)?.perDay ?? null;
}

/** Summary of repeated timings, in milliseconds. */
export interface Summary {
  runs: number[];
  median: number;
  p95: number;
  min: number;
  max: number;
}

/**
 * Nearest-rank percentile. With the handful of runs a benchmark can afford,
 * interpolation would invent values nobody measured; nearest-rank reports one
 * that was.
 */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/** Median (p50 by nearest rank for even counts is biased low, so average the middle two). */
function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median, p95, min and max of a set of runs, rounded to 0.1 ms. */
export function summarize(runs: readonly number[]): Summary {
  const round = (n: number): number => Math.round(n * 10) / 10;
  return {
    runs: runs.map(round),
    median: round(median(runs)),
    p95: round(percentile(runs, 95)),
    min: round(Math.min(...runs)),
    max: round(Math.max(...runs)),
  };
}

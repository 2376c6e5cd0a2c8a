/**
 * Where identifiers start. With `bigIds` they start above 2^53, where a JSON
 * number read into a JS double would silently lose digits.
 */

/** First id of a normal store. */
export const SMALL_ID_START = 1n;

/** First id (and first seeded category id) with `bigIds`: 2^53 + 1001. */
export const BIG_ID_START = 2n ** 53n + 1001n;

/** Lower bound of the positive int64 range. */
export const INT64_MAX = 2n ** 63n - 1n;

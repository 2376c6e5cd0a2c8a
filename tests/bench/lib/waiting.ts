/**
 * How the benches that drive a desk wait for it. A drain that makes no
 * progress for `STALL_MS` is reported as stuck rather than waited on for
 * ever; the queue is looked at every `POLL_MS`, which bounds the error of each
 * measured time (a 600-entry drain takes about a minute).
 */
export const STALL_MS = 120_000;
export const POLL_MS = 50;

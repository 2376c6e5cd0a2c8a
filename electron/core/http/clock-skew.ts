/** The `Date` header has one-second resolution: the server's clock was somewhere in [date, date + 1 s). */
const DATE_RESOLUTION_MS = 1000;

/** How many recent answers narrow the estimate; old ones age out so a clock change is followed. */
const SAMPLES = 8;

/** The range `server clock - local clock` must lie in, from what the answers showed. */
export interface SkewInterval {
  /** Smallest offset consistent with the answers. */
  lowest: number;
  /** Largest offset consistent with the answers. */
  highest: number;
}

/**
 * The offsets consistent with one answer: its `Date` was stamped somewhere
 * between sending and receiving, and the server's clock was then in
 * `[date, date + 1 s)`.
 *
 * @param dateHeader - the response `Date`, epoch ms (server clock)
 * @param sentAt - local epoch ms when the request left
 * @param receivedAt - local epoch ms when the response arrived
 */
function skewInterval(dateHeader: number, sentAt: number, receivedAt: number): SkewInterval {
  return {
    lowest: dateHeader - receivedAt,
    highest: dateHeader + DATE_RESOLUTION_MS - sentAt,
  };
}

/**
 * Tracks the clock offset of one service from its `Date` headers and answers
 * the offset to use when turning a server-clock deadline into a local time to
 * wait for: the *lowest* consistent offset, so the local deadline is the
 * latest the server's could be. Taking the midpoint or zero would wake up to a
 * second early when the server's clock is behind ours, and a request sent
 * before the server's own deadline is a 429 (and repeated ones get keys banned).
 *
 * Intersecting the intervals of recent answers narrows the estimate towards
 * the true offset (an answer stamped just after the server's second ticked
 * pins it closely), so a same-host service soon costs little extra waiting.
 * When the intervals stop overlapping the local or server clock was changed:
 * the older answers are dropped.
 */
export class ClockSkew {
  private samples: SkewInterval[] = [];

  /** Learns from one answer's `Date` header. */
  observe(dateHeader: number, sentAt: number, receivedAt: number): void {
    const next = skewInterval(dateHeader, sentAt, receivedAt);
    const kept = [...this.samples, next].slice(-SAMPLES);
    this.samples = overlap(kept) === null ? [next] : kept;
  }

  /** The offset to subtract from a server-clock deadline to wait for it locally (0 before any answer). */
  conservative(): number {
    return overlap(this.samples)?.lowest ?? 0;
  }
}

function overlap(samples: readonly SkewInterval[]): SkewInterval | null {
  if (samples.length === 0) return null;
  let lowest = -Infinity;
  let highest = Infinity;
  for (const s of samples) {
    lowest = Math.max(lowest, s.lowest);
    highest = Math.min(highest, s.highest);
  }
  return lowest <= highest ? { lowest, highest } : null;
}

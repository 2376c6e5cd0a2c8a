import { REQUEST_LANES, type RequestLane } from '../../contract/pacing';

/** The lane of a request that names none: someone is waiting for it, but it is not intake. */
export const DEFAULT_LANE: RequestLane = 'user';

/** Place of a lane in the order of service; lower goes first. */
const rank = (lane: RequestLane): number => REQUEST_LANES.indexOf(lane);

/**
 * Who is waiting for a slot of one governor, per lane. A slot goes to the
 * highest lane that waits; within a lane, whoever asks first after a change
 * gets it, as before lanes existed.
 */
export class LaneQueue {
  private readonly waiting = new Map<RequestLane, number>(REQUEST_LANES.map((lane) => [lane, 0]));

  enter(lane: RequestLane): void {
    this.waiting.set(lane, this.count(lane) + 1);
  }

  leave(lane: RequestLane): void {
    this.waiting.set(lane, Math.max(0, this.count(lane) - 1));
  }

  /** A request of a lane served before `lane` is waiting, so `lane` must not take a slot. */
  higherWaiting(lane: RequestLane): boolean {
    return REQUEST_LANES.some((other) => rank(other) < rank(lane) && this.count(other) > 0);
  }

  /** A request of a lane served after `lane` is waiting (and may be blocked by it). */
  lowerWaiting(lane: RequestLane): boolean {
    return REQUEST_LANES.some((other) => rank(other) > rank(lane) && this.count(other) > 0);
  }

  private count(lane: RequestLane): number {
    return this.waiting.get(lane) ?? 0;
  }
}

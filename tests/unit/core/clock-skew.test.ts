import { describe, expect, it } from 'vitest';
import { ClockSkew } from '../../../electron/core/http/clock-skew';

/** The `Date` header a server whose clock is `skew` ms off ours would stamp at local time `at`. */
const dateAt = (at: number, skew: number): number => Math.floor((at + skew) / 1000) * 1000;

describe('clock skew', () => {
  it('never gives an offset above the true one, so server deadlines are not met early', () => {
    for (const skew of [-800, -1500, 0, 300, 3_600_000]) {
      for (let phase = 0; phase < 1000; phase += 97) {
        const clock = new ClockSkew();
        const sentAt = 1_800_000_000_000 + phase;
        clock.observe(dateAt(sentAt + 10, skew), sentAt, sentAt + 20);
        expect(clock.conservative()).toBeLessThanOrEqual(skew);
        expect(clock.conservative()).toBeGreaterThan(skew - 1000 - 20);
      }
    }
  });

  it('narrows towards the true offset as answers arrive at other points of the second', () => {
    const clock = new ClockSkew();
    const skew = -800;
    for (let i = 0; i < 8; i += 1) {
      const sentAt = 1_800_000_000_000 + i * 1130;
      clock.observe(dateAt(sentAt + 5, skew), sentAt, sentAt + 10);
    }
    expect(clock.conservative()).toBeLessThanOrEqual(skew);
    expect(clock.conservative()).toBeGreaterThan(skew - 200);
  });

  it('starts over when the clock jumps so that the answers no longer agree', () => {
    const clock = new ClockSkew();
    const start = 1_800_000_000_000;
    clock.observe(dateAt(start, 0), start, start + 10);
    clock.observe(dateAt(start + 5000, 60_000), start + 5000, start + 5010);
    expect(clock.conservative()).toBeLessThanOrEqual(60_000);
    expect(clock.conservative()).toBeGreaterThan(59_000);
  });

  it('says what one answer allows', () => {
    const clock = new ClockSkew();
    expect(clock.conservative()).toBe(0);
    // Stamped at the latest as the answer arrived: the server is at least 300 ms ahead.
    clock.observe(10_000, 9_500, 9_700);
    expect(clock.conservative()).toBe(300);
  });
});

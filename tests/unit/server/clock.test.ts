import { describe, expect, it } from 'vitest';
import { isServiceStartError, startReferenceService } from '../../../server/index';
import { call, json, manualClock, useServices } from './support';

const serve = useServices();

describe('the service clock (now)', () => {
  it('dates answers and records requests by the given clock', async () => {
    const clock = manualClock(Date.UTC(2031, 5, 15, 8, 30));
    const service = await serve({ seed: 1, now: clock.now });
    const first = await call(service, 'GET', '/pets');
    clock.advance(90_000);
    const second = await call(service, 'GET', '/pets');
    expect(first.headers.get('date')).toBe('Sun, 15 Jun 2031 08:30:00 GMT');
    expect(second.headers.get('date')).toBe('Sun, 15 Jun 2031 08:31:30 GMT');
    expect(service.state.requests.map((record) => record.at)).toEqual([
      Date.UTC(2031, 5, 15, 8, 30),
      Date.UTC(2031, 5, 15, 8, 31, 30),
    ]);
    // 90 s later the first minute window has ended and a new one opened.
    expect(second.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(second.headers.get('x-ratelimit-reset')).toBe(String(clock.now() / 1000 + 60));
  });

  it('refuses a clock that is not a function, with a one-line start error', async () => {
    const error: unknown = await startReferenceService({
      now: 1_000 as unknown as () => number,
    }).catch((caught: unknown) => caught);
    expect(isServiceStartError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'now must be a function returning the time in epoch milliseconds.',
    );
  });

  it('refuses a clock that does not return a finite number', async () => {
    await expect(startReferenceService({ now: () => Number.NaN })).rejects.toThrow(
      'now() must return a finite number of epoch milliseconds, not NaN.',
    );
  });

  it('fails a request, not the service, when the clock breaks later', async () => {
    let current: number = Date.UTC(2030, 0, 1);
    const service = await serve({ seed: 1, now: () => current });
    current = Number.NaN;
    const broken = await call(service, 'GET', '/pets', { validate: false });
    expect(broken.status).toBe(500);
    expect(json(broken)).toMatchObject({ code: 'server_error', status: 500 });
    current = Date.UTC(2030, 0, 1);
    expect((await call(service, 'GET', '/pets')).status).toBe(200);
    expect(service.state.pets()).toHaveLength(1);
  });
});

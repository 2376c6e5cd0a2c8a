import { describe, expect, it } from 'vitest';
import * as errors from './helpers/error-classes';
import { errorFromAnswer } from '../../../electron/core/http/answer';
import { answer } from './helpers/answers';

const cause = new Error('low-level');

// Each class, how to build one, its class and what crosses the bridge.
const cases = [
  {
    error: new errors.ApiError('teapot', { status: 418, code: 'teapot', cause }),
    type: errors.ApiError,
    bridge: { kind: 'validation', status: 418, code: 'teapot' },
  },
  {
    error: new errors.ValidationError('bad', { status: 400, code: 'invalid_body' }),
    type: errors.ValidationError,
    bridge: { kind: 'validation', status: 400, code: 'invalid_body' },
  },
  {
    error: new errors.UnauthorizedError('no', { status: 401 }),
    type: errors.UnauthorizedError,
    bridge: { kind: 'unauthorized', status: 401 },
  },
  {
    error: new errors.NotFoundError('gone', { status: 404 }),
    type: errors.NotFoundError,
    bridge: { kind: 'not-found', status: 404 },
  },
  {
    error: new errors.ConflictError('busy', { status: 409 }),
    type: errors.ConflictError,
    bridge: { kind: 'conflict', status: 409 },
  },
  {
    error: new errors.RateLimitedError('wait', { status: 429, retryAt: 1234 }),
    type: errors.RateLimitedError,
    bridge: { kind: 'rate-limited', status: 429, retryAt: 1234 },
  },
  {
    error: new errors.BannedError('banned', { status: 429, code: 'key_banned', retryAt: 99 }),
    type: errors.BannedError,
    bridge: { kind: 'banned', status: 429, code: 'key_banned', retryAt: 99 },
  },
  {
    error: new errors.ServerError('down', { status: 503 }),
    type: errors.ServerError,
    bridge: { kind: 'server', status: 503 },
  },
  {
    error: new errors.NetworkError('reset', { outcomeUnknown: true, cause }),
    type: errors.NetworkError,
    bridge: { kind: 'network', outcomeUnknown: true },
  },
  {
    error: new errors.TimeoutError('slow', { outcomeUnknown: false }),
    type: errors.TimeoutError,
    bridge: { kind: 'timeout', outcomeUnknown: false },
  },
  {
    error: new errors.MalformedResponseError('odd', { status: 200 }),
    type: errors.MalformedResponseError,
    bridge: { kind: 'malformed-response', status: 200 },
  },
  {
    error: new errors.InvalidArgumentError('limit', { field: 'limit' }),
    type: errors.InvalidArgumentError,
    bridge: { kind: 'invalid-argument', field: 'limit' },
  },
  {
    error: new errors.NotConfiguredError('no key'),
    type: errors.NotConfiguredError,
    bridge: { kind: 'not-configured' },
  },
  {
    error: new errors.UnavailableError('retired'),
    type: errors.UnavailableError,
    bridge: { kind: 'unavailable' },
  },
] as const;

describe('error classes', () => {
  it.each(cases.map((c) => [c.error.name, c] as const))(
    '%s: name, class, cause, bridge form',
    (name, c) => {
      expect(c.error).toBeInstanceOf(Error);
      expect(c.error.name).toBe(name);
      expect(c.error).toBeInstanceOf(c.type);
      expect(new Error('plain')).not.toBeInstanceOf(c.type);
      expect(c.error).toBeInstanceOf(errors.KennelError);
      expect(errors.toBridgeError(c.error)).toEqual({ message: c.error.message, ...c.bridge });
    },
  );

  it('keeps the cause', () => {
    expect(new errors.NetworkError('x', { outcomeUnknown: true, cause }).cause).toBe(cause);
  });

  it('maps unknown errors to a generic internal error without details', () => {
    const bridged = errors.toBridgeError(new TypeError('secret internals at line 42'));
    expect(bridged.kind).toBe('internal');
    expect(JSON.stringify(bridged)).not.toContain('internals');
    expect(errors.toBridgeError('a string').kind).toBe('internal');
  });

  it('scrubs known secrets from messages', () => {
    const bridged = errors.toBridgeError(
      new errors.ApiError('echoed sk-live-123456', { status: 418 }),
      ['sk-live-123456'],
    );
    expect(bridged.message).not.toContain('sk-live-123456');
  });
});

describe('classifying answers', () => {
  it.each([
    [400, errors.ValidationError],
    [401, errors.UnauthorizedError],
    [403, errors.UnauthorizedError],
    [404, errors.NotFoundError],
    [409, errors.ConflictError],
    [422, errors.ConflictError],
    [429, errors.RateLimitedError],
    [500, errors.ServerError],
    [503, errors.ServerError],
    [302, errors.MalformedResponseError],
    [418, errors.ApiError],
  ])('%i becomes %o', (status, type) => {
    expect(
      errorFromAnswer(answer(status, {}, '{"code":"x","message":"m","status":1}')),
    ).toBeInstanceOf(type);
  });

  it('reads the Error body and tolerates empty, text and HTML bodies', () => {
    const withBody = errorFromAnswer(
      answer(400, {}, '{"code":"invalid_body","message":"name is required","status":400}'),
    ) as errors.ValidationError;
    expect(withBody.code).toBe('invalid_body');
    expect(withBody.message).toContain('name is required');
    for (const body of ['', 'Too many requests', '<html>nope</html>', '[1,2]']) {
      const err = errorFromAnswer(answer(429, {}, body));
      expect(err).toBeInstanceOf(errors.RateLimitedError);
      expect((err as errors.RateLimitedError).code).toBeUndefined();
    }
    expect(
      errorFromAnswer(answer(429, {}, '{"code":"key_banned","message":"b","status":429}')),
    ).toBeInstanceOf(errors.BannedError);
  });
});

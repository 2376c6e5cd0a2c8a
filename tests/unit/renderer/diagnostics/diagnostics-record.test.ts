import { describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../../electron/contract/errors';
import {
  buildDiagnostics,
  diagnosticsText,
  type DiagnosticsInputs,
} from '../../../../src/diagnostics/diagnostics-record';
import { rateLimitState } from '../support/rate-limit-state';

const KEY = 'sk-live-7f3a9c1e5b2d4f6a8c0e';
const ANIMAL = 'Secret Biscuit';
const BASE_URL = `https://frontdesk:hunter2@pets.example.org:8443/v1/shelter-42?key=${KEY}#${ANIMAL}`;
const NOW = Date.UTC(2026, 10, 26, 15, 30);

/** An error the way the service and the bridge can word it: full of words that must not travel. */
function leakyError(patch: Partial<BridgeError> = {}): BridgeError {
  return {
    kind: 'validation',
    status: 400,
    code: 'invalid_pet',
    message: `Rejected ${ANIMAL} sent with key ${KEY} to ${BASE_URL}`,
    serviceMessage: `The name “${ANIMAL}” is not allowed`,
    field: 'name',
    ...patch,
  };
}

/** State as it can really stand, with a secret in every free-text place. */
function inputs(patch: Partial<DiagnosticsInputs> = {}): DiagnosticsInputs {
  return {
    app: {
      name: 'Kennel',
      version: '1.4.2',
      mode: 'electron',
      platform: 'linux',
      computerName: 'FRONT-DESK-2',
    },
    profile: 'staging',
    baseUrl: BASE_URL,
    outbox: {
      queued: 3,
      sending: 1,
      needsAttention: 2,
      held: 1,
      setAside: 4,
      errors: [
        { error: leakyError(), at: NOW - 60_000 },
        {
          error: {
            kind: 'network',
            message: `Reset while sending ${ANIMAL}`,
            code: `${ANIMAL} ${KEY}`,
            outcomeUnknown: true,
          },
          at: NOW - 1_000,
        },
      ],
    },
    connection: 'online',
    lastSyncAt: NOW - 3_600_000,
    lastError: leakyError({ kind: 'rate-limited', status: 429, code: 'rate_limited' }),
    rate: rateLimitState({
      limit: 100,
      remaining: 0,
      resetAt: NOW + 30_000,
      pausedUntil: NOW + 30_000,
      pauseEndable: true,
      dailyLimit: 5000,
      dailyRemaining: 4200,
      dailySource: 'plan',
    }),
    storage: { usedBytes: 1_234_567, quotaBytes: 9_876_543_210, persisted: true },
    language: 'es',
    now: NOW,
    ...patch,
  };
}

describe('the diagnostics record', () => {
  it('holds no key, no animal name and nothing of the address but its host', () => {
    const text = diagnosticsText(buildDiagnostics(inputs()));
    for (const secret of [
      KEY,
      ANIMAL,
      'Biscuit',
      'frontdesk',
      'hunter2',
      'shelter-42',
      '/v1',
      'https:',
      'key=',
      'not allowed',
      'Rejected',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(JSON.parse(text)).toMatchObject({ serviceHost: 'pets.example.org:8443' });
  });

  it('gives the figures a support person needs', () => {
    const record = JSON.parse(diagnosticsText(buildDiagnostics(inputs()))) as unknown;
    expect(record).toEqual({
      format: 1,
      madeAt: '2026-11-26T15:30:00.000Z',
      app: { name: 'Kennel', version: '1.4.2', mode: 'electron', platform: 'linux' },
      language: 'es',
      profile: 'staging',
      serviceHost: 'pets.example.org:8443',
      sync: {
        connection: 'online',
        lastSyncAt: '2026-11-26T14:30:00.000Z',
        // The engine's own, apart: never pushed out by the queue's.
        lastError: {
          kind: 'rate-limited',
          status: 429,
          code: 'rate_limited',
          outcomeUnknown: false,
          at: null,
        },
      },
      outbox: { queued: 3, sending: 1, needsAttention: 2, held: 1, setAside: 4 },
      errors: [
        // Newest first; a code that reads as words is left out, not cleaned.
        {
          kind: 'network',
          status: null,
          code: null,
          outcomeUnknown: true,
          at: '2026-11-26T15:29:59.000Z',
        },
        {
          kind: 'validation',
          status: 400,
          code: 'invalid_pet',
          outcomeUnknown: false,
          at: '2026-11-26T15:29:00.000Z',
        },
      ],
      rate: {
        limit: 100,
        remaining: 0,
        resetAt: '2026-11-26T15:30:30.000Z',
        pausedUntil: '2026-11-26T15:30:30.000Z',
        paused: true,
        pauseEndable: true,
        shared: false,
        dailyLimit: 5000,
        dailyRemaining: 4200,
        dailyResetAt: null,
        dailySource: 'plan',
      },
      storage: { usedBytes: 1_234_567, quotaBytes: 9_876_543_210, persisted: true },
    });
  });

  it('keeps only the queue’s latest five failures, and the engine’s own beside them', () => {
    const errors = Array.from({ length: 8 }, (_, i) => ({
      error: leakyError({ status: 500 + i, kind: 'server' as const }),
      at: NOW - 1000 * (8 - i),
    }));
    const base = inputs();
    const record = buildDiagnostics(inputs({ outbox: base.outbox && { ...base.outbox, errors } }));
    expect(record.errors.map((e) => e.status)).toEqual([507, 506, 505, 504, 503]);
    expect(record.sync.lastError).toMatchObject({ kind: 'rate-limited', status: 429 });
  });

  it('says plainly what it could not learn', () => {
    const record = buildDiagnostics(
      inputs({
        app: null,
        baseUrl: '',
        outbox: null,
        lastError: null,
        rate: null,
        lastSyncAt: null,
        storage: { usedBytes: null, quotaBytes: null, persisted: null },
      }),
    );
    expect(record).toMatchObject({
      app: null,
      serviceHost: null,
      outbox: null,
      errors: [],
      rate: null,
      sync: { lastSyncAt: null, lastError: null },
      storage: { usedBytes: null, quotaBytes: null, persisted: null },
    });
  });
});

/** The service's host as the diagnostics record gives it for `baseUrl`. */
const serviceHost = (baseUrl: string | null): string | null =>
  buildDiagnostics(inputs({ baseUrl })).serviceHost;

describe('the service host in the record', () => {
  it('keeps the host and port, and nothing else', () => {
    expect(serviceHost('http://127.0.0.1:4010/v1')).toBe('127.0.0.1:4010');
    expect(serviceHost(' https://user:pass@pets.example.org/v1?x=1#y ')).toBe('pets.example.org');
  });

  it('gives nothing for an address that is unset or cannot be read', () => {
    expect(serviceHost(null)).toBeNull();
    expect(serviceHost('  ')).toBeNull();
    expect(serviceHost(`${ANIMAL} ${KEY}`)).toBeNull();
  });
});

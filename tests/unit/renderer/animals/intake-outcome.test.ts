import { describe, expect, it } from 'vitest';
import { intakeOutcome } from '../../../../src/animals/intake-outcome';
import type { OutboxEntry } from '../../../../src/data/db';

function entry(patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    seq: 1,
    profile: 'local',
    payload: { name: 'Rex', categoryId: '3' },
    idempotencyKey: 'k1',
    localKey: 'local:e1',
    state: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: 0,
    nextAttemptAt: 0,
    ...patch,
  };
}

describe('intakeOutcome', () => {
  it('confirms a queued animal politely', () => {
    expect(intakeOutcome('Rex', entry({}))).toEqual({
      confirmation: 'Queued Rex for sync.',
      alert: null,
    });
    expect(intakeOutcome('Rex', entry({ state: 'sending' })).alert).toBeNull();
  });

  it('says the animal was added once its entry left the outbox', () => {
    expect(intakeOutcome('Rex', undefined)).toEqual({ confirmation: 'Added Rex.', alert: null });
  });

  it('treats a not-yet-read entry as queued', () => {
    expect(intakeOutcome('Rex', null).confirmation).toBe('Queued Rex for sync.');
  });

  it('raises an alert with the service’s message when the service refused it', () => {
    const refused = entry({
      state: 'needs-attention',
      lastError: {
        kind: 'validation',
        status: 400,
        message: 'The service rejected the request (HTTP 400): categoryId 3 does not exist',
        serviceMessage: 'categoryId 3 does not exist',
      },
    });
    const outcome = intakeOutcome('Rex', refused);
    expect(outcome.alert).toContain('categoryId 3 does not exist');
    expect(outcome.alert).toContain('Rex');
    expect(outcome.alert).toContain('Needs attention');
  });

  it('says a refusal alone, never also that the animal is queued', () => {
    const refused = entry({ state: 'needs-attention', lastError: null });
    expect(intakeOutcome('Rex', refused)).toEqual({
      confirmation: '',
      alert: 'Rex was not added. The service refused it. It is kept under Needs attention.',
    });
  });

  it('ends the service’s quoted reason with a full stop before the next sentence', () => {
    const refused = entry({
      state: 'needs-attention',
      lastError: {
        kind: 'validation',
        status: 400,
        message: 'The service rejected the request (HTTP 400): category It is unknown',
        serviceMessage: 'category It is unknown',
      },
    });
    expect(intakeOutcome('Rex', refused).alert).toBe(
      'Rex was not added. The service did not accept this: “category It is unknown”. It is kept under Needs attention.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { BRIDGE_ERROR_KINDS, type BridgeError } from '../../../../electron/contract';
import { errorField, errorMessage, plainErrorMessage } from '../../../../src/errors/messages';

describe('errorMessage', () => {
  it('says something for every kind, even when the Node side sent no text', () => {
    const texts = BRIDGE_ERROR_KINDS.map((kind) => errorMessage({ kind, message: '' }));
    for (const text of texts) expect(text.trim().length).toBeGreaterThan(10);
    // Different failures read differently.
    expect(new Set(texts).size).toBe(BRIDGE_ERROR_KINDS.length);
  });

  it('shows the service’s own message for a 400', () => {
    const error: BridgeError = {
      kind: 'validation',
      status: 400,
      message: 'name must not be empty',
    };
    expect(errorMessage(error)).toBe('name must not be empty');
  });

  it('words a lookup miss with the animal’s ID', () => {
    expect(errorMessage({ kind: 'not-found', message: 'Not found' }, { petId: '42' })).toBe(
      'No animal with ID 42',
    );
  });

  it('tells the user to enter a key on 401', () => {
    expect(errorMessage({ kind: 'unauthorized', message: 'Invalid API key.' })).toBe(
      'Invalid API key. Enter a valid API key.',
    );
  });

  it('says when a rate-limit pause ends, as a wall-clock time', () => {
    const retryAt = new Date(2030, 0, 1, 9, 5, 7).getTime();
    expect(errorMessage({ kind: 'rate-limited', message: 'Too many requests', retryAt })).toBe(
      'Too many requests. Nothing is sent before 09:05:07.',
    );
  });

  it('reassures that work is kept when the service cannot be reached', () => {
    expect(errorMessage({ kind: 'network', message: '' })).toBe(
      'Cannot reach the service. Your work is kept on this computer and sent when the service is back.',
    );
  });

  it('does not repeat a next step the message already contains', () => {
    const message = 'Timed out. Kennel will try again.';
    expect(errorMessage({ kind: 'timeout', message })).toBe(message);
  });
});

describe('errorField', () => {
  it('names the form field at fault, and nothing for other fields', () => {
    expect(errorField({ kind: 'validation', message: 'x', field: 'categoryId' })).toBe(
      'categoryId',
    );
    expect(errorField({ kind: 'invalid-argument', message: 'x', field: 'limit' })).toBeNull();
    expect(errorField({ kind: 'validation', message: 'x' })).toBeNull();
  });
});

describe('plainErrorMessage', () => {
  it('words a failed read without status codes, addresses or socket names', () => {
    expect(
      plainErrorMessage({
        kind: 'network',
        message: 'http://127.0.0.1:4010: could not connect (ECONNREFUSED).',
      }),
    ).toBe(
      'Cannot reach the service. Your work is kept on this computer and sent when the service is back.',
    );
    expect(
      plainErrorMessage({ kind: 'server', message: 'The service answered HTTP 503.', status: 503 }),
    ).toBe('The service had a problem. Kennel will try again.');
    expect(
      plainErrorMessage({ kind: 'not-found', message: 'HTTP 404', status: 404 }, { petId: '7' }),
    ).toBe('No animal with ID 7');
  });

  it('keeps a message Kennel wrote for people', () => {
    const lists = 'No animal with ID 9 in the lists the service shows.';
    expect(plainErrorMessage({ kind: 'not-found', message: lists })).toBe(lists);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../../src/i18n';
import { describeSyncProgress } from '../../../../src/status/sync-progress-text';

/** The header's line about the queue, as a drain of 40 goes by. */
afterEach(async () => {
  await applyLanguage('en');
});

describe('describeSyncProgress', () => {
  it('follows a drain: waiting, sending (the one on its way counted), all sent', () => {
    expect(describeSyncProgress({ syncing: null, waiting: 40, attention: 0 })).toEqual({
      state: 'waiting',
      text: '40 waiting',
    });
    expect(
      describeSyncProgress({ syncing: { done: 0, total: 40 }, waiting: 40, attention: 0 }).text,
    ).toBe('Sending 1 of 40…');
    expect(
      describeSyncProgress({ syncing: { done: 2, total: 40 }, waiting: 38, attention: 0 }).text,
    ).toBe('Sending 3 of 40…');
    expect(
      describeSyncProgress({ syncing: { done: 40, total: 40 }, waiting: 0, attention: 0 }).text,
    ).toBe('Sending 40 of 40…');
    expect(describeSyncProgress({ syncing: null, waiting: 0, attention: 0 })).toEqual({
      state: 'all-sent',
      text: 'All sent',
    });
    expect(describeSyncProgress({ syncing: null, waiting: 1_200, attention: 0 }).text).toBe(
      '1,200 waiting',
    );
  });

  it('never says "All sent" over animals that need attention', () => {
    expect(describeSyncProgress({ syncing: null, waiting: 0, attention: 1 })).toEqual({
      state: 'attention',
      text: '1 needs attention',
    });
    expect(describeSyncProgress({ syncing: null, waiting: 12, attention: 2 }).text).toBe(
      '12 waiting · 2 need attention',
    );
    expect(
      describeSyncProgress({ syncing: { done: 4, total: 12 }, waiting: 8, attention: 2 }).text,
    ).toBe('Sending 5 of 12… · 2 need attention');
  });

  it('says nothing of a queue it has not read yet', () => {
    expect(describeSyncProgress({ syncing: null, waiting: null, attention: 0 })).toEqual({
      state: 'counting',
      text: 'Counting…',
    });
  });

  it('speaks Spanish', async () => {
    await applyLanguage('es');
    expect(
      describeSyncProgress({ syncing: { done: 2, total: 40 }, waiting: 38, attention: 0 }).text,
    ).toBe('Enviando 3 de 40…');
    expect(describeSyncProgress({ syncing: null, waiting: 12, attention: 1 }).text).toBe(
      '12 en espera · 1 requiere atención',
    );
    expect(describeSyncProgress({ syncing: null, waiting: 0, attention: 0 }).text).toBe(
      'Todo enviado',
    );
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskCopiesApi } from '../../../../electron/contract/desk-copies';
import { deskCopiesApi } from '../../../../src/bridge/desk-copies';

afterEach(() => vi.unstubAllGlobals());

describe('the desktop app’s desk copies, from the window', () => {
  it('are the preload’s kennelDesk in the desktop app', async () => {
    const kennelDesk: DeskCopiesApi = {
      onWanted: () => () => {},
      keep: () => Promise.resolve(true),
      list: () =>
        Promise.resolve([{ name: 'kennel-desk-2026-11-27.kennel', savedAt: 1, bytes: 2 }]),
      read: () => Promise.resolve(null),
      onMenu: () => () => {},
      menuWords: () => Promise.resolve(),
    };
    vi.stubGlobal('window', { kennelDesk });
    expect(deskCopiesApi()).toBe(kennelDesk);
    await expect(deskCopiesApi()?.list()).resolves.toHaveLength(1);
  });

  it('are not there in a browser, nor outside one', () => {
    vi.stubGlobal('window', {});
    expect(deskCopiesApi()).toBeNull();
    vi.unstubAllGlobals();
    expect(typeof window).toBe('undefined');
    expect(deskCopiesApi()).toBeNull();
  });
});

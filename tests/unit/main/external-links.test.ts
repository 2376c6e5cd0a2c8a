import type { WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, BrowserWindow } = await import('../mocks/electron');
const { guardContents } = await import('../../../electron/main/setup-contents-guard');
const { externalLinkPrompt } = await import('../../../electron/main/external-link-prompt');

const APP_URL = 'kennel://app/index.html';
const LINK = 'https://docs.example.org/kennel/help?topic=keys#saving';

function guardedWindow(): InstanceType<typeof BrowserWindow>['webContents'] {
  const window = new BrowserWindow({});
  guardContents(window.webContents as unknown as WebContents, APP_URL);
  return window.webContents;
}

/** Lets the dialog's promise and what follows it settle. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('links to the outside', () => {
  beforeEach(() => electronMock.reset());

  it('asks first, showing the full address, and opens nothing when the user cancels', async () => {
    const contents = guardedWindow();
    expect(contents.windowOpenHandler?.({ url: LINK })).toEqual({ action: 'deny' });
    await settle();
    expect(electronMock.dialog.shown).toHaveLength(1);
    expect(electronMock.dialog.shown[0]?.detail).toBe(LINK);
    expect(electronMock.dialog.shown[0]?.buttons).toEqual(['Cancel', 'Open in browser']);
    expect(electronMock.shell.opened).toEqual([]);
  });

  it('opens the link in the system browser once the user says yes', async () => {
    electronMock.dialog.answer = (options) => options.buttons?.indexOf('Open in browser') ?? 0;
    const contents = guardedWindow();
    contents.windowOpenHandler?.({ url: LINK });
    await settle();
    expect(electronMock.shell.opened).toEqual([LINK]);
  });

  it('asks one question at a time, however many links a page opens', async () => {
    const contents = guardedWindow();
    for (let i = 0; i < 20; i += 1) contents.windowOpenHandler?.({ url: `${LINK}&n=${i}` });
    await settle();
    expect(electronMock.dialog.shown).toHaveLength(1);
    expect(electronMock.shell.opened).toEqual([]);
  });

  it('shows a look-alike international host in its ASCII form', () => {
    const prompt = externalLinkPrompt(new URL('https://аpple.example/').href);
    expect(prompt.detail).toBe('https://xn--pple-43d.example/');
    expect(prompt.defaultId).toBe(prompt.cancelId);
  });
});

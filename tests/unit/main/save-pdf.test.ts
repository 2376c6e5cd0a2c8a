import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { SAVE_PDF_CHANNEL } from '../../../electron/contract/save-pdf';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');
const { setupSavePdf } = await import('../../../electron/main/save-pdf');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

const APP_URL = 'kennel://app/index.html';
const WINDOW_ID = 7;
const PDF = Buffer.from('%PDF-1.7 cards');

/** The calling page: its id, its frame and what its `printToPDF` was asked. */
function ipcEvent(senderId: number, url: string, parent: object | null = null) {
  const printed: unknown[] = [];
  const sender = {
    id: senderId,
    printToPDF: (options: unknown) => {
      printed.push(options);
      return Promise.resolve(PDF);
    },
  };
  return { event: { sender, senderFrame: { url, parent } }, printed };
}

function handler(): (event: unknown, ...args: unknown[]) => Promise<unknown> {
  setupSavePdf(() => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL }));
  const registered = electronMock.ipcMain.handlers.get(SAVE_PDF_CHANNEL);
  if (registered === undefined) throw new Error('no handler');
  return registered as (event: unknown, ...args: unknown[]) => Promise<unknown>;
}

let dir = '';
beforeEach(async () => {
  electronMock.reset();
  dir = await mkdtemp(join(tmpdir(), 'kennel-pdf-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Save as PDF from the app window', () => {
  it('asks where, prints the page with its own page size and writes the file there', async () => {
    const target = join(dir, 'cards.pdf');
    electronMock.dialog.savePath = target;
    const { event, printed } = ipcEvent(WINDOW_ID, APP_URL);
    await expect(handler()(event, 'Kennel cards.pdf')).resolves.toBe('saved');
    expect(electronMock.dialog.saveDialogs).toMatchObject([{ defaultPath: 'Kennel cards.pdf' }]);
    expect(printed).toEqual([{ preferCSSPageSize: true, printBackground: true }]);
    expect(await readFile(target)).toEqual(PDF);
  });

  it('prints nothing when the user cancels the save dialog', async () => {
    const { event, printed } = ipcEvent(WINDOW_ID, APP_URL);
    await expect(handler()(event, 'Kennel cards.pdf')).resolves.toBe('cancelled');
    expect(printed).toEqual([]);
  });

  it('says it failed when the file cannot be written, and asks no dialog for a bad name', async () => {
    electronMock.dialog.savePath = join(dir, 'no-such-folder', 'cards.pdf');
    const { event } = ipcEvent(WINDOW_ID, APP_URL);
    const handle = handler();
    await expect(handle(event, 'Kennel cards.pdf')).resolves.toBe('failed');
    await expect(handle(event, '../../etc/cards.pdf')).resolves.toBe('failed');
    expect(electronMock.dialog.saveDialogs).toHaveLength(1);
  });

  it('is refused from another webContents, an iframe or a foreign page', async () => {
    electronMock.dialog.savePath = join(dir, 'cards.pdf');
    const handle = handler();
    for (const { event, printed } of [
      ipcEvent(8, APP_URL),
      ipcEvent(WINDOW_ID, APP_URL, {}),
      ipcEvent(WINDOW_ID, 'https://evil.example/'),
    ]) {
      await expect(handle(event, 'Kennel cards.pdf')).rejects.toBeInstanceOf(UntrustedSenderError);
      expect(printed).toEqual([]);
    }
    expect(electronMock.dialog.saveDialogs).toEqual([]);
  });
});

describe('the file name the window suggests', () => {
  it('is a plain file name ending in .pdf, nothing with a folder or control characters', async () => {
    const { event } = ipcEvent(WINDOW_ID, APP_URL);
    const handle = handler();
    await expect(handle(event, 'Kennel cards 26 Nov.pdf')).resolves.toBe('cancelled');
    expect(electronMock.dialog.saveDialogs).toMatchObject([
      { defaultPath: 'Kennel cards 26 Nov.pdf' },
    ]);
    for (const bad of [
      'cards.txt',
      'a/b.pdf',
      'a\\b.pdf',
      'C:cards.pdf',
      '.pdf',
      'x\n.pdf',
      7,
      `${'a'.repeat(200)}.pdf`,
    ]) {
      await expect(handle(event, bad), String(bad)).resolves.toBe('failed');
    }
    expect(electronMock.dialog.saveDialogs).toHaveLength(1);
  });
});

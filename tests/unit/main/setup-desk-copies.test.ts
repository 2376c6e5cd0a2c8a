import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESK_CHANNELS } from '../../../electron/contract/desk-copies';
import { COPIES_FOLDER } from '../../../electron/core/desk-copies/copy-names';
import { useTempDirs } from '../core/helpers/temp-dir';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, fakeEvent } = await import('../mocks/electron');
const { setupAppMenu } = await import('../../../electron/main/app-menu');
const { setupDeskCopies } = await import('../../../electron/main/setup-desk-copies');
const { setupWindow } = await import('../../../electron/main/setup-window');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

const APP_URL = 'kennel://app/index.html';
/** The first look for the daily copy, a minute after start. */
const FIRST_DAILY_LOOK_MS = 60_000;
/** The longest a close waits for the window's copy: twenty seconds. */
const CLOSING_COPY_WAIT_MS = 20_000;
const tempDir = useTempDirs();

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown> | unknown;
type FakeWindow = InstanceType<typeof electronMock.BrowserWindow>;

let stop: (() => void) | null = null;
const quit = vi.spyOn(electronMock.app, 'quit');

/** The main process's side, on a fresh data folder, with the app window open. */
async function started() {
  const dataDir = await tempDir();
  const windows = setupWindow(APP_URL, '/app/out/preload/index.cjs');
  const menu = setupAppMenu(windows, { platform: 'linux', devTools: false });
  const trusted = () => ({ webContentsIds: windows.webContentsIds(), appUrl: APP_URL });
  stop = setupDeskCopies({ dataDir, windows, trusted, menu }).stop;
  const window = windows.open() as unknown as FakeWindow;
  const handler = (channel: string): Handler => {
    const found = electronMock.ipcMain.handlers.get(channel);
    if (found === undefined) throw new Error(`no handler for ${channel}`);
    return found;
  };
  return { dataDir, window, handler };
}

/** An IPC event from the top frame of `window` showing the app, or as changed. */
function from(window: FakeWindow, change: { id?: number; url?: string; parent?: object } = {}) {
  return {
    sender: { id: change.id ?? window.webContents.id },
    senderFrame: { url: change.url ?? APP_URL, parent: change.parent ?? null },
  };
}

const wanted = (window: FakeWindow): unknown[] =>
  window.webContents.sent
    .filter(({ channel }) => channel === DESK_CHANNELS.wanted)
    .map(({ args }) => args[0]);

beforeEach(() => {
  electronMock.reset();
  quit.mockClear();
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
});

describe('the copies over IPC', () => {
  it('keeps what the window hands over, lists it and hands it back', async () => {
    const { dataDir, window, handler } = await started();
    const bytes = new TextEncoder().encode('PK desk');
    await expect(handler(DESK_CHANNELS.keep)(from(window), bytes, 'daily')).resolves.toBe(true);
    const listed = (await handler(DESK_CHANNELS.list)(from(window))) as { name: string }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]?.name).toMatch(/^kennel-desk-\d{4}-\d{2}-\d{2}\.kennel$/);
    await expect(handler(DESK_CHANNELS.read)(from(window), listed[0]?.name)).resolves.toEqual(
      bytes,
    );
    await expect(handler(DESK_CHANNELS.read)(from(window), '../config.json')).resolves.toBeNull();
    expect(await readdir(join(dataDir, COPIES_FOLDER))).toEqual([listed[0]?.name]);
  });

  it('keeps nothing for a window with nothing to keep, and refuses what is not a copy', async () => {
    const { dataDir, window, handler } = await started();
    const keep = handler(DESK_CHANNELS.keep);
    await expect(keep(from(window), null, 'daily')).resolves.toBe(false);
    await expect(keep(from(window), new Uint8Array(2), 'weekly')).rejects.toThrow(TypeError);
    await expect(keep(from(window), 'PK', 'daily')).rejects.toThrow(TypeError);
    await expect(keep(from(window), [80, 75], 'quit')).rejects.toThrow(TypeError);
    await expect(handler(DESK_CHANNELS.read)(from(window), 7)).rejects.toThrow(TypeError);
    await expect(readdir(join(dataDir, COPIES_FOLDER))).rejects.toThrow(/ENOENT/);
  });

  it('refuses every call from another webContents, an iframe or a foreign page', async () => {
    const { dataDir, window, handler } = await started();
    const strangers = [
      from(window, { id: window.webContents.id + 100 }),
      from(window, { parent: {} }),
      from(window, { url: 'https://evil.example/' }),
    ];
    const calls: [string, unknown[]][] = [
      [DESK_CHANNELS.keep, [new Uint8Array([1]), 'daily']],
      [DESK_CHANNELS.list, []],
      [DESK_CHANNELS.read, ['kennel-desk-2026-11-27.kennel']],
      [DESK_CHANNELS.menuWords, [{ file: 'F', save: 'S', open: 'O', quit: 'Q' }]],
    ];
    for (const stranger of strangers) {
      for (const [channel, args] of calls) {
        await expect(handler(channel)(stranger, ...args)).rejects.toBeInstanceOf(
          UntrustedSenderError,
        );
      }
    }
    await expect(readdir(join(dataDir, COPIES_FOLDER))).rejects.toThrow(/ENOENT/);
    expect((electronMock.Menu.application as { label?: string }[])[0]?.label).toBe('File');
  });

  it('changes the File menu to the words the window sends, and only to words', async () => {
    const { window, handler } = await started();
    const spanish = {
      file: 'Archivo',
      save: 'Guardar este escritorio…',
      open: 'Abrir un archivo…',
      quit: 'Salir',
    };
    const menuWords = handler(DESK_CHANNELS.menuWords);
    await expect(menuWords(from(window), { ...spanish, file: 'x'.repeat(61) })).rejects.toThrow(
      TypeError,
    );
    expect((electronMock.Menu.application as { label?: string }[])[0]?.label).toBe('File');
    await menuWords(from(window), spanish);
    expect((electronMock.Menu.application as { label?: string }[])[0]?.label).toBe('Archivo');
  });
});

describe('asking the window for copies', () => {
  it('asks for the daily copy soon after start when today has none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { window } = await started();
    vi.advanceTimersByTime(FIRST_DAILY_LOOK_MS - 1);
    expect(wanted(window)).toEqual([]);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(wanted(window)).toEqual(['daily']));
  });

  it('holds the quit for the window’s copy, then quits; a quit after that goes through', async () => {
    const { window, handler } = await started();
    const first = fakeEvent({});
    electronMock.app.emit('before-quit', first);
    expect(first.defaultPrevented).toBe(true);
    expect(wanted(window)).toEqual(['quit']);
    expect(quit).not.toHaveBeenCalled();

    await handler(DESK_CHANNELS.keep)(from(window), new Uint8Array([1, 2]), 'quit');
    expect(quit).toHaveBeenCalledTimes(1);
    const again = fakeEvent({});
    electronMock.app.emit('before-quit', again);
    expect(again.defaultPrevented).toBe(false);
    expect(wanted(window)).toEqual(['quit']);
  });

  it('quits when the window said it had nothing to keep', async () => {
    const { window, handler } = await started();
    electronMock.app.emit('before-quit', fakeEvent({}));
    await expect(handler(DESK_CHANNELS.keep)(from(window), null, 'quit')).resolves.toBe(false);
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('quits, and says so in a warning, when the copy could not be written', async () => {
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const { dataDir, window, handler } = await started();
    // Where the folder should be, a file is: the copy cannot be written.
    await writeFile(join(dataDir, COPIES_FOLDER), 'in the way');
    electronMock.app.emit('before-quit', fakeEvent({}));
    const keep = handler(DESK_CHANNELS.keep);
    await expect(keep(from(window), new Uint8Array([1]), 'quit')).resolves.toBe(false);
    expect(quit).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/desk copy was not kept/), {
      code: 'KENNEL_DESK_COPY',
    });
    warnings.mockRestore();
  });

  it('waits at most twenty seconds, and a second quit meanwhile goes at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await started();
    electronMock.app.emit('before-quit', fakeEvent({}));
    vi.advanceTimersByTime(CLOSING_COPY_WAIT_MS - 1);
    expect(quit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(quit).toHaveBeenCalledTimes(1);

    electronMock.reset();
    quit.mockClear();
    stop?.();
    await started();
    electronMock.app.emit('before-quit', fakeEvent({}));
    const insisting = fakeEvent({});
    electronMock.app.emit('before-quit', insisting);
    expect(insisting.defaultPrevented).toBe(false);
    vi.advanceTimersByTime(CLOSING_COPY_WAIT_MS);
    expect(quit).not.toHaveBeenCalled();
  });

  it('holds the window’s close for its copy too (how Windows and Linux quit), then closes it', async () => {
    const { window, handler } = await started();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(wanted(window)).toEqual(['quit']);
    await handler(DESK_CHANNELS.keep)(from(window), new Uint8Array([3]), 'quit');
    expect(window.isDestroyed()).toBe(true);
    // The app's quit that follows the last window closing is not held again.
    const after = fakeEvent({});
    electronMock.app.emit('before-quit', after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('goes on at once when the window crashes during the wait', async () => {
    const { window } = await started();
    electronMock.app.emit('before-quit', fakeEvent({}));
    window.webContents.emit('render-process-gone', fakeEvent({}), { reason: 'crashed' });
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('quits at once when no app window is open', async () => {
    const { window } = await started();
    window.destroy();
    const event = fakeEvent({});
    electronMock.app.emit('before-quit', event);
    expect(event.defaultPrevented).toBe(false);
    expect(wanted(window)).toEqual([]);
  });
});

import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MOVE_CHANNELS, type MovedData } from '../../../electron/contract/moved-data';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock, fakeEvent } = await import('../mocks/electron');
const { keepMoved, moveState } = await import('../../../electron/main/origin-move');
const { readOldOrigin, setupMovedDataIpc } =
  await import('../../../electron/main/setup-origin-move');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

type FakeWindow = InstanceType<typeof electronMock.BrowserWindow>;

const APP_URL = 'kennel://app/index.html';
const RENDERER_DIR = join(tmpdir(), 'Kennel', 'resources', 'app.asar', 'out', 'renderer');
const MOVE_PAGE_URL = pathToFileURL(join(RENDERER_DIR, 'move-data.html')).href;
const MOVE_PRELOAD = join(tmpdir(), 'Kennel', 'out', 'preload', 'move-data.cjs');
/** The warning's code when a read of the old origin did not finish. */
const ORIGIN_MOVE_WARNING = 'KENNEL_ORIGIN_MOVE';
/** Long enough never to end a test that does not mean it to. */
const NEVER_MS = 600_000;

const QUEUED: MovedData = {
  databases: [
    {
      name: 'kennel-local',
      version: 30,
      stores: [
        {
          name: 'outbox',
          keyPath: 'id',
          autoIncrement: false,
          indexes: [],
          keys: ['op-1'],
          values: [{ id: 'op-1', createdAt: new Date('2025-03-01T08:30:00.000Z') }],
        },
      ],
    },
  ],
  localStorage: [['kennel.profile', 'local']],
};

/** An IPC event as Electron would deliver it. */
function ipcEvent(senderId: number, url: string | null, parent: object | null = null) {
  return { sender: { id: senderId }, senderFrame: url === null ? null : { url, parent } };
}

/** The deliver call, with the event Electron would give its handler. */
function deliver(data: unknown, event: object): Promise<unknown> {
  const handler = electronMock.ipcMain.handlers.get(MOVE_CHANNELS.deliver);
  if (handler === undefined) return Promise.reject(new Error('no handler for deliver'));
  return Promise.resolve().then(() => handler(event, data));
}

let dir: string;
let warn: MockInstance<typeof process.emitWarning>;

beforeEach(async () => {
  electronMock.reset();
  dir = await mkdtemp(join(tmpdir(), 'kennel-user-data-'));
  warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** Starts reading the old origin and waits for its hidden window. */
async function startRead(timeoutMs = NEVER_MS) {
  const done = readOldOrigin({
    userDataDir: dir,
    rendererDir: RENDERER_DIR,
    preloadPath: MOVE_PRELOAD,
    timeoutMs,
  });
  const window = await vi.waitFor(() => {
    const [created] = electronMock.BrowserWindow.created;
    if (created === undefined) throw new Error('the move window is not open yet');
    return created;
  });
  return { done, window, fromPage: ipcEvent(window.webContents.id, MOVE_PAGE_URL) };
}

/** True when nothing is left listening for the move window or its delivery. */
function stoppedWatching(window: FakeWindow): boolean {
  const contents = window.webContents;
  return (
    !electronMock.ipcMain.handlers.has(MOVE_CHANNELS.deliver) &&
    contents.listenerCount('did-fail-load') === 0 &&
    contents.listenerCount('preload-error') === 0 &&
    contents.listenerCount('render-process-gone') === 0 &&
    window.listenerCount('closed') === 0
  );
}

describe('reading the old origin', () => {
  it('opens one hidden, sandboxed window on exactly the move page, with the move preload', async () => {
    const { done, window, fromPage } = await startRead();
    expect(electronMock.BrowserWindow.created).toHaveLength(1);
    expect(window.webContents.loadedUrl).toBe(MOVE_PAGE_URL);
    expect(window.options['show']).toBe(false);
    expect(window.options['webPreferences']).toMatchObject({
      preload: MOVE_PRELOAD,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    await deliver(QUEUED, fromPage);
    await expect(done).resolves.toBe('kept');
  });

  it('keeps what the page delivers, then closes its window and stops listening', async () => {
    const { done, window, fromPage } = await startRead();
    await expect(deliver(QUEUED, fromPage)).resolves.toBeUndefined();
    await expect(done).resolves.toBe('kept');
    await expect(moveState(dir)).resolves.toBe('pending');
    expect(window.isDestroyed()).toBe(true);
    expect(stoppedWatching(window)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives up at once when the page says it could not read, and only that page may say so', async () => {
    const { done, window, fromPage } = await startRead();
    const failed = electronMock.ipcMain.handlers.get(MOVE_CHANNELS.failed);
    if (failed === undefined) throw new Error('no handler for failed');
    const stranger = ipcEvent(window.webContents.id + 1, MOVE_PAGE_URL);
    await expect(Promise.resolve().then(() => failed(stranger))).rejects.toThrow();
    await failed(fromPage);
    await expect(done).resolves.toBe('failed');
    await expect(moveState(dir)).resolves.toBe('not-started');
    expect(window.isDestroyed()).toBe(true);
    expect(electronMock.ipcMain.handlers.has(MOVE_CHANNELS.failed)).toBe(false);
  });

  it('ends the move when the old origin held nothing', async () => {
    const { done, fromPage } = await startRead();
    await deliver({ databases: [], localStorage: [] }, fromPage);
    await expect(done).resolves.toBe('kept');
    await expect(moveState(dir)).resolves.toBe('done');
  });

  it('refuses a delivery from any other webContents, page or frame, and keeps waiting', async () => {
    const { done, window, fromPage } = await startRead();
    const id = window.webContents.id;
    const strangers = [
      ipcEvent(id + 1, MOVE_PAGE_URL),
      ipcEvent(id, pathToFileURL(join(RENDERER_DIR, 'index.html')).href),
      ipcEvent(id, `${MOVE_PAGE_URL}#again`),
      ipcEvent(id, APP_URL),
      ipcEvent(id, MOVE_PAGE_URL, { url: MOVE_PAGE_URL }),
      ipcEvent(id, null),
    ];
    for (const stranger of strangers) {
      const refused = await deliver(QUEUED, stranger).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UntrustedSenderError);
    }
    await expect(moveState(dir)).resolves.toBe('not-started');
    expect(window.isDestroyed()).toBe(false);
    await deliver(QUEUED, fromPage);
    await expect(done).resolves.toBe('kept');
  });

  it('takes the delivery when the page spells its own file URL otherwise', async () => {
    const { done, window } = await startRead();
    const spelled = MOVE_PAGE_URL.replace('move-data.html', 'move%2Ddata.html');
    await deliver(QUEUED, ipcEvent(window.webContents.id, spelled));
    await expect(done).resolves.toBe('kept');
  });

  it('refuses data of another shape: window closed, move not started, warned', async () => {
    const { done, window, fromPage } = await startRead();
    await expect(deliver({ databases: 'all', localStorage: [] }, fromPage)).rejects.toThrow(
      /not the shape of moved data/,
    );
    await expect(done).resolves.toBe('invalid');
    await expect(moveState(dir)).resolves.toBe('not-started');
    expect(window.isDestroyed()).toBe(true);
    expect(stoppedWatching(window)).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('invalid'), {
      code: ORIGIN_MOVE_WARNING,
    });
  });

  it('refuses a delivery that claims a vast sparse list of databases, and keeps nothing', async () => {
    const { done, fromPage } = await startRead();
    const databases: unknown[] = [];
    databases.length = 100_000_000;
    await expect(deliver({ databases, localStorage: [] }, fromPage)).rejects.toThrow(
      /not the shape of moved data/,
    );
    await expect(done).resolves.toBe('invalid');
    await expect(moveState(dir)).resolves.toBe('not-started');
  });

  it.each([
    [
      'did-fail-load',
      [fakeEvent({}), -6, 'ERR_FILE_NOT_FOUND', MOVE_PAGE_URL, true],
      'load-failed',
    ],
    ['preload-error', [fakeEvent({}), MOVE_PRELOAD, new Error('missing')], 'load-failed'],
    ['render-process-gone', [fakeEvent({}), { reason: 'crashed', exitCode: 1 }], 'crashed'],
  ] as const)(
    'gives up on %s: window closed, move not started, tried again next start',
    async (name, args, outcome) => {
      const { done, window } = await startRead();
      window.webContents.emit(name, ...args);
      await expect(done).resolves.toBe(outcome);
      await expect(moveState(dir)).resolves.toBe('not-started');
      expect(window.isDestroyed()).toBe(true);
      expect(stoppedWatching(window)).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(outcome), {
        code: ORIGIN_MOVE_WARNING,
      });
    },
  );

  it('lets nothing end the move while a delivery is being kept', async () => {
    const { done, window, fromPage } = await startRead();
    const handler = electronMock.ipcMain.handlers.get(MOVE_CHANNELS.deliver);
    // Called directly: the delivery is accepted before its data reaches the disk.
    const delivering = handler?.(fromPage, QUEUED);
    window.webContents.emit('render-process-gone', fakeEvent({}), { reason: 'crashed' });
    await delivering;
    await expect(done).resolves.toBe('kept');
    await expect(moveState(dir)).resolves.toBe('pending');
  });

  it('does not give up when only a sub-frame fails to load', async () => {
    const { done, window, fromPage } = await startRead();
    window.webContents.emit('did-fail-load', fakeEvent({}), -6, 'x', 'file:///x', false);
    expect(window.isDestroyed()).toBe(false);
    await deliver(QUEUED, fromPage);
    await expect(done).resolves.toBe('kept');
  });

  it('gives up when the page never delivers, and a late delivery finds no one', async () => {
    const { done, window, fromPage } = await startRead(1);
    await expect(done).resolves.toBe('timed-out');
    expect(window.isDestroyed()).toBe(true);
    expect(stoppedWatching(window)).toBe(true);
    await expect(deliver(QUEUED, fromPage)).rejects.toThrow(/no handler/);
    await expect(moveState(dir)).resolves.toBe('not-started');
  });

  it('gives up when its window is closed from outside', async () => {
    const { done, window } = await startRead();
    window.destroy();
    await expect(done).resolves.toBe('closed');
    await expect(moveState(dir)).resolves.toBe('not-started');
  });

  it('keeps the move window on its page: no navigation, not even to the app, no new window', async () => {
    const { done, window, fromPage } = await startRead();
    for (const url of [APP_URL, MOVE_PAGE_URL, 'https://example.org/']) {
      const navigation = fakeEvent({ url });
      window.webContents.emit('will-navigate', navigation);
      expect(navigation.defaultPrevented).toBe(true);
    }
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.org/' })).toEqual({
      action: 'deny',
    });
    expect(electronMock.dialog.shown).toEqual([]);
    await deliver(QUEUED, fromPage);
    await done;
  });

  it('opens nothing once the old origin was read, or the move is over', async () => {
    await keepMoved(dir, QUEUED);
    const options = { userDataDir: dir, rendererDir: RENDERER_DIR, preloadPath: MOVE_PRELOAD };
    await expect(readOldOrigin({ ...options, timeoutMs: NEVER_MS })).resolves.toBe('skipped');
    await keepMoved(dir, { databases: [], localStorage: [] });
    await expect(readOldOrigin({ ...options, timeoutMs: NEVER_MS })).resolves.toBe('skipped');
    expect(electronMock.BrowserWindow.created).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('never throws, even when the data folder cannot be read', async () => {
    const notAFolder = join(dir, 'a-file');
    await writeFile(notAFolder, '');
    const read = readOldOrigin({
      userDataDir: notAFolder,
      rendererDir: RENDERER_DIR,
      preloadPath: MOVE_PRELOAD,
      timeoutMs: NEVER_MS,
    });
    await expect(read).resolves.toBe('failed');
    expect(electronMock.BrowserWindow.created).toEqual([]);
  });
});

describe("the app's side of the move", () => {
  const WINDOW_ID = 7;
  const trusted = () => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL });
  const fromApp = ipcEvent(WINDOW_ID, APP_URL);

  function call(channel: string, event: object): Promise<unknown> {
    const handler = electronMock.ipcMain.handlers.get(channel);
    return Promise.resolve().then(() => handler?.(event));
  }

  it("answers take and stored for the app's own window only", async () => {
    setupMovedDataIpc(dir, trusted);
    await keepMoved(dir, QUEUED);
    const strangers = [
      ipcEvent(WINDOW_ID + 1, APP_URL),
      ipcEvent(WINDOW_ID, MOVE_PAGE_URL),
      ipcEvent(WINDOW_ID, APP_URL, { url: APP_URL }),
    ];
    for (const channel of [MOVE_CHANNELS.take, MOVE_CHANNELS.stored]) {
      for (const stranger of strangers) {
        const refused = await call(channel, stranger).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(UntrustedSenderError);
      }
    }
    await expect(moveState(dir)).resolves.toBe('pending');
  });

  it('hands out what waits, and ends the move once the app has stored it', async () => {
    setupMovedDataIpc(dir, trusted);
    await keepMoved(dir, QUEUED);
    await expect(call(MOVE_CHANNELS.take, fromApp)).resolves.toEqual(QUEUED);
    await expect(moveState(dir)).resolves.toBe('pending');
    await expect(call(MOVE_CHANNELS.stored, fromApp)).resolves.toBeUndefined();
    await expect(moveState(dir)).resolves.toBe('done');
    await expect(call(MOVE_CHANNELS.take, fromApp)).resolves.toBeNull();
  });

  it('ends nothing when stored comes before anything was handed out', async () => {
    setupMovedDataIpc(dir, trusted);
    await keepMoved(dir, QUEUED);
    await call(MOVE_CHANNELS.stored, fromApp);
    await expect(moveState(dir)).resolves.toBe('pending');
  });

  it('ends nothing after an unreadable file was set aside, and keeps that file', async () => {
    setupMovedDataIpc(dir, trusted);
    await writeFile(join(dir, 'moved-data.bin'), 'torn');
    await expect(call(MOVE_CHANNELS.take, fromApp)).resolves.toBeNull();
    await call(MOVE_CHANNELS.stored, fromApp);
    await expect(moveState(dir)).resolves.toBe('not-started');
    expect(await readdir(dir)).toEqual([
      expect.stringMatching(/^moved-data\.unreadable-\d+\.bin$/),
    ]);
  });
});

/**
 * The one shared stand-in for the `electron` module in Node unit tests
 * (Electron's binary does not run there). Use it with
 * `vi.mock('electron', () => import('../mocks/electron'))` and inspect what the
 * code under test registered through {@link electronMock}. It records calls and
 * lets tests fire events; it decides nothing itself.
 */
import { EventEmitter } from 'node:events';

/** An event object like Electron's: `preventDefault()` and the fields it carries. */
export interface FakeEvent<T extends object = object> {
  preventDefault(): void;
  readonly defaultPrevented: boolean;
  readonly params: T;
}

/** Builds an Electron-like event carrying `params` as own fields (e.g. `url`). */
export function fakeEvent<T extends object>(params: T): FakeEvent<T> & T {
  let prevented = false;
  return Object.assign(
    {
      preventDefault: () => {
        prevented = true;
      },
      get defaultPrevented() {
        return prevented;
      },
      params,
    },
    params,
  );
}

type WindowOpenHandler = (details: { url: string }) => { action: 'deny' | 'allow' };

let nextWebContentsId = 1;

/** A webContents: an event emitter with an id, a window-open handler slot and what it was sent. */
export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  windowOpenHandler: WindowOpenHandler | null = null;
  loadedUrl: string | null = null;
  /** Messages sent to the page (`webContents.send`), in order. */
  readonly sent: { channel: string; args: unknown[] }[] = [];

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
}

/**
 * A BrowserWindow that records its options and the URL it was asked to load.
 * Destroying the last open one emits the app's `window-all-closed`, as
 * Electron does, hidden windows included.
 */
export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  shown = false;
  focused = false;
  private destroyed = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }

  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.created.filter((window) => !window.destroyed);
  }

  static fromWebContents(contents: unknown): BrowserWindow | null {
    return BrowserWindow.created.find((window) => window.webContents === contents) ?? null;
  }

  loadURL(url: string): Promise<void> {
    this.webContents.loadedUrl = url;
    return Promise.resolve();
  }

  show(): void {
    this.shown = true;
  }

  focus(): void {
    this.focused = true;
  }

  isMinimized(): boolean {
    return false;
  }

  restore(): void {}

  isDestroyed(): boolean {
    return this.destroyed;
  }

  /** Asks the window to close: `close` is emitted, and unless it is prevented the window goes. */
  close(): void {
    if (this.destroyed) return;
    const event = fakeEvent({});
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
    if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed');
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: unknown,
) => boolean;
type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]>; cancel?: boolean }) => void,
) => void;

/** A session that keeps the handlers it was given. */
export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  headersListener: HeadersListener | null = null;

  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener) => {
      this.headersListener = listener;
    },
  };

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
}

export const session = { defaultSession: new FakeSession() };

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

/** `ipcMain` with its handlers kept by channel. */
export const ipcMain = {
  handlers: new Map<string, InvokeHandler>(),
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

class FakeApp extends EventEmitter {
  sandboxEnabled = false;
  /** What `app.isPackaged` answers: false, as when run from the source tree. */
  isPackaged = false;
  paths: Record<string, string> = { userData: '/nonexistent/kennel-user-data' };
  version = '0.0.0-test';

  enableSandbox(): void {
    this.sandboxEnabled = true;
  }

  getPath(name: string): string {
    const path = this.paths[name];
    if (path === undefined) throw new Error(`Failed to get '${name}' path`);
    return path;
  }

  getVersion(): string {
    return this.version;
  }

  whenReady(): Promise<void> {
    return Promise.resolve();
  }

  requestSingleInstanceLock(): boolean {
    return true;
  }

  quit(): void {}
}

export const app = new FakeApp();

/** `shell` recording the URLs it was asked to open. */
export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    this.opened.push(url);
    return Promise.resolve();
  },
};

/** The options of a message box, as far as the tests read them. */
export interface FakeMessageBoxOptions {
  message: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
}

/** `dialog` recording the message boxes shown and answering through a replaceable function. */
export const dialog = {
  shown: [] as FakeMessageBoxOptions[],
  /** Index of the button the user picks; the first one (usually Cancel) by default. */
  answer: (_options: FakeMessageBoxOptions): number => 0,
  showMessageBox(
    ...args: [FakeMessageBoxOptions] | [unknown, FakeMessageBoxOptions]
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = (args.length === 1 ? args[0] : args[1]) as FakeMessageBoxOptions;
    this.shown.push(options);
    return Promise.resolve({ response: this.answer(options), checkboxChecked: false });
  },
  saveDialogs: [] as { defaultPath?: string }[],
  /** The path the user picks in a save dialog; null is Cancel. */
  savePath: null as string | null,
  showSaveDialog(
    ...args: [{ defaultPath?: string }] | [unknown, { defaultPath?: string }]
  ): Promise<{ canceled: boolean; filePath?: string }> {
    const options = (args.length === 1 ? args[0] : args[1]) as { defaultPath?: string };
    this.saveDialogs.push(options);
    const path = this.savePath;
    return Promise.resolve(
      path === null ? { canceled: true } : { canceled: false, filePath: path },
    );
  },
};

/** `contextBridge` keeping what was exposed, by key. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    this.exposed.set(key, api);
  },
};

type RendererListener = (event: unknown, ...args: unknown[]) => void;

/**
 * `ipcRenderer` recording invocations and answering through a replaceable
 * function; `emit` stands for the main process sending to the page.
 */
export const ipcRenderer = {
  calls: [] as { channel: string; args: unknown[] }[],
  answer: (_channel: string, _args: unknown[]): unknown => undefined,
  listeners: new Map<string, RendererListener[]>(),
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.calls.push({ channel, args });
    return Promise.resolve(this.answer(channel, args));
  },
  on(channel: string, listener: RendererListener): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  },
  removeListener(channel: string, listener: RendererListener): void {
    const left = (this.listeners.get(channel) ?? []).filter((kept) => kept !== listener);
    this.listeners.set(channel, left);
  },
  /** Delivers a message from the main process, with an event as Electron's carries one. */
  emit(channel: string, ...args: unknown[]): void {
    const event = { sender: 'ipcRenderer', senderId: 0 };
    for (const listener of this.listeners.get(channel) ?? []) listener(event, ...args);
  },
};

/** A menu item as the template gave it. */
type FakeMenuItem = Record<string, unknown>;

/** `Menu` keeping the application menu it was last given, as its template. */
export const Menu = {
  application: null as FakeMenuItem[] | null,
  buildFromTemplate(template: FakeMenuItem[]): FakeMenuItem[] {
    return template;
  },
  setApplicationMenu(menu: FakeMenuItem[] | null): void {
    this.application = menu;
  },
};

/** Everything the mock recorded, and a reset between tests. */
export const electronMock = {
  app,
  ipcMain,
  session,
  shell,
  contextBridge,
  ipcRenderer,
  BrowserWindow,
  dialog,
  Menu,
  reset(): void {
    app.removeAllListeners();
    app.sandboxEnabled = false;
    app.isPackaged = false;
    dialog.shown.length = 0;
    dialog.answer = () => 0;
    dialog.saveDialogs.length = 0;
    dialog.savePath = null;
    ipcMain.handlers.clear();
    session.defaultSession = new FakeSession();
    shell.opened.length = 0;
    contextBridge.exposed.clear();
    ipcRenderer.calls.length = 0;
    ipcRenderer.answer = () => undefined;
    ipcRenderer.listeners.clear();
    Menu.application = null;
    BrowserWindow.created.length = 0;
  },
};

export default {
  app,
  ipcMain,
  session,
  shell,
  dialog,
  contextBridge,
  ipcRenderer,
  BrowserWindow,
  Menu,
};

/** Backends Electron reports on Linux; `basic_text` means no real keyring. */
export type FakeStorageBackend = 'gnome_libsecret' | 'kwallet5' | 'basic_text' | 'unknown';

/** Options of {@link createFakeSafeStorage}. */
export interface FakeSafeStorageOptions {
  /** What `isEncryptionAvailable()` answers (default true). */
  available?: boolean;
  /** What `getSelectedStorageBackend()` answers (default `gnome_libsecret`); null omits the method. */
  backend?: FakeStorageBackend | null;
}

const MAGIC = Buffer.from('FAKE-SAFE-STORAGE:');

/**
 * A stand-in for `electron.safeStorage`. The "encryption" is reversible
 * (bytes XORed) but never leaves the plain text readable in the blob, so tests
 * can assert a key is not on disk in clear.
 */
export function createFakeSafeStorage(options: FakeSafeStorageOptions = {}) {
  const available = options.available ?? true;
  const backend = options.backend === undefined ? 'gnome_libsecret' : options.backend;
  const fake = {
    isEncryptionAvailable: (): boolean => available,
    encryptString(plainText: string): Buffer {
      if (!available) throw new Error('Encryption is not available.');
      const bytes = Buffer.from(plainText, 'utf8').map((b) => b ^ 0x5a);
      return Buffer.concat([MAGIC, bytes]);
    },
    decryptString(encrypted: Buffer): string {
      if (!available || !encrypted.subarray(0, MAGIC.length).equals(MAGIC)) {
        throw new Error(
          'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
        );
      }
      return Buffer.from(encrypted.subarray(MAGIC.length).map((b) => b ^ 0x5a)).toString('utf8');
    },
  };
  return backend === null
    ? fake
    : { ...fake, getSelectedStorageBackend: (): FakeStorageBackend => backend };
}

/** `electron.safeStorage` as the main process imports it: a keyring-backed fake. */
export const safeStorage = createFakeSafeStorage();

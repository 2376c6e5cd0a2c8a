import { app, BrowserWindow } from 'electron';
import { guardContents } from './setup-contents-guard';
import { mainWindowOptions } from './window-options';

/** The app's windows, so IPC can tell its own senders from anything else. */
export interface AppWindows {
  /** Opens a window on the app, or focuses the one already open. */
  open(): BrowserWindow;
  /** webContents ids of the open app windows. */
  webContentsIds(): number[];
  /** The app window open now, if any. */
  current(): BrowserWindow | null;
  /** Calls `listener` with each app window opened from now on. */
  onOpen(listener: (window: BrowserWindow) => void): void;
}

/** Sets up the window factory for the app URL and preload bundle. */
export function setupWindow(appUrl: string, preloadPath: string): AppWindows {
  const windows = new Map<number, BrowserWindow>();
  const listeners: ((window: BrowserWindow) => void)[] = [];

  const current = (): BrowserWindow | null => windows.values().next().value ?? null;

  const open = (): BrowserWindow => {
    const existing = current();
    if (existing !== null) {
      if (existing.isMinimized()) existing.restore();
      existing.focus();
      return existing;
    }
    const window = new BrowserWindow(mainWindowOptions(preloadPath, { packaged: app.isPackaged }));
    const id = window.webContents.id;
    windows.set(id, window);
    // Guard explicitly too: the creation event may fire before a listener sees it.
    guardContents(window.webContents, appUrl);
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => windows.delete(id));
    for (const listener of listeners) listener(window);
    void window.loadURL(appUrl);
    return window;
  };

  return {
    open,
    webContentsIds: () => [...windows.keys()],
    current,
    onOpen: (listener) => void listeners.push(listener),
  };
}

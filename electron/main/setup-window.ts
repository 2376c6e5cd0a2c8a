import { BrowserWindow } from 'electron';
import { guardContents } from './setup-contents-guard';
import { mainWindowOptions } from './window-options';

/** The app's windows, so IPC can tell its own senders from anything else. */
export interface AppWindows {
  /** Opens a window on the app, or focuses the one already open. */
  open(): BrowserWindow;
  /** webContents ids of the open app windows. */
  webContentsIds(): number[];
}

/** Sets up the window factory for the app URL and preload bundle. */
export function setupWindow(appUrl: string, preloadPath: string): AppWindows {
  const windows = new Map<number, BrowserWindow>();

  const open = (): BrowserWindow => {
    const existing = windows.values().next();
    if (!existing.done) {
      if (existing.value.isMinimized()) existing.value.restore();
      existing.value.focus();
      return existing.value;
    }
    const window = new BrowserWindow(mainWindowOptions(preloadPath));
    const id = window.webContents.id;
    windows.set(id, window);
    // Guard explicitly too: the creation event may fire before a listener sees it.
    guardContents(window.webContents, appUrl);
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => windows.delete(id));
    void window.loadURL(appUrl);
    return window;
  };

  return { open, webContentsIds: () => [...windows.keys()] };
}

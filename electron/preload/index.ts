/**
 * Sandboxed preload: exposes the typed bridge as `window.kennel`, and one
 * function to show a desktop notice as `window.kennelNotify`; nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { NOTIFY_CHANNEL, type DesktopNotice } from '../contract';
import { createKennelApi } from './api';

contextBridge.exposeInMainWorld(
  'kennel',
  createKennelApi((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);

contextBridge.exposeInMainWorld('kennelNotify', (notice: DesktopNotice) =>
  ipcRenderer.invoke(NOTIFY_CHANNEL, { title: notice.title, body: notice.body }),
);

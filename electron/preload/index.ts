/**
 * Sandboxed preload: exposes the typed bridge as `window.kennel` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createKennelApi } from './api';

contextBridge.exposeInMainWorld(
  'kennel',
  createKennelApi((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);

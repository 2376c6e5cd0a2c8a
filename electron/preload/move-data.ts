/**
 * Sandboxed preload of the move page alone, on the old `file://` origin:
 * exposes `window.kennelOldOrigin`, whose `deliver` hands what the page read
 * to the main process and whose `failed` says it could not; nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { MOVE_CHANNELS, type MovedData, type OldOriginApi } from '../contract/moved-data';

const oldOrigin: OldOriginApi = {
  deliver: async (data: MovedData) => {
    await ipcRenderer.invoke(MOVE_CHANNELS.deliver, data);
  },
  failed: async () => {
    await ipcRenderer.invoke(MOVE_CHANNELS.failed);
  },
};

contextBridge.exposeInMainWorld('kennelOldOrigin', oldOrigin);

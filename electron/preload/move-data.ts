/**
 * Sandboxed preload of the move page alone, on the old `file://` origin:
 * exposes one function, `window.kennelOldOrigin.deliver`, that hands what the
 * page read to the main process; nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { MOVE_CHANNELS, type MovedData, type OldOriginApi } from '../contract/moved-data';

const oldOrigin: OldOriginApi = {
  deliver: async (data: MovedData) => {
    await ipcRenderer.invoke(MOVE_CHANNELS.deliver, data);
  },
};

contextBridge.exposeInMainWorld('kennelOldOrigin', oldOrigin);

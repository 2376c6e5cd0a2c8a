/**
 * Sandboxed preload: exposes the typed bridge as `window.kennel`, one
 * function to show a desktop notice as `window.kennelNotify`, one to save
 * the page's print layout as a PDF as `window.kennelSavePdf`, one to say the
 * photo's camera view opened or closed as `window.kennelCamera`, the app's
 * side of the one-time move of the old origin's storage as
 * `window.kennelMovedData`, the window's side of the automatic desk copies
 * and the File menu as `window.kennelDesk`, its side of the question
 * asked when the desk closes as `window.kennelClosing`, and the printers and
 * a print without the dialog as `window.kennelPrint`; nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CAMERA_VIEW_CHANNEL, type CameraViewSignal } from '../contract/camera-view';
import { NOTIFY_CHANNEL, type DesktopNotice } from '../contract/desktop-notice';
import { SAVE_PDF_CHANNEL } from '../contract/save-pdf';
import { MOVE_CHANNELS, type MovedData, type MovedDataApi } from '../contract/moved-data';
import { createKennelApi } from './api';
import { createClosingApi } from './closing';
import { createDeskCopiesApi } from './desk-copies';
import { createSilentPrintApi } from './silent-print';

contextBridge.exposeInMainWorld(
  'kennel',
  createKennelApi((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);

contextBridge.exposeInMainWorld('kennelNotify', (notice: DesktopNotice) =>
  ipcRenderer.invoke(NOTIFY_CHANNEL, { title: notice.title, body: notice.body }),
);

contextBridge.exposeInMainWorld('kennelSavePdf', (fileName: string) =>
  ipcRenderer.invoke(SAVE_PDF_CHANNEL, String(fileName)),
);

const cameraView: CameraViewSignal = async (open) => {
  // Only a yes or no crosses, whatever the page passed.
  await ipcRenderer.invoke(CAMERA_VIEW_CHANNEL, open === true);
};

contextBridge.exposeInMainWorld('kennelCamera', cameraView);

const movedData: MovedDataApi = {
  take: () => ipcRenderer.invoke(MOVE_CHANNELS.take) as Promise<MovedData | null>,
  stored: async () => {
    await ipcRenderer.invoke(MOVE_CHANNELS.stored);
  },
};

contextBridge.exposeInMainWorld('kennelMovedData', movedData);

contextBridge.exposeInMainWorld('kennelDesk', createDeskCopiesApi(ipcRenderer));

contextBridge.exposeInMainWorld('kennelClosing', createClosingApi(ipcRenderer));

contextBridge.exposeInMainWorld(
  'kennelPrint',
  createSilentPrintApi((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);

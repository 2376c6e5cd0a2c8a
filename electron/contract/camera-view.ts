/**
 * The camera view of a record's photo opening (`true`) or closing (`false`),
 * sent by the renderer to Electron's main process, which grants the camera to
 * the app's window only in between (`permission-rule.ts`). Not a bridge
 * method: it concerns one window, not a profile's service, and has no
 * browser-mode counterpart (there the browser asks the user itself).
 */
export const CAMERA_VIEW_CHANNEL = 'kennel-camera:view';

/** The preload's `window.kennelCamera`: resolves once the main process has taken the change in. */
export type CameraViewSignal = (open: boolean) => Promise<void>;

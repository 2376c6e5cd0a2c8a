/**
 * Tells the desktop app the photo's camera view opened or closed: its main
 * process grants the camera to the window only in between. In a browser
 * there is nothing to tell (the browser asks the user itself), so it
 * resolves at once.
 */
import type { CameraViewSignal } from '../../electron/contract/camera-view';

function electronCameraView(): CameraViewSignal | null {
  const candidate = (globalThis as { kennelCamera?: unknown }).kennelCamera;
  return typeof candidate === 'function' ? (candidate as CameraViewSignal) : null;
}

/**
 * Resolves once the change is in force, so the camera is asked for only
 * after; never rejects (a refused camera then says so itself).
 */
export async function announceCameraView(open: boolean): Promise<void> {
  try {
    await electronCameraView()?.(open);
  } catch {
    // The camera request that follows is refused and the view says why.
  }
}

/**
 * Turns a chosen file or a camera frame into a record's photo, off the
 * window's thread: in the photo's worker (`shrink-worker.ts`), or on this
 * thread where no worker starts. A file over {@link MAX_PHOTO_FILE_BYTES} is
 * refused before a byte of it is read.
 */
import { MAX_PHOTO_FILE_BYTES } from './photo-limits';
import type { ShrinkResult } from './photo-result';
import { shrinkImage } from './shrink-image';
import type { ShrinkRequest } from './shrink-worker';

function shrinkInWorker(blob: Blob): Promise<ShrinkResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./shrink-worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ShrinkResult>) => {
      worker.terminate();
      resolve(event.data);
    });
    const failed = (): void => {
      worker.terminate();
      reject(new Error('the photo worker did not start'));
    };
    worker.addEventListener('error', failed);
    worker.addEventListener('messageerror', failed);
    const request: ShrinkRequest = { blob };
    worker.postMessage(request);
  });
}

/** The photo `file` makes, or why it makes none; never rejects. */
export async function shrinkPhoto(file: Blob): Promise<ShrinkResult> {
  if (file.size > MAX_PHOTO_FILE_BYTES) return { ok: false, problem: 'too-large' };
  if (typeof Worker === 'function') {
    try {
      return await shrinkInWorker(file);
    } catch {
      // A worker that would not start or answer: shrink here instead.
    }
  }
  try {
    return await shrinkImage(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}

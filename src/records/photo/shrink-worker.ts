/**
 * The photo's worker: decoding a 12-megapixel photo and drawing it smaller
 * takes a few hundred milliseconds, which on the window's thread would freeze
 * the form meanwhile. One file per worker; the window ends it once answered.
 */
import type { ShrinkResult } from './photo-result';
import { shrinkImage } from './shrink-image';

/** What the window asks: the file to shrink (a Blob crosses without being copied). */
export interface ShrinkRequest {
  blob: Blob;
}

self.addEventListener('message', (event: MessageEvent<ShrinkRequest>) => {
  void (async () => {
    let result: ShrinkResult;
    try {
      result = await shrinkImage(event.data.blob);
    } catch {
      // Reading the file failed (it was moved or deleted meanwhile), or encoding did.
      result = { ok: false, problem: 'unreadable' };
    }
    self.postMessage(result);
  })();
});

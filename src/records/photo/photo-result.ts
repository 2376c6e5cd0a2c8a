/** A photo as a record keeps it: a JPEG of at most 800 px on the long side, without metadata. */
export interface ShrunkPhoto {
  /** `image/jpeg`, re-encoded from the pixels alone: no EXIF, no location. */
  blob: Blob;
  width: number;
  height: number;
}

/**
 * Why a file was not taken: larger than the limit (not read at all), an
 * image this browser cannot decode (HEIC in Chromium, a damaged JPEG, a GIF),
 * or not an image at all (a text file renamed `.jpg`).
 */
export type PhotoProblem = 'too-large' | 'unreadable' | 'not-an-image';

/** What shrinking a file gives: the photo, or why there is none. */
export type ShrinkResult = { ok: true; photo: ShrunkPhoto } | { ok: false; problem: PhotoProblem };

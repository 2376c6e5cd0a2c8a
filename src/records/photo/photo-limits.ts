/**
 * The sizes a record's photo is held to. A photo is kept in IndexedDB on this
 * computer beside thousands of animals, and printed on a kennel card a few
 * centimetres wide: 800 px on the long side and about 100 KB is plenty for
 * both, where a phone's 12-megapixel original is thirty to sixty times that.
 */

/**
 * Files larger than this are refused before a byte is read: decoding one
 * could hold hundreds of megabytes. MiB, so a file the computer shows as
 * "20 MB" or less is taken.
 */
export const MAX_PHOTO_FILE_BYTES = 20 * 1024 * 1024;

/** The longest side of a kept photo, in pixels; smaller photos keep their size. */
export const MAX_PHOTO_SIDE_PX = 800;

/** Lower JPEG qualities are tried until the photo is at most this large. */
export const PHOTO_TARGET_BYTES = 110 * 1024;

/** The first JPEG quality tried: most photos of 800 px are under the target with it. */
export const FIRST_PHOTO_QUALITY = 0.85;

/** How much the quality drops from one try to the next. */
export const PHOTO_QUALITY_STEP = 0.1;

/**
 * The lowest quality tried: below it a photo shows blocks. A photo still over
 * the target at this quality (a very detailed one) is kept at it, since the
 * size of 800 px already bounds it.
 */
export const FLOOR_PHOTO_QUALITY = 0.45;

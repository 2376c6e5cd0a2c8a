/**
 * What the photo's test page offers its tests and the benchmark as
 * `window.photoPage`. Plain data only, so the Node side (which has no DOM
 * types) can read these too.
 */

/** A test photo to draw: its size, its seed, and how to encode it. */
export interface DrawnPhoto {
  width: number;
  height: number;
  seed: number;
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  /** For JPEG and WebP; 0.92 unless given. */
  quality?: number;
  /** How strong the grain is, 0–255; 24 unless given. */
  grain?: number;
  /** Leaves the left half transparent (PNG and WebP only). */
  transparentLeft?: boolean;
}

/** A shrunk photo as the tests read it back. */
export interface PhotoFacts {
  type: string;
  width: number;
  height: number;
  bytes: number;
  base64: string;
}

type ShrinkAnswer = { ok: true; photo: PhotoFacts } | { ok: false; problem: string };

/** One timed shrink. */
export interface ShrinkRun {
  ms: number;
  ok: boolean;
  bytes: number;
  width: number;
  height: number;
}

export interface ShrinkTimes {
  runs: ShrinkRun[];
  /** Long tasks on the window's thread from the first run's start to the last one's end, ms. */
  longTasks: { start: number; duration: number }[];
}

export interface PhotoPageApi {
  /** The photo the picker holds now, or null. */
  picked(): Promise<PhotoFacts | null>;
  /** Draws a test photo and keeps it under `name`; its size in bytes. */
  draw(name: string, photo: DrawnPhoto): Promise<number>;
  /** A kept file's bytes, as base64. */
  bytesOf(name: string): Promise<string>;
  /** Keeps the bytes given under `name`, as a file of `type`. */
  keep(name: string, base64: string, type: string): void;
  /** Shrinks a kept file as the picker does. */
  shrink(name: string): Promise<ShrinkAnswer>;
  /** A JPEG decoded as the browser shows it: its size and one pixel's colour, [r, g, b, a]. */
  inspect(
    base64: string,
    x: number,
    y: number,
  ): Promise<{ width: number; height: number; rgba: number[] }>;
  /** Whether an image still loads from `url` (false once an object URL was let go). */
  loads(url: string): Promise<boolean>;
  /** Shrinks a kept file `runs` times, one after another, timing each. */
  timeShrinks(name: string, runs: number): Promise<ShrinkTimes>;
}

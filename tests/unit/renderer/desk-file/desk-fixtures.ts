/**
 * Small builders for the desk file's tests: a file's header and profile, this
 * desk's side of a plan, service rows and outbox entries, photos' bytes, and
 * the seeded dice (whose seed is printed when a test that rolled them fails).
 */
import { onTestFailed } from 'vitest';
import type { CachedPet, OutboxEntry } from '../../../../src/data/db';
import type {
  DeskFileHeader,
  PhotoRead,
  ProfileContents,
  ProfileToSave,
} from '../../../../src/data/desk-contents';
import type { DeskProfileState } from '../../../../src/data/desk-state';
import type { HistoryEvent } from '../../../../src/data/history-event';
import { syncedOrder } from '../../../../src/data/order';
import { testRandom, testSeed } from '../support/seed';

interface RunSeed {
  runSeed(): number;
  replayHint(seed: number): string;
}

// Loaded at run time, as `support/seed.ts` does: it reads the environment.
const seeds = (await import(
  /* @vite-ignore */ new URL('../../../helpers/seed.ts', import.meta.url).href
)) as RunSeed;

/** The test's seeded dice; a failure of the test prints how to roll them again. */
export function dice(): () => number {
  const run = seeds.runSeed();
  const own = testSeed();
  onTestFailed(() => {
    console.error(`${seeds.replayHint(run)} (this test's own seed: ${own})`);
  });
  return testRandom();
}

/** One of `choices`, by `random`. */
export function oneOf<T>(random: () => number, choices: readonly T[]): T {
  const choice = choices[Math.floor(random() * choices.length)];
  if (choice === undefined) throw new Error('nothing to choose from');
  return choice;
}

/** `length` bytes of a pretend JPEG: its start marker, then seeded noise. */
export function jpegBytes(random: () => number, length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  if (length >= 2) bytes.set([0xff, 0xd8]);
  return bytes;
}

/** `bytes` as the JPEG `data:` URL a photo is kept as. */
export function jpegDataUrl(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/jpeg;base64,${btoa(binary)}`;
}

/** The bytes a `data:` URL holds. */
export function bytesOfDataUrl(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function header(over: Partial<DeskFileHeader> = {}): DeskFileHeader {
  return {
    format: 1,
    kennelVersion: '0.0.0-test',
    savedAt: 1_700_000_000_000,
    deskId: 'desk-of-the-file',
    deskLabel: 'Front desk',
    fileId: 'file-1',
    ...over,
  };
}

export function contents(over: Partial<ProfileContents> = {}): ProfileContents {
  return {
    profile: 'local',
    serviceUrl: 'http://127.0.0.1:4010/v1',
    settings: { holdSeconds: 10, strayHoldDays: 3 },
    categories: [],
    records: [],
    photos: [],
    animals: [],
    queue: [],
    history: [],
    ...over,
  };
}

export function deskState(over: Partial<DeskProfileState> = {}): DeskProfileState {
  return {
    profile: 'local',
    records: new Map(),
    photoBytes: new Map(),
    categories: [],
    settings: { holdSeconds: 10, strayHoldDays: 3 },
    typedHere: new Set(),
    queueHere: new Set(),
    historyHere: new Set(),
    queueTakenBefore: false,
    ...over,
  };
}

/** A service animal's row as a desk caches it. */
export function serviceRow(id: string, over: Partial<CachedPet> = {}): CachedPet {
  return {
    key: id,
    id,
    name: `Animal ${id}`,
    categoryId: '1',
    status: 'available',
    pending: 0,
    outboxId: null,
    order: syncedOrder(id),
    updatedAt: 1_000,
    firstSeenAt: 1_000,
    ...over,
  };
}

/** An outbox entry queued at `createdAt`. */
export function queuedEntry(
  id: string,
  seq: number,
  createdAt: number,
  over: Partial<OutboxEntry> = {},
): OutboxEntry {
  return {
    id,
    seq,
    profile: 'local',
    payload: { name: `Queued ${id}`, categoryId: '1', status: 'available' },
    idempotencyKey: `key-${id}`,
    localKey: `local:${id}`,
    state: 'queued',
    attempts: 0,
    lastError: null,
    createdAt,
    nextAttemptAt: createdAt,
    ...over,
  };
}

/**
 * A saved profile as a desk file gives it back: its contents with the facts of
 * the photos written (as the file's writer lists them), and the photos' JPEG
 * bytes as Blobs by key.
 */
export async function asFileHolds(
  saved: ProfileToSave,
): Promise<{ contents: ProfileContents; photos: Map<string, PhotoRead> }> {
  const photos = new Map<string, PhotoRead>();
  for await (const photo of saved.photos()) {
    const { key, width, height } = photo;
    photos.set(key, {
      key,
      width,
      height,
      jpeg: new Blob([photo.jpeg.slice()], { type: 'image/jpeg' }),
    });
  }
  const facts = [...photos.values()].map(({ key, width, height }) => ({ key, width, height }));
  return { contents: { ...saved.contents, photos: facts }, photos };
}

/** A row of the desk's history, typed at another desk at `at`. */
export function event(key: string, at: number, over: Partial<HistoryEvent> = {}): HistoryEvent {
  return { key, at, kind: 'typed', name: `Animal ${key}`, desk: 'Front desk', ...over };
}

/**
 * Desk files taken apart and put back together by hand, for files that the
 * writer would never make: a changed part, a stale or edited manifest,
 * entries out of order, deflated parts. Archives are made with fflate's
 * streaming `Zip`, as the writer makes them; taken apart through the ZIP's
 * central directory, which does not depend on the reader under test.
 */
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export type Entry = [path: string, bytes: Uint8Array<ArrayBuffer>];

export const MANIFEST = 'kennel-manifest.json';

export async function entriesOf(file: Blob): Promise<Entry[]> {
  const unzipped = unzipSync(new Uint8Array(await file.arrayBuffer()));
  return Object.entries(unzipped);
}

/** A ZIP of `entries` in order; those named in `deflated` are deflated, the rest stored. */
export function zipOf(entries: readonly Entry[], deflated: ReadonlySet<string> = new Set()): Blob {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const zip = new Zip((error, chunk) => {
    if (error !== null) throw error;
    chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  for (const [path, bytes] of entries) {
    const entry = deflated.has(path) ? new ZipDeflate(path) : new ZipPassThrough(path);
    zip.add(entry);
    entry.push(bytes, true);
  }
  zip.end();
  return new Blob(chunks);
}

export const jsonBytes = (value: unknown): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(JSON.stringify(value));

export const jsonOf = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `entries` followed by a true manifest of them. */
export async function withManifest(entries: readonly Entry[]): Promise<Entry[]> {
  const listed = await Promise.all(
    entries.map(async ([path, bytes]) => ({
      path,
      bytes: bytes.length,
      sha256: await sha256(bytes),
    })),
  );
  return [...entries, [MANIFEST, jsonBytes({ entries: listed })]];
}

/** The bytes of the entry at `path`. */
export function entryAt(entries: readonly Entry[], path: string): Uint8Array<ArrayBuffer> {
  const found = entries.find(([name]) => name === path);
  if (found === undefined) throw new Error(`No entry ${path}`);
  return found[1];
}

/** `entries` with the entry at `path` given new bytes, in its place. */
export function replaced(
  entries: readonly Entry[],
  path: string,
  bytes: Uint8Array<ArrayBuffer>,
): Entry[] {
  return entries.map(([name, old]) => [name, name === path ? bytes : old]);
}

/** `entries` without the manifest. */
export const withoutManifest = (entries: readonly Entry[]): Entry[] =>
  entries.filter(([name]) => name !== MANIFEST);

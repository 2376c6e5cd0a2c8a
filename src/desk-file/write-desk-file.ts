/**
 * Writes a desk file: a ZIP made by fflate's streaming `Zip`, laid out as
 * `desk-file-layout.ts` says. Photos are asked for one at a time and written
 * before the next is asked for, and the output is folded into a Blob as it
 * grows (`blob-sink.ts`), so 100 MB of photos is never in the JS heap at
 * once; the window's thread is handed back between steps (`pacer.ts`).
 *
 * Every entry is STORED: JPEG does not compress, and the JSON stays readable
 * by fflate's streaming reader only uncompressed (`zip-signatures.ts`).
 */
import { Zip, ZipPassThrough } from 'fflate';
import type { DeskFileHeader, PhotoFacts, PhotoToSave, ProfileToSave } from '../data/desk-contents';
import type { ProfileName } from '../../electron/contract/profiles';
import { BlobSink } from './blob-sink';
import { DESK_FILE_LIMITS, HEADER_MAX_BYTES } from './desk-file-limits';
import { contentsEntry, HEADER_ENTRY, MANIFEST_ENTRY, photoEntry } from './desk-file-layout';
import { sha256Hex, type Manifest, type ManifestEntry } from './manifest';
import { Pacer } from './pacer';
import { partsWithoutSignatures } from './zip-signatures';

/** Large JSON goes into the ZIP a slice at a time: each slice is one short step. */
const SLICE_BYTES = 256 * 1024;

/**
 * The desk file for `header` and `profiles`, as one Blob. Throws (a
 * RangeError) rather than write a file that reading would refuse: a part or
 * the whole over `DESK_FILE_LIMITS`, or one profile handed over twice.
 */
export async function writeDeskFile(
  header: DeskFileHeader,
  profiles: readonly ProfileToSave[],
): Promise<Blob> {
  const zip = new DeskZip();
  const headerBytes = jsonBytes(header);
  within(headerBytes.length, HEADER_MAX_BYTES, 'The header');
  await zip.add(HEADER_ENTRY, headerBytes);
  const written = new Set<ProfileName>();
  for (const { contents, photos } of profiles) {
    const { profile } = contents;
    if (written.has(profile)) throw new RangeError(`Profile ${profile} was handed over twice.`);
    written.add(profile);
    const facts = await writePhotos(zip, profile, photos());
    const bytes = jsonBytes({ ...contents, photos: facts });
    within(bytes.length, DESK_FILE_LIMITS.contentsBytes, `The ${profile} profile's contents`);
    await zip.add(contentsEntry(profile), bytes);
  }
  return zip.finish();
}

/**
 * Writes each photo `photos` gives, and returns their facts in entry order:
 * the file's `photos` list, whatever the snapshot listed (a photo given but
 * not listed is listed; one listed but never given has no bytes to carry).
 */
async function writePhotos(
  zip: DeskZip,
  profile: ProfileName,
  photos: AsyncIterable<PhotoToSave>,
): Promise<PhotoFacts[]> {
  const facts: PhotoFacts[] = [];
  const keys = new Set<string>();
  for await (const { key, width, height, jpeg } of photos) {
    // Reading keys photos by their key: a key given twice is one photo.
    if (keys.has(key)) continue;
    keys.add(key);
    within(jpeg.length, DESK_FILE_LIMITS.photoBytes, `Photo ${key}`);
    // A copy: the caller may reuse its buffer once the next photo is asked for.
    const parts = partsWithoutSignatures(jpeg.slice());
    for (const [part, bytes] of parts.entries()) {
      await zip.add(photoEntry(profile, facts.length, part), bytes);
    }
    facts.push({ key, width, height });
  }
  return facts;
}

function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value));
}

function within(bytes: number, limit: number, what: string): void {
  if (bytes > limit) {
    throw new RangeError(`${what} is ${bytes} bytes; a desk file holds at most ${limit}.`);
  }
}

/** The ZIP being written, and the manifest of what went into it. */
class DeskZip {
  private readonly sink = new BlobSink();
  private readonly pacer = new Pacer();
  private readonly listed: ManifestEntry[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk) => {
    if (error !== null) this.failure ??= error;
    // fflate hands out chunks of its own buffers or of ours, never shared ones.
    else this.sink.take(chunk as Uint8Array<ArrayBuffer>);
  });

  /** Adds a STORED entry of `bytes` (kept by reference until folded) and lists it. */
  async add(path: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
    await this.push(path, bytes);
    this.listed.push({ path, bytes: bytes.length, sha256: await sha256Hex(bytes) });
    await this.pacer.breathe();
  }

  /** Adds the manifest, ends the ZIP and hands back the whole file. */
  async finish(): Promise<Blob> {
    const manifest: Manifest = { entries: this.listed };
    const bytes = jsonBytes(manifest);
    within(bytes.length, DESK_FILE_LIMITS.contentsBytes, 'The manifest');
    await this.push(MANIFEST_ENTRY, bytes);
    this.zip.end();
    this.check();
    return this.sink.finish('application/zip');
  }

  private async push(path: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
    within(this.listed.length + 1, DESK_FILE_LIMITS.entries, 'The number of entries');
    const entry = new ZipPassThrough(path);
    this.zip.add(entry);
    for (let at = 0; ; at += SLICE_BYTES) {
      const end = Math.min(at + SLICE_BYTES, bytes.length);
      entry.push(bytes.subarray(at, end), end === bytes.length);
      this.check();
      if (end === bytes.length) return;
      await this.pacer.breathe();
    }
  }

  private check(): void {
    if (this.failure !== null) throw this.failure;
    within(this.sink.bytes, DESK_FILE_LIMITS.fileBytes, 'The desk file');
  }
}

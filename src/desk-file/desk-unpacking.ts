/**
 * A desk file taken apart as its bytes arrive, through fflate's streaming
 * `Unzip`. What can be judged at once is judged at once, before another byte
 * is read: not a ZIP, not a desk file, a newer format, an entry out of order
 * or too many, a part unpacking past its limit (a zip bomb stops there).
 * Each entry, once whole, is hashed for the manifest and kept: JSON parsed,
 * photo bytes as Blobs, outside the JS heap.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { DESK_FILE_FORMAT, type DeskFileContents } from '../data/desk-contents';
import type { DeskEntry } from './desk-file-layout';
import { HEADER_MAX_BYTES, type DeskFileLimits } from './desk-file-limits';
import type { DeskFileRefusal } from './desk-file-refusal';
import { formatOf } from './desk-file-shape';
import { DeskParts, parseJson } from './desk-parts';
import { EntryOrder } from './entry-order';
import { isManifest, matchesManifest, sha256Hex } from './manifest';
import { ZipTail } from './zip-tail';

/** A ZIP starts with a local file header's signature, `PK\3\4`. */
const ZIP_START = [0x50, 0x4b, 0x03, 0x04];
/** Stored, and deflated (what other ZIP tools write). */
const KNOWN_COMPRESSION = [0, 8];

interface Unpacked {
  path: string;
  entry: DeskEntry;
  chunks: Uint8Array[];
  /** The header's JSON, parsed when it became whole. */
  parsed?: unknown;
}

export class DeskUnpacking {
  /** Set once the file is refused; nothing more is read. */
  refusal: DeskFileRefusal | null = null;
  private readonly unzip = new Unzip((file) => this.open(file));
  private readonly order = new EntryOrder();
  private readonly tail = new ZipTail();
  private readonly parts = new DeskParts();
  private readonly listed: { path: string; bytes: number; sha256: string }[] = [];
  /** Whole entries waiting to be hashed and kept. */
  private whole: Unpacked[] = [];
  private startSeen = 0;
  private entries = 0;
  /** The bytes of the photo being read, over all its parts: its limit is for the whole photo. */
  private photoTally = { bytes: 0 };
  /** The manifest's bytes are in: what follows is the ZIP's directory. */
  private manifestIn = false;
  private manifestMatched = false;

  constructor(private readonly limits: DeskFileLimits) {
    this.unzip.register(UnzipInflate);
  }

  /** Hands the next bytes of the file over; whole entries wait for {@link settle}. */
  push(chunk: Uint8Array): void {
    this.tail.take(chunk);
    if (!this.startsLikeZip(chunk) || this.manifestIn) return;
    try {
      this.unzip.push(chunk);
    } catch {
      this.refuse({ kind: 'damaged' });
    }
  }

  /** Hashes and keeps the entries made whole so far; checks the manifest when it is in. */
  async settle(): Promise<void> {
    while (this.refusal === null && this.whole.length > 0) {
      const [done, ...rest] = this.whole;
      this.whole = rest;
      if (done !== undefined) await this.keep(done);
    }
  }

  /** Once every byte has been handed over: the file's contents, or why it is refused. */
  async end(): Promise<
    { ok: true; contents: DeskFileContents } | { ok: false; refusal: DeskFileRefusal }
  > {
    await this.settle();
    const refusal = this.refusal ?? this.endRefusal();
    if (refusal !== null) return { ok: false, refusal };
    const contents = this.parts.assemble();
    return contents === null ? { ok: false, refusal: { kind: 'damaged' } } : { ok: true, contents };
  }

  private endRefusal(): DeskFileRefusal | null {
    if (this.startSeen === 0) return { kind: 'not-a-desk-file' };
    if (!this.manifestMatched) return { kind: 'cut-short' };
    const verdict = this.tail.verdict(this.entries);
    return verdict === 'whole' ? null : { kind: verdict };
  }

  /** False once the file's first bytes are not a ZIP's (or a refusal was made). */
  private startsLikeZip(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length && this.startSeen < ZIP_START.length; i += 1) {
      if (chunk[i] !== ZIP_START[this.startSeen]) {
        this.refuse({ kind: 'not-a-desk-file' });
        break;
      }
      this.startSeen += 1;
    }
    return this.refusal === null;
  }

  private open(file: UnzipFile): void {
    if (this.refusal !== null || this.manifestIn) return;
    this.entries += 1;
    if (this.entries > this.limits.entries) return this.refuse({ kind: 'damaged' });
    const entry = this.order.accept(file.name);
    if (entry === null) {
      return this.refuse({ kind: this.entries === 1 ? 'not-a-desk-file' : 'damaged' });
    }
    if (!KNOWN_COMPRESSION.includes(file.compression)) return this.refuse({ kind: 'damaged' });
    if (entry.kind === 'photo' && entry.part === 0) this.photoTally = { bytes: 0 };
    const tally = entry.kind === 'photo' ? this.photoTally : { bytes: 0 };
    const limit = this.limitOf(entry);
    const unpacked: Unpacked = { path: file.name, entry, chunks: [] };
    file.ondata = (error, data, final) => {
      if (this.refusal !== null) return;
      if (error !== null) return this.refuse({ kind: 'damaged' });
      tally.bytes += data.length;
      if (tally.bytes > limit) {
        // Stops inflating at once: a zip bomb is never unpacked past its limit.
        file.terminate();
        return this.refuse({ kind: 'part-too-large', limitBytes: limit });
      }
      if (data.length > 0) unpacked.chunks.push(data);
      if (final) this.closed(unpacked);
    };
    file.start();
  }

  private limitOf(entry: DeskEntry): number {
    switch (entry.kind) {
      case 'header':
        return HEADER_MAX_BYTES;
      case 'photo':
        return this.limits.photoBytes;
      default:
        return this.limits.contentsBytes;
    }
  }

  /** An entry is whole: the header's format is judged now, before the next entry. */
  private closed(unpacked: Unpacked): void {
    if (unpacked.entry.kind === 'header') {
      unpacked.parsed = parseJson(join(unpacked.chunks));
      const format = formatOf(unpacked.parsed);
      if (format !== null && format > DESK_FILE_FORMAT) {
        return this.refuse({ kind: 'newer', format });
      }
    }
    if (unpacked.entry.kind === 'manifest') this.manifestIn = true;
    this.whole.push(unpacked);
  }

  private async keep({ path, entry, chunks, parsed }: Unpacked): Promise<void> {
    const bytes = join(chunks);
    const sha256 = await sha256Hex(bytes);
    switch (entry.kind) {
      case 'manifest':
        return this.checkManifest(parseJson(bytes));
      case 'header':
        this.parts.header = parsed;
        break;
      case 'contents':
        this.parts.addContents(entry.profile, parseJson(bytes));
        break;
      case 'photo':
        this.parts.addPhotoPart(entry.profile, entry.photo, bytes);
        break;
    }
    this.listed.push({ path, bytes: bytes.length, sha256 });
  }

  private checkManifest(manifest: unknown): void {
    if (!isManifest(manifest)) return this.refuse({ kind: 'damaged' });
    if (!matchesManifest(manifest, this.listed)) return this.refuse({ kind: 'changed' });
    this.manifestMatched = true;
  }

  private refuse(refusal: DeskFileRefusal): void {
    this.refusal ??= refusal;
  }
}

function join(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/**
 * The archive's last record (end of central directory). Reading stops handing
 * bytes to the unzipper once the manifest is in, since what follows is the
 * ZIP's own directory; the file must still end with the record that closes
 * it, or it was cut inside the directory and is refused.
 */

const RECORD_BYTES = 22;
const SIGNATURE = 0x06054b50;

/** How the file ends: whole, cut short, or closed by a record that does not fit it. */
export type TailVerdict = 'whole' | 'cut-short' | 'damaged';

export class ZipTail {
  private last = new Uint8Array(0);
  private total = 0;

  /** Notes the next bytes of the file. */
  take(chunk: Uint8Array): void {
    this.total += chunk.length;
    if (chunk.length >= RECORD_BYTES) {
      this.last = chunk.slice(chunk.length - RECORD_BYTES);
      return;
    }
    const joined = new Uint8Array(this.last.length + chunk.length);
    joined.set(this.last);
    joined.set(chunk, this.last.length);
    this.last = joined.slice(Math.max(0, joined.length - RECORD_BYTES));
  }

  /** Whether the file, having held `entries` entries, ends as the writer ends it. */
  verdict(entries: number): TailVerdict {
    if (this.last.length < RECORD_BYTES) return 'cut-short';
    const view = new DataView(this.last.buffer, this.last.byteOffset, RECORD_BYTES);
    if (view.getUint32(0, true) !== SIGNATURE) return 'cut-short';
    const directoryBytes = view.getUint32(12, true);
    const directoryAt = view.getUint32(16, true);
    const fits =
      // fflate writes the 16-bit count of a larger archive as its low bits.
      view.getUint16(10, true) === entries % 0x10000 &&
      view.getUint16(20, true) === 0 &&
      directoryAt + directoryBytes + RECORD_BYTES === this.total;
    return fits ? 'whole' : 'damaged';
  }
}

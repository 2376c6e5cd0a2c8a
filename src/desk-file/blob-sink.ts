/**
 * Where the writer's ZIP goes: its chunks are gathered and, every few MB,
 * folded into one Blob, which the browser keeps outside the JS heap (on disk
 * when large). A desk of 100 MB of photos is never in the heap at once.
 */

const FOLD_BYTES = 4 * 1024 * 1024;

export class BlobSink {
  private blob = new Blob([]);
  private chunks: Uint8Array<ArrayBuffer>[] = [];
  private waiting = 0;
  /** Every byte taken so far. */
  bytes = 0;

  take(chunk: Uint8Array<ArrayBuffer>): void {
    this.chunks.push(chunk);
    this.waiting += chunk.length;
    this.bytes += chunk.length;
    if (this.waiting >= FOLD_BYTES) this.fold();
  }

  /** The whole output, as one Blob of `type`. */
  finish(type: string): Blob {
    this.fold();
    return new Blob([this.blob], { type });
  }

  private fold(): void {
    this.blob = new Blob([this.blob, ...this.chunks]);
    // Dropped here, so the heap holds at most FOLD_BYTES of the file.
    this.chunks = [];
    this.waiting = 0;
  }
}

/**
 * A Blob whose stream comes in chunks of 64 KB, pulled only when asked for,
 * as a browser streams a file from disk (Node hands a Blob's parts out
 * whole); it counts what was streamed, so a test sees where reading stopped.
 */
const CHUNK_BYTES = 64 * 1024;

export class ChunkedBlob extends Blob {
  streamCalls = 0;
  streamedBytes = 0;

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    this.streamCalls += 1;
    let at = 0;
    return new ReadableStream<Uint8Array<ArrayBuffer>>(
      {
        pull: async (controller) => {
          if (at >= this.size) return controller.close();
          const chunk = new Uint8Array(await this.slice(at, at + CHUNK_BYTES).arrayBuffer());
          at += chunk.length;
          this.streamedBytes += chunk.length;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
  }
}

/** `file`'s bytes as a {@link ChunkedBlob}. */
export async function chunked(file: Blob): Promise<ChunkedBlob> {
  return new ChunkedBlob([await file.arrayBuffer()]);
}

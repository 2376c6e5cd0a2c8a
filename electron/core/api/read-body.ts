/** A plain decimal `Content-Length`; anything else leaves the counting to the stream. */
const DECIMAL = /^[0-9]{1,16}$/;

/**
 * The length an answer announces for its body as it will be read, when it
 * announces one: a compressed body is read expanded, so its length on the wire
 * says nothing of what it will take.
 */
function announcedLength(headers: Headers): number | null {
  const encoding = headers.get('content-encoding')?.trim().toLowerCase() ?? '';
  if (encoding !== '' && encoding !== 'identity') return null;
  const length = headers.get('content-length')?.trim() ?? '';
  return DECIMAL.test(length) ? Number(length) : null;
}

/** Gives up on a body: the connection is dropped, whatever is still coming. */
function drop(stream: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array>): void {
  // Cancelling only fails on a stream that has already ended or failed.
  stream.cancel().catch(() => undefined);
}

/**
 * The body of `response` as text, read as it arrives and decoded as UTF-8 like
 * `Response.text()`; null when it is longer than `maxBytes`. That is known
 * from its `Content-Length` before a byte is read, or else the moment the
 * bytes read pass the limit: either way reading stops there and the
 * connection is dropped, so neither memory nor the socket is held for the rest.
 */
export async function readBodyWithin(response: Response, maxBytes: number): Promise<string | null> {
  const body = response.body;
  if (body === null) return '';
  const announced = announcedLength(response.headers);
  if (announced !== null && announced > maxBytes) {
    drop(body);
    return null;
  }
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      drop(reader);
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

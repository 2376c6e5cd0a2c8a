import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One animal of the flood with the comma after it: 128 bytes, so 512 fill a 64 KiB chunk. */
const ANIMAL_BYTES = 128;
const CHUNK_ANIMALS = 512;
const BARE = '{"id":1,"name":"","categoryId":1,"status":"available"},';
const ANIMAL = BARE.replace('"name":""', `"name":"${'x'.repeat(ANIMAL_BYTES - BARE.length)}"`);
const CHUNK = Buffer.from(ANIMAL.repeat(CHUNK_ANIMALS));
/** The last chunk closes the list instead of asking for one more animal. */
const LAST_CHUNK = Buffer.concat([CHUNK.subarray(0, CHUNK.length - 1), Buffer.from(']')]);

/** How one answer went out. */
interface FloodAnswer {
  /** Body bytes the server had written when the connection closed. */
  written: number;
  /** True when the whole body went out; false when the client closed the connection first. */
  finished: boolean;
  /** Settles once the server is done with the answer, whole or cut off. */
  closed: Promise<void>;
}

export interface FloodServer {
  /** Base URL, ending in `/v1`. */
  url: string;
  /** Body bytes of every answer to `GET /v1/pets`: `[`, the animals and `]`. */
  bodyBytes: number;
  /** The answers to `GET /v1/pets`, in order. */
  answers: FloodAnswer[];
  /** Requests for anything else, answered 404. */
  unexpected: string[];
  close(): Promise<void>;
}

/**
 * Writes `[`, then the same 128-byte animal again and again, made as the
 * socket takes it (the one 64 KiB chunk is reused, so nothing near the body's
 * size is ever held), and `]` once `chunks` chunks have gone out.
 */
function pump(res: ServerResponse, chunks: number, answer: FloodAnswer): void {
  let sent = 0;
  const more = (): void => {
    while (sent < chunks) {
      const chunk = sent === chunks - 1 ? LAST_CHUNK : CHUNK;
      sent += 1;
      answer.written += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', more);
        return;
      }
    }
    res.end();
  };
  answer.written += 1;
  res.write('[');
  more();
}

/**
 * A loopback service whose every list page is a JSON array of `mib` MiB (plus
 * its opening bracket), status 200, sent in chunks with no Content-Length: only
 * the bytes a client counts as they come can tell it is too large.
 */
export async function startFloodServer(mib: number): Promise<FloodServer> {
  const chunks = (mib * 1024 * 1024) / CHUNK.length;
  const answers: FloodAnswer[] = [];
  const unexpected: string[] = [];
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || !(req.url ?? '').startsWith('/v1/pets?')) {
      unexpected.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":"not_found","message":"Not found."}');
      return;
    }
    let settle = (): void => undefined;
    const answer: FloodAnswer = {
      written: 0,
      finished: false,
      closed: new Promise((resolve) => (settle = resolve)),
    };
    answers.push(answer);
    res.on('close', () => {
      answer.finished = res.writableFinished;
      settle();
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    pump(res, chunks, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    bodyBytes: 1 + chunks * CHUNK.length,
    answers,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

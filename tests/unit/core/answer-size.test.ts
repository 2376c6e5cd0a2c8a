import type { ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_LIMITS } from '../../../electron/core/api/answer-limits';
import { MalformedResponseError } from '../../../electron/core/errors/malformed-response-error';
import { ServerError } from '../../../electron/core/errors/server-error';
import { toBridgeError } from '../../../electron/core/errors/to-bridge-error';
import { testClient } from './helpers/service-client';
import { startTinyServer } from './helpers/tiny-server';

const MIB = 1024 * 1024;
const HUGE = 60 * MIB;
/** Far below the huge answer, far above what one refused read can let through. */
const READ_AT_MOST = 16 * MIB;
const TOO_LARGE_CODE = 'kennel_answer_too_large';
const KEY = 'kennel-demo-free';
const FILLER = Buffer.alloc(64 * 1024, 'a');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** How an answer went out: bytes handed to the socket, and whether it was sent to its end. */
interface Flow {
  sent: number;
  finished: boolean;
  /** Settles once the server is done with the answer, whole or cut off. */
  closed: Promise<void>;
}

/**
 * A service answering its one request with `status` and `total` bytes made as
 * the socket takes them, so nothing near `total` is ever held.
 */
async function streamingService(
  status: number,
  total: number,
  headers: Record<string, string> = {},
): Promise<{ url: string; flow: Flow; posts: () => number }> {
  let settle = (): void => undefined;
  const flow: Flow = { sent: 0, finished: false, closed: new Promise((r) => (settle = r)) };
  const server = await startTinyServer((_req, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.on('close', () => {
      flow.finished = res.writableFinished;
      settle();
    });
    const pump = (): void => {
      while (flow.sent < total) {
        const piece = FILLER.subarray(0, Math.min(FILLER.length, total - flow.sent));
        flow.sent += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
  cleanups.push(server.close);
  return {
    url: server.url,
    flow,
    posts: () => server.seen.filter((r) => r.method === 'POST').length,
  };
}

/** What `promise` rejected with; fails when it resolved. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('The request succeeded.');
}

function expectTooLarge(err: unknown, status: number): void {
  expect(err).toBeInstanceOf(MalformedResponseError);
  const bridged = toBridgeError(err);
  expect(bridged).toMatchObject({ kind: 'malformed-response', code: TOO_LARGE_CODE, status });
  // Malformed, not lost: the renderer already treats it as "may have been created".
  expect(bridged.outcomeUnknown).toBeUndefined();
}

/** A JSON page of 100 animals of exactly `bytes` bytes. */
function pageOf(bytes: number): string {
  const pet = (i: number, name: string) => ({
    id: i + 1,
    name,
    categoryId: 7,
    status: 'available',
  });
  const bare = JSON.stringify(Array.from({ length: 100 }, (_, i) => pet(i, '')));
  const spare = bytes - bare.length;
  const names = Array.from({ length: 100 }, (_, i) =>
    'n'.repeat(Math.floor(spare / 100) + (i < spare % 100 ? 1 : 0)),
  );
  return JSON.stringify(names.map((name, i) => pet(i, name)));
}

describe('answers larger than the request can mean', () => {
  it('stops reading a 60 MiB list page and closes the connection long before its end', async () => {
    const svc = await streamingService(200, HUGE);
    const { client } = testClient(svc.url, KEY, { governor: { transientRetries: 0 } });

    expectTooLarge(await failure(client.listPets({ limit: 100 })), 200);
    await svc.flow.closed;
    expect(svc.flow.finished).toBe(false);
    expect(svc.flow.sent).toBeLessThan(READ_AT_MOST);
  });

  it('reads a page of exactly the limit, and refuses one byte more', async () => {
    const limit = ANSWER_LIMITS.petsPage;
    for (const [bytes, accepted] of [
      [limit, true],
      [limit + 1, false],
    ] as const) {
      const body = pageOf(bytes);
      expect(Buffer.byteLength(body)).toBe(bytes);
      // Sent in pieces without a length: only the bytes counted as they come can tell.
      const server = await startTinyServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let at = 0; at < body.length; at += 50_000) res.write(body.slice(at, at + 50_000));
        res.end();
      });
      cleanups.push(server.close);
      const { client } = testClient(server.url, KEY, { governor: { transientRetries: 0 } });
      if (accepted) {
        const pets = await client.listPets({ limit: 100 });
        expect(pets).toHaveLength(100);
        expect(pets[99]!.id).toBe('100');
      } else {
        expectTooLarge(await failure(client.listPets({ limit: 100 })), 200);
      }
    }
  });

  it('refuses an answer whose Content-Length is over the limit without waiting for a byte', async () => {
    let settle = (): void => undefined;
    const closed = new Promise<void>((r) => (settle = r));
    const server = await startTinyServer((_req, res) => {
      // Headers only: a client that waited for the body would wait until it timed out.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE) });
      res.flushHeaders();
      res.on('close', settle);
    });
    cleanups.push(server.close);
    const { client } = testClient(server.url, KEY, {
      attemptTimeoutMs: 5_000,
      governor: { transientRetries: 0 },
    });

    expectTooLarge(await failure(client.listPets({ limit: 100 })), 200);
    await closed;
  });

  it('counts the bytes a compressed answer expands to, not the bytes on the wire', async () => {
    // 60 MiB of one letter is some 60 KiB gzipped: only the expanded bytes are over the limit.
    let settle = (): void => undefined;
    const closed = new Promise<void>((r) => (settle = r));
    const server = await startTinyServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      function* body(): Generator<Buffer> {
        for (let made = 0; made < HUGE; made += FILLER.length) yield FILLER;
      }
      pipeline(Readable.from(body()), createGzip(), res, () => settle());
    });
    cleanups.push(server.close);
    const { client } = testClient(server.url, KEY, { governor: { transientRetries: 0 } });

    expectTooLarge(await failure(client.listPets({ limit: 100 })), 200);
    await closed;
  });

  it('keeps the status of an error answer whose body is too large, and its words go unread', async () => {
    const svc = await streamingService(503, HUGE);
    const { client } = testClient(svc.url, KEY, { governor: { transientRetries: 0 } });

    const err = await failure(client.listPets({ limit: 100 }));
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).status).toBe(503);
    await svc.flow.closed;
    expect(svc.flow.finished).toBe(false);
    expect(svc.flow.sent).toBeLessThan(READ_AT_MOST);
  });

  it('does not send a create again whose answer was too large: it may have been created', async () => {
    const svc = await streamingService(201, HUGE);
    const { client } = testClient(svc.url, KEY, {
      idempotencyProven: async () => true,
      governor: { transientRetries: 3 },
    });

    const err = await failure(
      client.createPet({ name: 'Luna', categoryId: '7' }, { idempotencyKey: 'huge-answer-1' }),
    );
    expectTooLarge(err, 201);
    expect(svc.posts()).toBe(1);
    await svc.flow.closed;
    expect(svc.flow.sent).toBeLessThan(READ_AT_MOST);
  });
});

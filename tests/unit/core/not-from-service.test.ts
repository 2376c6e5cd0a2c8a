/**
 * Answers that cannot be the service's: what a Wi-Fi sign-in page in front of
 * it sends (a web page, text, nothing, a redirect), told apart from the
 * service's own mistakes, and an answer whose body never ends.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FROM_SERVICE_CODE } from '../../../electron/contract/errors';
import { MalformedResponseError } from '../../../electron/core/errors/malformed-response-error';
import { TimeoutError } from '../../../electron/core/errors/timeout-error';
import { toBridgeError } from '../../../electron/core/errors/to-bridge-error';
import { startReferenceService, type ReferenceService } from '../../../server/index';
import { testClient } from './helpers/service-client';
import { startTinyServer } from './helpers/tiny-server';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function tiny(handle: (res: ServerResponse) => void) {
  const server = await startTinyServer((_req, res) => handle(res));
  closers.push(() => server.close());
  return server;
}

async function service(options: Parameters<typeof startReferenceService>[0]) {
  const started: ReferenceService = await startReferenceService({ port: 0, seed: 0, ...options });
  closers.push(() => started.close());
  return started;
}

const rex = { name: 'Rex', categoryId: '3' };

/** The error `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('an answer that cannot be the service’s', () => {
  it.each<[string, number, Record<string, string>, string]>([
    ['a web page', 200, { 'content-type': 'text/html; charset=utf-8' }, '<html>Sign in</html>'],
    ['a web page that parses as JSON', 200, { 'content-type': 'text/html' }, '[]'],
    ['an XHTML page', 200, { 'content-type': 'application/xhtml+xml' }, '<html/>'],
    ['text that is not JSON', 200, { 'content-type': 'text/plain' }, 'Welcome!'],
    ['an empty body', 200, { 'content-type': 'application/json' }, ''],
    ['a redirect to a sign-in page', 302, { location: 'http://portal.example/login' }, ''],
    ['a sign-in page’s own status', 511, { 'content-type': 'text/html' }, '<html>Sign in</html>'],
  ])(
    '%s is marked as not from the service, on a read and on a create',
    async (_what, status, headers, body) => {
      const server = await tiny((res) => {
        res.writeHead(status, headers);
        res.end(body);
      });
      const { client } = testClient(server.url, 'tiny-key');
      // One call at a time: a second started at once would fail unwatched while the first is awaited.
      const calls = [
        () => client.listPets(),
        () => client.createPet(rex, { idempotencyKey: 'k-1' }),
      ];
      for (const call of calls) {
        const err = await failure(call());
        expect(err).toBeInstanceOf(MalformedResponseError);
        expect(err).toMatchObject({ code: NOT_FROM_SERVICE_CODE, status });
        expect(toBridgeError(err)).toMatchObject({
          kind: 'malformed-response',
          code: NOT_FROM_SERVICE_CODE,
        });
      }
    },
  );

  it.each([
    ['to another path', '/v2/pets'],
    ['to https on the same host', 'https://127.0.0.1/v1/pets'],
  ])(
    'a redirect within the service’s own host (%s) is its address to fix, not marked',
    async (_what, location) => {
      const server = await tiny((res) => {
        res.writeHead(301, { location });
        res.end();
      });
      const { client } = testClient(server.url, 'tiny-key');
      const err = await failure(client.listPets());
      expect(err).toBeInstanceOf(MalformedResponseError);
      expect(err).toMatchObject({ status: 301, code: undefined });
    },
  );

  it.each([
    ['an object where a list belongs', '{"id":1}'],
    ['an animal without a name', '[{"id":1,"categoryId":1}]'],
  ])(
    'JSON of the wrong shape (%s) is the service’s own mistake, not marked',
    async (_what, body) => {
      const server = await tiny((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      const { client } = testClient(server.url, 'tiny-key');
      const err = await failure(client.listPets());
      expect(err).toBeInstanceOf(MalformedResponseError);
      expect((err as MalformedResponseError).code).toBeUndefined();
    },
  );

  it('the reference service’s sign-in page fault: marked, and nothing was created', async () => {
    const s = await service({ faults: { portalRate: 1 } });
    const { client } = testClient(s.url, 'kennel-demo-pro');
    const err = await failure(client.createPet(rex, { idempotencyKey: 'k-2' }));
    expect(err).toMatchObject({ code: NOT_FROM_SERVICE_CODE });
    expect(s.state.pets()).toEqual([]);
    s.state.setFaults({});
    expect(await client.listPets()).toEqual([]);
  });
});

describe('an answer whose body never ends', () => {
  it('the wait for the body is bounded too: a timeout whose outcome is unknown', async () => {
    const s = await service({ faults: { stallAfterCreateRate: 1 } });
    const { client } = testClient(s.url, 'kennel-demo-pro', {
      attemptTimeoutMs: 300,
      deadlineMs: 1_000,
    });
    const err = await failure(client.createPet(rex, { idempotencyKey: 'k-3' }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ outcomeUnknown: true });
    // The headers had come: the animal exists, and the create was not sent again.
    expect(s.state.stats).toMatchObject({ created: 1, stalledAfterCreate: 1 });
    expect(s.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

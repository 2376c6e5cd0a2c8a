/**
 * The whole path of the listing, without a browser: a service's bytes, the
 * real Node core (client, governor, bridge dispatch), the renderer's parse and
 * presentation. The service is a small HTTP server of the test's own, as the
 * reference service's example orders are not the test's to choose.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KennelApi } from '../../../../electron/contract/bridge';
import { createKennelCore } from '../../../../electron/core/index';
import { createKennelApi } from '../../../../electron/preload/api';
import { createIpcApi } from '../../../../src/bridge/ipc-transport';
import { formatDateTime } from '../../../../src/format/clock';
import { ordersFailureText } from '../../../../src/orders/error-text';
import { presentOrdersJson } from './present-json';
import { createFileKeyStore } from '../../../helpers/file-key-store';

const BODY =
  '[{"id":9007199254740993,"petId":12345678901234567890123,"quantity":1,' +
  '"shipDate":"2030-01-02T10:00:00.000Z","status":"placed","complete":false}]';

/** What the server answers next: status and body. */
let answer = { status: 200, body: BODY };
let server: Server;
let dir: string;
let core: ReturnType<typeof createKennelCore>;
let api: KennelApi;

beforeAll(async () => {
  server = createServer((request, response) => {
    const orders = request.url === '/v1/store/orders';
    response.writeHead(orders ? answer.status : 404, { 'content-type': 'application/json' });
    response.end(orders ? answer.body : '{"code":"not_found","message":"No such path"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  dir = await mkdtemp(join(tmpdir(), 'kennel-orders-'));
  core = createKennelCore({
    dataDir: dir,
    keyStore: createFileKeyStore(dir),
    mode: 'electron',
    appVersion: '0.0.0-test',
    env: { KENNEL_LOCAL_URL: `http://127.0.0.1:${port}/v1` },
  });
  api = createIpcApi(
    createKennelApi((channel, ...args) => core.dispatch(channel.replace(/^kennel:/, ''), args)),
  );
  const saved = await api.setKey('local', 'kennel-demo-pro', {});
  if (!saved.ok) throw new Error(saved.error.message);
});

afterAll(async () => {
  await core.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('orders from a service to the screen', () => {
  it('keeps integers above 2^53 exact all the way to the table', async () => {
    answer = { status: 200, body: BODY };
    const result = await api.listOrders('local', { lane: 'user' });
    if (!result.ok) throw new Error(result.error.message);
    const shown = presentOrdersJson(result.value.json);
    if (shown?.kind !== 'table') throw new Error(`expected a table, got ${shown?.kind}`);
    expect(shown.columns).toEqual(['id', 'petId', 'quantity', 'shipDate', 'status', 'complete']);
    expect(shown.rows[0]?.map((cell) => cell.text)).toEqual([
      '9007199254740993',
      '12345678901234567890123',
      '1',
      formatDateTime(Date.UTC(2030, 0, 2, 10)),
      'Placed',
      'No',
    ]);
  });

  it('words a failing service without its status code', async () => {
    answer = { status: 400, body: '{"code":"bad","message":"Something odd"}' };
    const result = await api.listOrders('local', { lane: 'user' });
    if (result.ok) throw new Error('expected a failure');
    expect(result.error.message).toContain('400');
    const text = ordersFailureText({ kind: 'request', error: result.error });
    expect(text).not.toMatch(/HTTP|400|Something odd/);
    expect(text).toBe('The service did not accept this.');
  });

  it('says the service has no orders listing when it answers 404', async () => {
    answer = { status: 404, body: '{"code":"not_found","message":"No such path"}' };
    const result = await api.listOrders('local', { lane: 'user' });
    if (result.ok) throw new Error('expected a failure');
    expect(ordersFailureText({ kind: 'request', error: result.error })).toBe(
      'This service does not offer a list of orders.',
    );
  });
});

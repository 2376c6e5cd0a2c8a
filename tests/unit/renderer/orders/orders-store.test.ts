import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeResult } from '../../../../electron/contract/bridge';
import type { OrdersListing } from '../../../../electron/contract/pet';
import type { ProfileName } from '../../../../electron/contract/profiles';
import type { ReadOptions } from '../../../../electron/contract/pacing';
import { useKeysStore } from '../../../../src/stores/keys';
import { useOrdersStore } from '../../../../src/stores/orders';
import { useProfileStore } from '../../../../src/stores/profile';

// What staff see for an empty value.
const NULL_TEXT = '—';

/** One `listOrders` call the test answers when it chooses. */
interface PendingCall {
  profile: ProfileName;
  options: ReadOptions | undefined;
  answer(result: BridgeResult<OrdersListing>): Promise<void>;
}

const bridge = vi.hoisted(() => ({ calls: [] as PendingCall[] }));

vi.mock('../../../../src/api', () => ({
  api: {
    listOrders: (profile: ProfileName, options?: ReadOptions) =>
      new Promise<BridgeResult<OrdersListing>>((resolve) => {
        bridge.calls.push({
          profile,
          options,
          // Lets the store's continuation run before the test looks.
          answer: async (result) => {
            resolve(result);
            await new Promise((done) => setTimeout(done, 0));
          },
        });
      }),
    keyStorageInfo: () => new Promise(() => undefined),
  },
}));

const ok = (json: string): BridgeResult<OrdersListing> => ({ ok: true, value: { json } });

function call(index: number): PendingCall {
  const pending = bridge.calls[index];
  if (pending === undefined) throw new Error(`no call ${index}`);
  return pending;
}

beforeEach(() => {
  setActivePinia(createPinia());
  bridge.calls.length = 0;
});

describe('orders store', () => {
  it('asks for the active profile’s orders as something a person waits for', async () => {
    const orders = useOrdersStore();
    const loaded = orders.load();
    expect(orders.loading).toBe(true);
    expect(call(0).profile).toBe('local');
    expect(call(0).options).toEqual({ lane: 'user' });

    await call(0).answer(ok('[{"id":9007199254740993,"petId":12345678901234567890123,"x":null}]'));
    await loaded;
    expect(orders.loading).toBe(false);
    expect(orders.error).toBeNull();
    expect(orders.current?.presentation).toEqual({
      kind: 'table',
      columns: ['id', 'petId', 'x'],
      headings: ['ID', 'Animal ID', 'X'],
      rows: [
        [
          { kind: 'number', text: '9007199254740993' },
          { kind: 'number', text: '12345678901234567890123' },
          { kind: 'null', text: NULL_TEXT },
        ],
      ],
    });
  });

  it('shows the answer to the latest request, not a slower earlier one', async () => {
    const orders = useOrdersStore();
    void orders.load();
    void orders.load();
    await call(1).answer(ok('[]'));
    await call(0).answer(ok('{"stale":true}'));
    expect(orders.current?.presentation).toEqual({ kind: 'empty' });
  });

  it('never shows one profile’s orders under another', async () => {
    const orders = useOrdersStore();
    const profile = useProfileStore();
    void orders.load();
    await call(0).answer(ok('[{"id":1}]'));
    expect(orders.current?.presentation.kind).toBe('table');

    profile.switchTo('staging');
    expect(orders.current).toBeNull();
    void orders.load();
    expect(call(1).profile).toBe('staging');
    expect(orders.current).toBeNull();
    await call(1).answer(ok('"staging"'));
    expect(orders.current?.presentation).toEqual({ kind: 'json', text: '"staging"' });
  });

  it('keeps the last listing next to a plain error when a refresh fails', async () => {
    const orders = useOrdersStore();
    void orders.load();
    await call(0).answer(ok('[{"id":1}]'));
    const before = orders.current;

    void orders.load();
    await call(1).answer({
      ok: false,
      error: { kind: 'server', status: 503, message: 'The service failed (HTTP 503)' },
    });
    expect(orders.error).toBe('The service had a problem. Try again when it is back.');
    expect(orders.failure).toMatchObject({ kind: 'request', error: { status: 503 } });
    expect(orders.current).toBe(before);

    void orders.load();
    await call(2).answer(ok('[]'));
    expect(orders.error).toBeNull();
  });

  it('asks for a new key when the service refuses this one', async () => {
    const orders = useOrdersStore();
    void orders.load();
    await call(0).answer({
      ok: false,
      error: { kind: 'unauthorized', status: 401, message: 'Refused (HTTP 401)' },
    });
    expect(orders.error).toBe(
      'The service did not accept the API key for this profile. Enter a valid API key.',
    );
    expect(useKeysStore().openFor).toBe('local');
    expect(useKeysStore().reason).toBe('rejected');
  });

  it('says so when the answer cannot be read', async () => {
    const orders = useOrdersStore();
    void orders.load();
    await call(0).answer(ok('[{"id":'));
    expect(orders.error).toBe('The service sent an answer Kennel could not read.');
    expect(orders.current).toBeNull();
  });
});

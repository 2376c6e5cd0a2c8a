// liveQuery only runs where a global IndexedDB exists, as in a browser.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KennelApi } from '../../../../electron/contract/bridge';
import { connectKeysAndSync } from '../../../../src/composables/keys-and-sync';
import { openProfileDb } from '../../../../src/data/db';
import { useKeysStore } from '../../../../src/stores/keys';
import { useCatalogueStore } from '../../../../src/stores/catalogue';
import { useProfileStore } from '../../../../src/stores/profile';
import { useSyncStore } from '../../../../src/stores/sync';
import { eventually } from '../../../helpers/eventually';
import { startRealCore, type RealCore } from '../support/real-core';
import { disposeStores, freshPinia } from '../support/test-pinia';

// The stores reach the Node side through `src/api`; here that is the real core
// in front of a real reference service, without the IPC hop.
const bridge = vi.hoisted(() => ({ api: null as KennelApi | null }));
vi.mock('../../../../src/api', () => ({
  api: new Proxy(
    {},
    {
      get:
        (_target, method: string) =>
        (...args: unknown[]) => {
          if (bridge.api === null) throw new Error('The core is not running');
          const call = bridge.api[method as keyof KennelApi] as (...a: unknown[]) => unknown;
          return call(...args);
        },
    },
  ),
}));

let core: RealCore;

beforeAll(async () => {
  core = await startRealCore({ seed: 30 });
  bridge.api = core.api;
});

afterAll(async () => {
  bridge.api = null;
  await core.close();
});

beforeEach(async () => {
  freshPinia();
  const saved = await core.api.setKey('local', 'kennel-demo-business', {});
  if (!saved.ok) throw new Error(saved.error.message);
  await openProfileDb('local').pets.clear();
});

afterEach(async () => {
  await useSyncStore().stop();
  useSyncStore().$dispose();
  useCatalogueStore().$dispose();
  disposeStores();
});

describe('pets store with the service', () => {
  it('opens the key dialog once when a refresh is refused for the key', async () => {
    const wrong = await core.api.setKey('local', 'not-a-key-the-service-knows', {});
    if (!wrong.ok) throw new Error(wrong.error.message);
    const keys = useKeysStore();
    const opened: unknown[][] = [];
    keys.$onAction(({ name, args }) => {
      if (name === 'open') opened.push(args);
    });
    // As the app root does: the sync engine's "key refused" reaches the key dialog.
    const disconnect = connectKeysAndSync();

    const catalogue = useCatalogueStore();
    await catalogue.refresh();
    disconnect();

    expect(catalogue.refreshError).toContain('API key');
    expect(opened).toEqual([['local', 'rejected']]);
    expect(keys.openFor).toBe('local');
  });

  it('shows nothing of a refresh under the profile switched to while it ran', async () => {
    const catalogue = useCatalogueStore();
    const done = catalogue.refresh();
    expect(catalogue.refreshing).toBe(true);
    useProfileStore().switchTo('staging');
    // Staging's Refresh is free at once; local's outcome is not shown under staging.
    expect(catalogue.refreshing).toBe(false);
    await done;
    expect(catalogue.refreshNote).toBe('');
    expect(catalogue.refreshError).toBeNull();
    useProfileStore().switchTo('local');
  });

  it('revalidates the whole catalogue the service shows, not one page', async () => {
    const onService = await core.api.listPets('local', { limit: 100 });
    if (!onService.ok) throw new Error(onService.error.message);
    expect(onService.value.length).toBeGreaterThan(20);
    await useCatalogueStore().revalidate();
    expect(await openProfileDb('local').pets.count()).toBe(onService.value.length);
    await eventually(
      () => useCatalogueStore().coverage?.lists.all?.complete === true,
      'the list recorded as complete',
    );
    expect(useCatalogueStore().coverage?.lists.all?.cut).toBe(false);
  });
});

describe('sync store over a database that cannot be read', () => {
  it('says so instead of showing nothing waiting', async () => {
    // Tables missing, version above Kennel's own: a newer Kennel's database, never opened.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('kennel-production', 10_000);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const profile = useProfileStore();
    profile.switchTo('production');
    const sync = useSyncStore();
    await eventually(() =>
      expect(sync.queueError).toBe(
        'Kennel cannot open the animals waiting to be sent on this computer: they were saved by a newer ' +
          'version of Kennel. Close its other windows or update Kennel, then reload. ' +
          'Nothing has been deleted.',
      ),
    );
    profile.switchTo('local');
    await eventually(() => expect(sync.queueError).toBeNull());
    indexedDB.deleteDatabase('kennel-production');
  });
});

describe('key dialog for a profile without a base URL', () => {
  afterEach(async () => {
    await core.api.setBaseUrl('staging', '');
  });

  it('sends the user to Settings first and comes back once the URL is set', async () => {
    const profile = useProfileStore();
    const keys = useKeysStore();
    await profile.load();
    await keys.open('staging', 'missing');
    expect(keys.needsBaseUrl).toBe(true);

    expect(await keys.save('kennel-demo-pro', false)).toBe(false);
    expect(keys.error).toBe(
      'Set the Staging service address in Settings first, then enter its key.',
    );
    expect(await core.api.hasKey('staging')).toEqual({ ok: true, value: false });

    keys.toSettings();
    expect(keys.openFor).toBeNull();
    const saved = await profile.saveBaseUrl('staging', core.service.url);
    expect(saved.ok).toBe(true);
    keys.settingsClosed();
    expect(keys.openFor).toBe('staging');
    expect(keys.needsBaseUrl).toBe(false);

    expect(await keys.save('kennel-demo-pro', false)).toBe(true);
    expect(await core.api.hasKey('staging')).toEqual({ ok: true, value: true });
  });

  it('does not come back from Settings when no base URL was set', async () => {
    const profile = useProfileStore();
    const keys = useKeysStore();
    await profile.load();
    await keys.open('staging', 'missing');
    keys.toSettings();
    keys.settingsClosed();
    expect(keys.openFor).toBeNull();
  });

  it('shows the Node side’s not-configured answer and then offers Settings', async () => {
    // The profiles are not loaded, so only the Node side knows the URL is missing.
    const keys = useKeysStore();
    await keys.open('staging', 'missing');
    expect(keys.needsBaseUrl).toBe(false);

    expect(await keys.save('kennel-demo-pro', false)).toBe(false);
    expect(keys.error).toBe(
      'Set the Staging service address in Settings first, then enter its key.',
    );
    // The Node side's answer stays available for the Details disclosure.
    expect(keys.failure?.kind).toBe('not-configured');
    expect(keys.needsBaseUrl).toBe(true);
  });
});

describe('sync store: the engine after the first rows', () => {
  it('starts the engine once the list’s first page has answered', async () => {
    const sync = useSyncStore();
    expect(sync.engine).toBeNull();
    // The pets store's first page (created by the sync store) answers from
    // the empty cache; the engine's code is loaded after it.
    const engine = await sync.whenEngine();
    expect(engine).not.toBeNull();
    expect(sync.engine).toBe(engine);
    await eventually(() => sync.status.isLeader, 'the engine leads');
  });

  it('never starts an engine stopped while its code was loading', async () => {
    const sync = useSyncStore();
    const loading = sync.whenEngine();
    await sync.stop();

    expect(await loading).toBeNull();
    expect(sync.engine).toBeNull();
  });
});

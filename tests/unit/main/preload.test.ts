import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_METHODS,
  CAMERA_VIEW_CHANNEL,
  ipcChannel,
  NOTIFY_CHANNEL,
  SAVE_PDF_CHANNEL,
} from '../../../electron/contract';
import { MOVE_CHANNELS, type MovedData } from '../../../electron/contract/moved-data';
import { createKennelApi } from '../../../electron/preload/api';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');
const { default: config } = await import('../../../electron.vite.config');
const { resolveMovePreloadPath } = await import('../../../electron/main/app-url');

describe('preload api', () => {
  it('has exactly one named function per bridge method and nothing generic', () => {
    const api = createKennelApi(() => Promise.resolve(undefined));
    expect(Object.keys(api).sort()).toEqual([...BRIDGE_METHODS].sort());
    for (const method of BRIDGE_METHODS) expect(typeof api[method]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
    expect('invoke' in api).toBe(false);
  });

  it('sends each call on its own channel with its arguments and returns the answer', async () => {
    const sent: { channel: string; args: unknown[] }[] = [];
    const api = createKennelApi((channel, ...args) => {
      sent.push({ channel, args });
      return Promise.resolve({ ok: true, value: channel });
    });
    const pet = { name: 'Rex', categoryId: '9007199254740993' };
    await expect(api.createPet('local', pet, { idempotencyKey: 'k-1' })).resolves.toEqual({
      ok: true,
      value: 'kennel:createPet',
    });
    await api.appInfo();
    expect(sent).toEqual([
      { channel: ipcChannel('createPet'), args: ['local', pet, { idempotencyKey: 'k-1' }] },
      { channel: ipcChannel('appInfo'), args: [] },
    ]);
  });
});

describe('preload script', () => {
  // A module runs once: what it exposed is kept for every test here.
  const exposed = new Map<string, unknown>();
  beforeAll(async () => {
    electronMock.reset();
    await import('../../../electron/preload/index');
    for (const [key, api] of electronMock.contextBridge.exposed) exposed.set(key, api);
  });
  beforeEach(() => electronMock.reset());

  it('exposes only window.kennel, kennelNotify, kennelSavePdf, kennelCamera and kennelMovedData, wired to ipcRenderer.invoke', async () => {
    electronMock.ipcRenderer.answer = (channel) => ({ ok: true, value: channel });
    expect([...exposed.keys()]).toEqual([
      'kennel',
      'kennelNotify',
      'kennelSavePdf',
      'kennelCamera',
      'kennelMovedData',
    ]);
    const kennel = exposed.get('kennel') as ReturnType<typeof createKennelApi>;
    await expect(kennel.hasKey('staging')).resolves.toEqual({ ok: true, value: 'kennel:hasKey' });
    const notify = exposed.get('kennelNotify') as (notice: unknown) => Promise<unknown>;
    // Only the title and body cross, whatever else the page passed.
    await notify({ title: 'T', body: 'B', icon: 'x' });
    const savePdf = exposed.get('kennelSavePdf') as (name: unknown) => Promise<unknown>;
    // Only a file name crosses, as text.
    await savePdf('Kennel cards.pdf');
    const camera = exposed.get('kennelCamera') as (open: unknown) => Promise<unknown>;
    // Only a yes or no crosses, and nothing comes back to the page.
    await expect(camera(true)).resolves.toBeUndefined();
    await camera('yes');
    expect(electronMock.ipcRenderer.calls).toEqual([
      { channel: 'kennel:hasKey', args: ['staging'] },
      { channel: NOTIFY_CHANNEL, args: [{ title: 'T', body: 'B' }] },
      { channel: SAVE_PDF_CHANNEL, args: ['Kennel cards.pdf'] },
      { channel: CAMERA_VIEW_CHANNEL, args: [true] },
      { channel: CAMERA_VIEW_CHANNEL, args: [false] },
    ]);
  });

  it('gives the app only take and stored of the move, each on its own channel', async () => {
    const moved: MovedData = { databases: [], localStorage: [['k', 'v']] };
    electronMock.ipcRenderer.answer = (channel) => (channel === MOVE_CHANNELS.take ? moved : 'x');
    const api = exposed.get('kennelMovedData') as Record<string, () => Promise<unknown>>;
    expect(Object.keys(api).sort()).toEqual(['stored', 'take']);
    await expect(api['take']?.()).resolves.toEqual(moved);
    // Whatever the main process answers, stored hands the page nothing.
    await expect(api['stored']?.()).resolves.toBeUndefined();
    expect(electronMock.ipcRenderer.calls).toEqual([
      { channel: MOVE_CHANNELS.take, args: [] },
      { channel: MOVE_CHANNELS.stored, args: [] },
    ]);
  });
});

describe('move page preload', () => {
  beforeEach(() => electronMock.reset());

  it('exposes only window.kennelOldOrigin, its data sent on the deliver channel, a failure on its own', async () => {
    electronMock.ipcRenderer.answer = () => 'not for the page';
    await import('../../../electron/preload/move-data');
    expect([...electronMock.contextBridge.exposed.keys()]).toEqual(['kennelOldOrigin']);
    const oldOrigin = electronMock.contextBridge.exposed.get('kennelOldOrigin') as Record<
      string,
      (data: unknown) => Promise<unknown>
    >;
    expect(Object.keys(oldOrigin)).toEqual(['deliver', 'failed']);
    const data: MovedData = { databases: [], localStorage: [['theme', 'dark']] };
    await expect(oldOrigin['deliver']?.(data)).resolves.toBeUndefined();
    await expect(oldOrigin['failed']?.(undefined)).resolves.toBeUndefined();
    expect(electronMock.ipcRenderer.calls).toEqual([
      { channel: MOVE_CHANNELS.deliver, args: [data] },
      { channel: MOVE_CHANNELS.failed, args: [] },
    ]);
  });

  it('is built as a standalone CommonJS bundle beside the app preload, where main looks for it', () => {
    const preload = config.preload?.build;
    // A sandboxed preload cannot require a chunk shared between entries.
    expect(preload?.isolatedEntries).toBe(true);
    const input = preload?.rollupOptions?.input as Record<string, string>;
    expect(Object.keys(input).sort()).toEqual(['index', 'move-data']);
    expect(input['move-data']).toMatch(/electron[\\/]preload[\\/]move-data\.ts$/);
    expect(preload?.rollupOptions?.output).toMatchObject({
      format: 'cjs',
      entryFileNames: '[name].cjs',
    });
    expect(resolveMovePreloadPath('/opt/Kennel/out/main')).toBe(
      '/opt/Kennel/out/preload/move-data.cjs',
    );
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_METHODS,
  ipcChannel,
  NOTIFY_CHANNEL,
  SAVE_PDF_CHANNEL,
} from '../../../electron/contract';
import { createKennelApi } from '../../../electron/preload/api';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');

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
  beforeEach(() => electronMock.reset());

  it('exposes only window.kennel, kennelNotify and kennelSavePdf, wired to ipcRenderer.invoke', async () => {
    electronMock.ipcRenderer.answer = (channel) => ({ ok: true, value: channel });
    await import('../../../electron/preload/index');
    expect([...electronMock.contextBridge.exposed.keys()]).toEqual([
      'kennel',
      'kennelNotify',
      'kennelSavePdf',
    ]);
    const kennel = electronMock.contextBridge.exposed.get('kennel') as ReturnType<
      typeof createKennelApi
    >;
    await expect(kennel.hasKey('staging')).resolves.toEqual({ ok: true, value: 'kennel:hasKey' });
    const notify = electronMock.contextBridge.exposed.get('kennelNotify') as (
      notice: unknown,
    ) => Promise<unknown>;
    // Only the title and body cross, whatever else the page passed.
    await notify({ title: 'T', body: 'B', icon: 'x' });
    const savePdf = electronMock.contextBridge.exposed.get('kennelSavePdf') as (
      name: unknown,
    ) => Promise<unknown>;
    // Only a file name crosses, as text.
    await savePdf('Kennel cards.pdf');
    expect(electronMock.ipcRenderer.calls).toEqual([
      { channel: 'kennel:hasKey', args: ['staging'] },
      { channel: NOTIFY_CHANNEL, args: [{ title: 'T', body: 'B' }] },
      { channel: SAVE_PDF_CHANNEL, args: ['Kennel cards.pdf'] },
    ]);
  });
});

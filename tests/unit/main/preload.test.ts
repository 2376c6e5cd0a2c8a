import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS, ipcChannel } from '../../../electron/contract/bridge';
import { CAMERA_VIEW_CHANNEL } from '../../../electron/contract/camera-view';
import { NOTIFY_CHANNEL } from '../../../electron/contract/desktop-notice';
import { SAVE_PDF_CHANNEL } from '../../../electron/contract/save-pdf';
import { CLOSING_CHANNELS, type ClosingApi } from '../../../electron/contract/closing';
import { DESK_CHANNELS, type DeskCopiesApi } from '../../../electron/contract/desk-copies';
import { MOVE_CHANNELS, type MovedData } from '../../../electron/contract/moved-data';
import {
  PRINT_CHANNELS,
  type SilentPrintApi,
  type SilentPrintRequest,
} from '../../../electron/contract/silent-print';
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

  it('exposes only window.kennel, kennelNotify, kennelSavePdf, kennelCamera, kennelMovedData, kennelDesk, kennelClosing and kennelPrint, wired to ipcRenderer.invoke', async () => {
    electronMock.ipcRenderer.answer = (channel) => ({ ok: true, value: channel });
    expect([...exposed.keys()]).toEqual([
      'kennel',
      'kennelNotify',
      'kennelSavePdf',
      'kennelCamera',
      'kennelMovedData',
      'kennelDesk',
      'kennelClosing',
      'kennelPrint',
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

  it('gives the app only the printers and a print, the request rebuilt from its three fields', async () => {
    electronMock.ipcRenderer.answer = (channel) =>
      channel === PRINT_CHANNELS.print ? 'printed' : [{ name: 'Dymo', displayName: 'Dymo' }];
    const api = exposed.get('kennelPrint') as SilentPrintApi;
    expect(Object.keys(api).sort()).toEqual(['print', 'printers']);
    await expect(api.printers()).resolves.toEqual([{ name: 'Dymo', displayName: 'Dymo' }]);
    const request = { deviceName: 'Dymo', widthMicrons: 89_000, heightMicrons: 36_000 };
    await expect(api.print({ ...request, extra: 'x' } as SilentPrintRequest)).resolves.toBe(
      'printed',
    );
    expect(electronMock.ipcRenderer.calls).toEqual([
      { channel: PRINT_CHANNELS.printers, args: [] },
      { channel: PRINT_CHANNELS.print, args: [request] },
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

  describe('window.kennelDesk', () => {
    let desk: DeskCopiesApi;
    beforeAll(() => {
      desk = exposed.get('kennelDesk') as DeskCopiesApi;
    });

    it('has only the six calls of the contract, in a frozen object', () => {
      expect(Object.keys(desk).sort()).toEqual([
        'keep',
        'list',
        'menuWords',
        'onMenu',
        'onWanted',
        'read',
      ]);
      expect(Object.isFrozen(desk)).toBe(true);
    });

    it('sends a copy as a plain Uint8Array of exactly its bytes, or null', async () => {
      electronMock.ipcRenderer.answer = () => true;
      const whole = new Uint8Array([80, 75, 3, 4]);
      await expect(desk.keep(whole, 'daily')).resolves.toBe(true);
      // A view into a larger buffer would take the whole buffer across: only its bytes go.
      const larger = new Uint8Array(64).fill(7);
      await desk.keep(larger.subarray(8, 12), 'quit');
      await desk.keep(Buffer.from('PK'), 'quit');
      await desk.keep('PK' as unknown as Uint8Array, 'daily');
      await desk.keep(null, 'sometime' as 'daily');
      const sent = electronMock.ipcRenderer.calls;
      expect(sent.map(({ channel }) => channel)).toEqual(Array(5).fill(DESK_CHANNELS.keep));
      expect(sent[0]?.args).toEqual([whole, 'daily']);
      const view = sent[1]?.args[0] as Uint8Array;
      expect(view.buffer.byteLength).toBe(4);
      expect([...view]).toEqual([7, 7, 7, 7]);
      expect(Object.getPrototypeOf(sent[2]?.args[0])).toBe(Uint8Array.prototype);
      expect(sent.slice(3).map(({ args }) => args)).toEqual([
        [null, 'daily'],
        [null, null],
      ]);
      // Anything but a yes from the main process is no.
      electronMock.ipcRenderer.answer = () => 'yes';
      await expect(desk.keep(whole, 'daily')).resolves.toBe(false);
    });

    it('hands the page only a reason or a command it knows, never the event, until unsubscribed', () => {
      const reasons: unknown[] = [];
      const commands: unknown[] = [];
      const stopWanted = desk.onWanted((...args) => reasons.push(args));
      const stopMenu = desk.onMenu((...args) => commands.push(args));
      electronMock.ipcRenderer.emit(DESK_CHANNELS.wanted, 'daily');
      electronMock.ipcRenderer.emit(DESK_CHANNELS.wanted, 'weekly');
      electronMock.ipcRenderer.emit(DESK_CHANNELS.menu, 'open');
      electronMock.ipcRenderer.emit(DESK_CHANNELS.menu, 'delete');
      stopWanted();
      stopMenu();
      electronMock.ipcRenderer.emit(DESK_CHANNELS.wanted, 'quit');
      electronMock.ipcRenderer.emit(DESK_CHANNELS.menu, 'save');
      expect(reasons).toEqual([['daily']]);
      expect(commands).toEqual([['open']]);
    });

    it('asks for the list and a copy by name, and takes back only bytes', async () => {
      const copy = new Uint8Array([1, 2, 3]);
      const list = [{ name: 'kennel-desk-2026-11-27.kennel', savedAt: 1, bytes: 3 }];
      electronMock.ipcRenderer.answer = (channel) => (channel === DESK_CHANNELS.list ? list : copy);
      await expect(desk.list()).resolves.toEqual(list);
      await expect(desk.read('kennel-desk-2026-11-27.kennel')).resolves.toEqual(copy);
      electronMock.ipcRenderer.answer = () => 'not bytes';
      await expect(desk.read(7 as unknown as string)).resolves.toBeNull();
      expect(electronMock.ipcRenderer.calls).toEqual([
        { channel: DESK_CHANNELS.list, args: [] },
        { channel: DESK_CHANNELS.read, args: ['kennel-desk-2026-11-27.kennel'] },
        { channel: DESK_CHANNELS.read, args: ['7'] },
      ]);
    });

    it('sends only the four menu words, as text, and hands nothing back', async () => {
      electronMock.ipcRenderer.answer = () => 'not for the page';
      const words = { file: 'Archivo', save: 'Guardar', open: 'Abrir', quit: 'Salir', x: 1 };
      await expect(desk.menuWords(words)).resolves.toBeUndefined();
      expect(electronMock.ipcRenderer.calls).toEqual([
        {
          channel: DESK_CHANNELS.menuWords,
          args: [{ file: 'Archivo', save: 'Guardar', open: 'Abrir', quit: 'Salir' }],
        },
      ]);
    });
  });
});

describe('window.kennelClosing', () => {
  let closing: ClosingApi;
  beforeAll(async () => {
    electronMock.reset();
    const { createClosingApi } = await import('../../../electron/preload/closing');
    closing = createClosingApi(electronMock.ipcRenderer);
  });
  beforeEach(() => electronMock.reset());

  const report = {
    waiting: 2,
    correcting: 0,
    attention: 1,
    elsewhere: 0,
    sendable: 2,
    online: true,
  };

  it('has only the five calls of the contract, in a frozen object', () => {
    expect(Object.keys(closing).sort()).toEqual([
      'onReportWanted',
      'onSendNow',
      'report',
      'sent',
      'words',
    ]);
    expect(Object.isFrozen(closing)).toBe(true);
  });

  it('sends only the report’s six plain values, and the ask’s number with what was left', async () => {
    electronMock.ipcRenderer.answer = () => 'not for the page';
    await expect(
      closing.report({ ...report, extra: 'x' } as typeof report),
    ).resolves.toBeUndefined();
    await closing.sent(3, report);
    expect(electronMock.ipcRenderer.calls).toEqual([
      { channel: CLOSING_CHANNELS.report, args: [report] },
      { channel: CLOSING_CHANNELS.sent, args: [3, report] },
    ]);
  });

  it('hands the page no event, and only a whole ask number, until unsubscribed', () => {
    const wanted: unknown[] = [];
    const asks: unknown[] = [];
    const stopWanted = closing.onReportWanted((...args: unknown[]) => wanted.push(args));
    const stopSend = closing.onSendNow((...args: unknown[]) => asks.push(args));
    electronMock.ipcRenderer.emit(CLOSING_CHANNELS.reportWanted, 'extra');
    electronMock.ipcRenderer.emit(CLOSING_CHANNELS.sendNow, 2);
    electronMock.ipcRenderer.emit(CLOSING_CHANNELS.sendNow, 'two');
    stopWanted();
    stopSend();
    electronMock.ipcRenderer.emit(CLOSING_CHANNELS.reportWanted);
    electronMock.ipcRenderer.emit(CLOSING_CHANNELS.sendNow, 3);
    expect(wanted).toEqual([[]]);
    expect(asks).toEqual([[2]]);
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

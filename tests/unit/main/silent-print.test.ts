import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRINT_CHANNELS, type SilentPrintRequest } from '../../../electron/contract/silent-print';

vi.mock('electron', () => import('../mocks/electron'));

const { electronMock } = await import('../mocks/electron');
const { setupSilentPrint } = await import('../../../electron/main/silent-print');
const { parsePrintRequest, printerChoices, silentPrintPlan } =
  await import('../../../electron/main/silent-print-plan');
const { UntrustedSenderError } = await import('../../../electron/main/untrusted-sender-error');

/**
 * Printing cards straight to a remembered printer in the desktop app: what a
 * window may ask, which printer gets the job, and what the window hears back.
 * Electron's `webContents` is faked at its edge: the printers it lists and
 * the print it is asked for.
 */

const APP_URL = 'kennel://app/index.html';
const WINDOW_ID = 7;
const DYMO = {
  name: 'DYMO_LabelWriter_450',
  displayName: 'DYMO LabelWriter 450',
  description: '',
  options: {},
};
const OFFICE = { name: 'Office_Laser', displayName: 'Office laser', description: '', options: {} };
const DYMO_LABEL: SilentPrintRequest = {
  deviceName: DYMO.name,
  widthMicrons: 89_000,
  heightMicrons: 36_000,
};

interface FakeSender {
  id: number;
  printed: unknown[];
  getPrintersAsync(): Promise<unknown[]>;
  print(options: unknown, callback: (success: boolean, reason: string) => void): void;
}

/** The calling window: the printers it lists, and whether the system takes a job. */
function window(
  printers: unknown[] | Error,
  accepts = true,
  senderId = WINDOW_ID,
  url = APP_URL,
): { event: unknown; sender: FakeSender } {
  const sender: FakeSender = {
    id: senderId,
    printed: [],
    getPrintersAsync: () =>
      printers instanceof Error ? Promise.reject(printers) : Promise.resolve(printers),
    print(options, callback) {
      this.printed.push(options);
      setTimeout(() => callback(accepts, accepts ? '' : 'Print job failed'), 0);
    },
  };
  return { event: { sender, senderFrame: { url, parent: null } }, sender };
}

function handler(channel: string): (event: unknown, ...args: unknown[]) => Promise<unknown> {
  const registered = electronMock.ipcMain.handlers.get(channel);
  if (registered === undefined) throw new Error(`no handler for ${channel}`);
  return registered as (event: unknown, ...args: unknown[]) => Promise<unknown>;
}

beforeEach(() => {
  electronMock.reset();
  setupSilentPrint(() => ({ webContentsIds: [WINDOW_ID], appUrl: APP_URL }));
});

describe('the print a window asks for', () => {
  it('is a printer name and a page in whole micrometres, nothing else', () => {
    expect(parsePrintRequest(DYMO_LABEL)).toEqual(DYMO_LABEL);
    for (const bad of [
      null,
      'DYMO',
      [DYMO_LABEL],
      { ...DYMO_LABEL, copies: 99 },
      { ...DYMO_LABEL, deviceName: '' },
      { ...DYMO_LABEL, deviceName: 'x'.repeat(257) },
      { ...DYMO_LABEL, deviceName: 'DYMO\nOffice' },
      { ...DYMO_LABEL, widthMicrons: 89.5 },
      { ...DYMO_LABEL, heightMicrons: 0 },
      { ...DYMO_LABEL, heightMicrons: 5_000_000 },
      { ...DYMO_LABEL, widthMicrons: '89000' },
    ]) {
      expect(parsePrintRequest(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('where a silent print goes', () => {
  it('to the remembered printer when this computer has it, at the label’s size with no margins', () => {
    expect(silentPrintPlan(DYMO_LABEL, [OFFICE, DYMO])).toEqual({
      kind: 'print',
      options: {
        silent: true,
        deviceName: DYMO.name,
        printBackground: true,
        color: false,
        copies: 1,
        margins: { marginType: 'none' },
        pageSize: { width: 89_000, height: 36_000 },
        landscape: false,
      },
    });
  });

  it('nowhere when the printer is gone: never to the system’s default instead', () => {
    expect(silentPrintPlan(DYMO_LABEL, [OFFICE])).toEqual({ kind: 'printer-missing' });
    expect(silentPrintPlan(DYMO_LABEL, [])).toEqual({ kind: 'printer-missing' });
    // The system's name, not the one people read.
    expect(silentPrintPlan({ ...DYMO_LABEL, deviceName: DYMO.displayName }, [DYMO])).toEqual({
      kind: 'printer-missing',
    });
  });

  it('lists the printers by the names people read, in their order', () => {
    expect(
      printerChoices([DYMO, OFFICE, { ...OFFICE, name: 'Zebra_GK420d', displayName: '' }]),
    ).toEqual([
      { name: DYMO.name, displayName: DYMO.displayName },
      { name: OFFICE.name, displayName: OFFICE.displayName },
      { name: 'Zebra_GK420d', displayName: 'Zebra_GK420d' },
    ]);
  });
});

describe('silent printing from the app window', () => {
  it('lists this computer’s printers, and none when the system cannot say', async () => {
    await expect(handler(PRINT_CHANNELS.printers)(window([DYMO]).event)).resolves.toEqual([
      { name: DYMO.name, displayName: DYMO.displayName },
    ]);
    await expect(
      handler(PRINT_CHANNELS.printers)(window(new Error('no CUPS')).event),
    ).resolves.toEqual([]);
  });

  it('prints without the dialog to the remembered printer and says it printed', async () => {
    const { event, sender } = window([OFFICE, DYMO]);
    await expect(handler(PRINT_CHANNELS.print)(event, DYMO_LABEL)).resolves.toBe('printed');
    expect(sender.printed).toEqual([
      expect.objectContaining({ silent: true, deviceName: DYMO.name }),
    ]);
  });

  it('says the printer is missing and prints nothing when it is gone', async () => {
    const { event, sender } = window([OFFICE]);
    await expect(handler(PRINT_CHANNELS.print)(event, DYMO_LABEL)).resolves.toBe('printer-missing');
    expect(sender.printed).toEqual([]);
  });

  it('says it failed when the system refuses the job, the printers cannot be read or the request is not one', async () => {
    const refused = window([DYMO], false);
    await expect(handler(PRINT_CHANNELS.print)(refused.event, DYMO_LABEL)).resolves.toBe('failed');
    const unreadable = window(new Error('no CUPS'));
    await expect(handler(PRINT_CHANNELS.print)(unreadable.event, DYMO_LABEL)).resolves.toBe(
      'failed',
    );
    const asked = window([DYMO]);
    await expect(
      handler(PRINT_CHANNELS.print)(asked.event, { ...DYMO_LABEL, silent: false }),
    ).resolves.toBe('failed');
    expect(asked.sender.printed).toEqual([]);
  });

  it('is refused from another webContents or a foreign page', async () => {
    for (const { event, sender } of [
      window([DYMO], true, 8),
      window([DYMO], true, WINDOW_ID, 'https://evil.example/'),
    ]) {
      for (const channel of [PRINT_CHANNELS.print, PRINT_CHANNELS.printers]) {
        const refused = await handler(channel)(event, DYMO_LABEL).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(UntrustedSenderError);
      }
      expect(sender.printed).toEqual([]);
    }
  });
});

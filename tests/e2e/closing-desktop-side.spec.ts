import type { Page } from '@playwright/test';
import type { ClosingWords, UnfinishedReport } from '../../electron/contract/closing';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';

/**
 * The page's half of "closing asks first" in the desktop app, in a real
 * Chromium with real IndexedDB and the reference service: the preload's
 * `window.kennelClosing` is stood in for by a recorder (the main process's
 * half is unit-tested in Node), so what the page tells the main process and
 * what it does when asked to send now are seen as the main process sees them.
 */

interface Recorded {
  reports: UnfinishedReport[];
  sent: [number, UnfinishedReport][];
  words: ClosingWords[];
}

/** Puts the recorder where the preload puts `window.kennelClosing`, before the page's code runs. */
async function standInForThePreload(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = { reports: [], sent: [], words: [] } as unknown as Recorded;
    const listeners: { wanted?: () => void; send?: (ask: number) => void } = {};
    Object.assign(globalThis, {
      closingRecorded: recorded,
      closingListeners: listeners,
      kennelClosing: {
        report: async (report: UnfinishedReport) => void recorded.reports.push(report),
        onReportWanted: (listener: () => void) => {
          listeners.wanted = listener;
          return () => undefined;
        },
        onSendNow: (listener: (ask: number) => void) => {
          listeners.send = listener;
          return () => undefined;
        },
        sent: async (ask: number, report: UnfinishedReport) =>
          void recorded.sent.push([ask, report]),
        words: async (words: ClosingWords) => void recorded.words.push(words),
      },
    });
  });
}

const recorded = (page: Page): Promise<Recorded> =>
  page.evaluate(() => (globalThis as unknown as { closingRecorded: Recorded }).closingRecorded);

const lastReport = async (page: Page): Promise<UnfinishedReport | undefined> =>
  (await recorded(page)).reports.at(-1);

/** The main process asks the page to send now (staff chose "Send now and close"). */
async function mainAsksToSend(page: Page, ask: number): Promise<void> {
  await page.evaluate((n) => {
    (
      globalThis as unknown as { closingListeners: { send: (ask: number) => void } }
    ).closingListeners.send(n);
  }, ask);
}

test.describe('closing asks first, the desktop app’s page', () => {
  test('tells what waits and in which words, and "Send now" sends the held animals and says none is left', async ({
    app,
    page,
    service,
  }) => {
    await standInForThePreload(page);
    app.holdSeconds = 120;
    await app.openWithKey(KEYS.pro);
    await expect
      .poll(async () => (await recorded(page)).words.at(-1)?.keepOpen)
      .toBe('Keep Kennel open');
    expect((await recorded(page)).words.at(-1)?.waiting).toEqual({
      one: '{n} animal is still waiting to be sent',
      other: '{n} animals are still waiting to be sent',
    });
    const names = uniqueNames('Sent at closing', 2);
    await app.enterAnimals(names.map((name) => ({ name, categoryId: '4' })));
    await expect
      .poll(() => lastReport(page))
      .toEqual({
        waiting: 2,
        correcting: 0,
        attention: 0,
        elsewhere: 0,
        sendable: 2,
        online: true,
      });

    await mainAsksToSend(page, 7);
    await expect
      .poll(async () => (await recorded(page)).sent)
      .toEqual([
        [7, { waiting: 0, correcting: 0, attention: 0, elsewhere: 0, sendable: 0, online: true }],
      ]);
    expect(names.map((name) => service.state.pets().filter((p) => p.name === name).length)).toEqual(
      [1, 1],
    );
  });

  test('says what is left when the service cannot be reached, and adds no beforeunload: the main process asks', async ({
    app,
    page,
    service,
  }) => {
    await standInForThePreload(page);
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    const [name] = uniqueNames('Left at closing', 1);
    await app.enterAnimals([{ name: name ?? '', categoryId: '4' }]);
    await app.expectWaiting(1);
    await expect.poll(() => lastReport(page)).toMatchObject({ waiting: 1, sendable: 1 });

    await mainAsksToSend(page, 1);
    await expect
      .poll(async () => (await recorded(page)).sent)
      .toEqual([
        [1, { waiting: 1, correcting: 0, attention: 0, elsewhere: 0, sendable: 1, online: false }],
      ]);

    const types: string[] = [];
    page.on('dialog', (dialog) => {
      types.push(dialog.type());
      void dialog.accept();
    });
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(types).toEqual([]);
  });
});

import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { english, THEME_KEY } from '../helpers/e2e/catalogue-words';
import { HEADER, saveDeskFile } from '../helpers/e2e/desk-file';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { seedHistoryRowsForTest } from '../helpers/e2e/history-seed';
import { chooseCsvFile, importSummary, openImport } from '../helpers/e2e/import-view';
import { csvRows } from '../helpers/e2e/list-files';
import { uniqueNames } from '../helpers/e2e/names';
import { openSettings } from '../helpers/e2e/settings';

/**
 * The History view, the desk's name and the initials of whoever is at the
 * desk, over rows the acts write themselves. A row from another day (as a
 * desk file brings) and the rows the axe checks look at are put in the
 * profile's `history` table by a test-support helper (`history-seed.ts`).
 */

const HOUR = 60 * 60 * 1000;
const LAST_USED_KEY = 'kennel.deskLastUsed';
const words = (...path: string[]): string => english('history', ...path);

/** Local midnight of today, and `days` from it, on this computer's calendar. */
function midnight(days = 0): number {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() + days);
  return day.getTime();
}

function dayText(at: number): string {
  const d = new Date(at);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function setPageItem(page: Page, key: string, value: string): Promise<void> {
  await page.evaluate(
    ([k, v]) =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem(k, v),
    [key, value] as const,
  );
}

async function openHistory(page: Page): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'History' })
    .click();
  const view = page.getByRole('region', { name: words('title') });
  await expect(view).toBeVisible();
  return view;
}

/** The History table's rows, each as its cells' text. */
async function shownRows(view: Locator): Promise<string[][]> {
  const rows = view.getByRole('region', { name: words('tableLabel') }).locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      [...(tr as unknown as { cells: Iterable<{ textContent: string | null }> }).cells].map(
        (cell) => (cell.textContent ?? '').trim(),
      ),
    ),
  );
}

/** Names the desk in Settings, This desk, as staff do; `name` is the name kept. */
async function renameDesk(page: Page, typed: string, name = typed): Promise<void> {
  const settings = await openSettings(page);
  const section = settings.getByRole('region', { name: words('desk', 'title') });
  await section.getByLabel(words('desk', 'label')).fill(typed);
  await section.getByRole('button', { name: words('desk', 'save') }).click();
  await expect(section.getByText(`Saved: this desk is “${name}”.`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

/** The four acts the issue names, today, and one yesterday, all at the desk named `desk`. */
function acts(desk: string) {
  const today = midnight() + 9 * HOUR;
  return [
    { at: today, kind: 'typed', petKey: 'local:a1', name: 'Zoë Pepper', desk, initials: 'AB' },
    { at: today + 5 * 60_000, kind: 'taken-back', petKey: 'local:a2', name: 'Biscuit', desk },
    {
      at: today + 10 * 60_000,
      kind: 'sent',
      petKey: 'pet:90417',
      petId: '90417',
      name: 'Marlowe',
      desk,
      initials: 'AB',
    },
    {
      at: today + 20 * 60_000,
      kind: 'imported',
      petKey: 'local:a4',
      name: 'Tansy',
      batch: 'shelter-intake.csv',
      count: 1,
      desk,
    },
    {
      at: midnight(-1) + 15 * HOUR,
      kind: 'typed',
      petKey: 'local:y1',
      name: 'Yesterday Rex',
      desk,
    },
  ] as const;
}

test.describe('the History view', () => {
  test('lists a typed, a taken back, a sent and an imported animal; filters, finds and exports', async ({
    app,
    page,
    service,
  }) => {
    // With the service away nothing is claimed for sending, so Undo stays on offer.
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    const desk = 'Front desk, kennel block B';
    await renameDesk(page, desk);
    const [kept, undone, imported] = [
      ...uniqueNames('Zoë', 1),
      ...uniqueNames('Biscuit', 1),
      ...uniqueNames('Tansy', 1),
    ];
    if (kept === undefined || undone === undefined || imported === undefined)
      throw new Error('names');

    await app.addAnimal({ name: kept, categoryId: '3' });
    await app.addAnimal({ name: undone, categoryId: '4' });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(app.rowNamed(undone)).toHaveCount(0);
    const importView = await openImport(page);
    await chooseCsvFile(importView, 'shelter-intake.csv', ['Name,Category', `${imported},2`]);
    await expect(importSummary(importView)).toHaveText('1 ready to add.');
    await importView.getByRole('button', { name: 'Add 1 animal' }).click();
    await app.expectWaiting(2);
    await service.start();
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Animals' })
      .click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await app.expectWaiting(0, 60_000);
    const idOf = new Map(service.state.pets().map((pet) => [pet.name, String(pet.id)]));
    const keptId = idOf.get(kept) ?? '';
    const importedId = idOf.get(imported) ?? '';
    expect(keptId).toMatch(/^\d+$/);

    // An act from another day, as a desk file from yesterday brings it.
    await seedHistoryRowsForTest(page, [
      {
        at: midnight(-1) + 15 * HOUR,
        kind: 'typed',
        petKey: 'local:y1',
        name: 'Yesterday Rex',
        desk,
      },
    ]);

    const view = await openHistory(page);
    await expect(view.getByText(/kept only on this computer/)).toBeVisible();
    await expect(view.getByLabel('Day', { exact: true })).toHaveValue(dayText(Date.now()));
    // Newest first; yesterday's row is not today's.
    await expect.poll(async () => (await shownRows(view)).length).toBe(6);
    const rows = await shownRows(view);
    const sent = rows.filter((row) => row[1] === 'Sent').map((row) => row.slice(2, 4));
    expect(sent.sort()).toEqual(
      [
        [kept, keptId],
        [imported, importedId],
      ].sort(),
    );
    expect(rows.filter((row) => row[1] !== 'Sent').map((row) => row.slice(1, 7))).toEqual([
      ['Imported', '', '', 'shelter-intake.csv', '1', desk],
      ['Taken back', undone, 'ID pending', '', '', desk],
      ['Typed in', undone, 'ID pending', '', '', desk],
      ['Typed in', kept, 'ID pending', '', '', desk],
    ]);
    for (const row of rows) expect(row[6]).toBe(desk);
    // The time in words, never an ISO stamp.
    for (const row of rows) expect(row[0]).toMatch(/^\d{1,2}:\d{2}:\d{2}( [AP]M)?$/);

    // The export: every row asked for, headed in the app's words, the same cells as shown.
    const downloaded = page.waitForEvent('download');
    await view.getByRole('button', { name: words('export', 'button') }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`history-${dayText(Date.now())}.csv`);
    const csv = await csvRows(download);
    expect(csv[0]).toEqual([
      'Day',
      'Time',
      'What',
      'Animal',
      'ID',
      'Batch or file',
      'How many',
      'Desk',
      'Initials',
    ]);
    expect(csv.slice(1).map((row) => row.slice(1))).toEqual(rows);
    expect(new Set(csv.slice(1).map((row) => row[0])).size).toBe(1);
    expect(csv[1]?.[0]).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The export is an act of the desk's too: listed at once, with its file and how many.
    await expect
      .poll(async () => (await shownRows(view))[0]?.slice(1, 7))
      .toEqual(['Exported', '', '', download.suggestedFilename(), String(rows.length), desk]);

    // By kind.
    await view.getByLabel('What was done').selectOption({ label: 'Taken back' });
    await expect.poll(async () => (await shownRows(view)).map((row) => row[2])).toEqual([undone]);
    await view.getByLabel('What was done').selectOption({ label: 'Everything' });

    // Found by part of a name, accents and case aside, and by a whole ID.
    const find = view.getByLabel(words('filters', 'find'));
    await find.fill(kept.replace('Zoë', 'ZOE'));
    await expect
      .poll(async () => (await shownRows(view)).map((row) => `${row[1]} ${row[2]}`))
      .toEqual([`Sent ${kept}`, `Typed in ${kept}`]);
    await find.fill(`0${importedId}`);
    await expect
      .poll(async () => (await shownRows(view)).map((row) => `${row[1]} ${row[2]}`))
      .toEqual([`Sent ${imported}`]);
    await find.fill('');

    // By day: yesterday holds its own row only; every day holds all eight.
    await view.getByLabel('Day', { exact: true }).fill(dayText(midnight(-1)));
    await expect
      .poll(async () => (await shownRows(view)).map((row) => row[2]))
      .toEqual(['Yesterday Rex']);
    await view.getByLabel(words('filters', 'everyDay')).check();
    await expect.poll(async () => (await shownRows(view)).length).toBe(8);
    expect((await shownRows(view)).at(-1)?.[2]).toBe('Yesterday Rex');
    await view.getByLabel(words('filters', 'everyDay')).uncheck();
    await expect(view.getByLabel('Day', { exact: true })).toHaveValue(dayText(Date.now()));
    await expect.poll(async () => (await shownRows(view)).length).toBe(7);
  });

  test('the desk is named after the computer until staff name it; new rows and desk files carry the name', async ({
    app,
    page,
  }, testInfo) => {
    await app.openWithKey(KEYS.pro);
    const computer = hostname().trim().slice(0, 60);
    let settings = await openSettings(page);
    let section = settings.getByRole('region', { name: words('desk', 'title') });
    const field = section.getByLabel(words('desk', 'label'));
    await expect(field).toHaveValue(computer);

    // Nothing, or more than 60 characters, is no name: the name stays.
    await field.fill('   ');
    await section.getByRole('button', { name: words('desk', 'save') }).click();
    await expect(section.getByRole('alert')).toHaveText(words('desk', 'invalid'));
    await field.fill('x'.repeat(61));
    await field.press('Enter');
    await expect(section.getByRole('alert')).toHaveText(words('desk', 'invalid'));
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    const [before, after] = uniqueNames('Desk', 2);
    if (before === undefined || after === undefined) throw new Error('names');
    await app.addAnimal({ name: before, categoryId: '3' });
    // Sent, and its row written, before the desk is renamed.
    await app.expectWaiting(0);
    await renameDesk(page, '  Reception   desk  ', 'Reception desk');
    await app.addAnimal({ name: after, categoryId: '3' });
    await app.expectWaiting(0);

    const view = await openHistory(page);
    const deskOf = async (name: string): Promise<string[]> =>
      (await shownRows(view)).filter((row) => row[2] === name).map((row) => row[6] ?? '');
    await expect.poll(() => deskOf(after)).toEqual(['Reception desk', 'Reception desk']);
    expect(await deskOf(before)).toEqual([computer, computer]);

    await app.reload();
    settings = await openSettings(page);
    section = settings.getByRole('region', { name: words('desk', 'title') });
    await expect(section.getByLabel(words('desk', 'label'))).toHaveValue('Reception desk');
    await page.keyboard.press('Escape');

    const saved = join(testInfo.outputDir, 'desk.kennel');
    await saveDeskFile(page, saved);
    const entries = unzipSync(new Uint8Array(await readFile(saved)));
    const header = JSON.parse(strFromU8(entries[HEADER] ?? new Uint8Array())) as {
      deskLabel: string;
    };
    expect(header.deskLabel).toBe('Reception desk');
  });

  test('asks who is at the desk once when a shift starts, never requiring it', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    const question = page.getByRole('region', { name: words('initials', 'question') });
    const atDesk = page.getByRole('button', { name: words('initials', 'nobody'), exact: true });
    // The first use of Kennel on this computer starts a shift; work goes on around the question.
    await expect(question).toBeVisible();
    await expect(app.nameInput()).toBeEditable();
    await question.getByRole('textbox', { name: words('initials', 'question') }).fill('m j');
    await question.getByRole('button', { name: words('initials', 'save') }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: 'At the desk: MJ' })).toBeVisible();

    // Opened again the same shift: not asked again, the initials kept.
    await app.reload();
    await expect(page.getByRole('button', { name: 'At the desk: MJ' })).toBeVisible();
    await expect(question).toBeHidden();

    // Back after nine hours away: a new shift, asked again, the last shift's initials gone.
    await setPageItem(page, LAST_USED_KEY, String(Date.now() - 9 * HOUR));
    await app.reload();
    await expect(question).toBeVisible();
    await expect(question.getByRole('textbox')).toHaveValue('');
    await question.getByRole('button', { name: words('initials', 'dismiss') }).click();
    await expect(question).toBeHidden();
    await expect(atDesk).toBeFocused();
    await app.reload();
    await expect(atDesk).toBeVisible();
    await expect(question).toBeHidden();

    // Changed from the button beside the views, when staff want to.
    await atDesk.click();
    await expect(
      question.getByRole('textbox', { name: words('initials', 'question') }),
    ).toBeFocused();
    await page.keyboard.type('ab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'At the desk: AB' })).toBeFocused();
  });

  test("'h' opens the History, and the keyboard help lists it", async ({ app, page }) => {
    await app.openWithKey(KEYS.pro);
    await expect(app.dataRows().first()).toBeVisible();
    await app.refreshButton().focus();
    await page.keyboard.press('h');
    const heading = page.getByRole('heading', { name: words('title') });
    await expect(heading).toBeFocused();
    await expect(
      page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'History' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // Typed in a field, "h" is a letter.
    await page.getByLabel(words('filters', 'find')).fill('');
    await page.getByLabel(words('filters', 'find')).press('h');
    await expect(page.getByLabel(words('filters', 'find'))).toHaveValue('h');

    await heading.focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(
      help.getByRole('row', { name: /^h Open the History of this desk$/ }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('n');
    await expect(app.nameInput()).toBeFocused();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the History, the initials question and This desk (${theme})`, async ({
      app,
      page,
    }) => {
      await app.openWithKey(KEYS.pro);
      await setPageItem(page, THEME_KEY, theme);
      await app.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await seedHistoryRowsForTest(page, [...acts('Front desk')]);

      const view = await openHistory(page);
      await expect.poll(() => shownRows(view)).toHaveLength(4);
      await expect(page.getByRole('region', { name: words('initials', 'question') })).toBeVisible();
      await expectNoAxeViolations(page, `history, ${theme}`);

      await view.getByLabel(words('filters', 'find')).fill('nobody by this name');
      await expect(view.getByText(words('none'))).toBeVisible();
      await expectNoAxeViolations(page, `history, nothing found, ${theme}`);

      const settings = await openSettings(page);
      const section = settings.getByRole('region', { name: words('desk', 'title') });
      await section.getByLabel(words('desk', 'label')).fill('');
      await section.getByRole('button', { name: words('desk', 'save') }).click();
      await expect(section.getByRole('alert')).toBeVisible();
      await settings.getByLabel(words('retention', 'label')).scrollIntoViewIfNeeded();
      await expect(settings.getByLabel(words('retention', 'label'))).toHaveValue('180');
      await expectNoAxeViolations(page, `settings, this desk, ${theme}`);
    });
  }
});

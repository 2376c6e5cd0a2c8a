import type { Locator, Page } from '@playwright/test';
import {
  fillShelter,
  LIST_MODES,
  STATUSES,
  type ShelterAnimal,
} from '../helpers/e2e/faithful-shelter';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';

/**
 * A long list moved through as a person does: keys pressed one after another
 * with no wait for the app, and the mouse wheel. The list is virtualised, so a
 * row is known by its `aria-rowindex` (position + 2, the header row being 1)
 * and compared with the animal the service holds at that position.
 */

/** 350 animals: far more rows than fit, or are drawn, at once. */
const SIZE = 350;
/** The first animals have no status, so only the unfiltered list returns them. */
const WITHOUT_STATUS = 53;

/**
 * The shelter, created on the service in this order: 53 without a status, then
 * available, pending and sold in turn, 99 of each. Without pagination a client
 * gets the first 100 unfiltered (all 53 without a status among them) and each
 * status's list whole (99 is under the limit), so it holds all 350 animals
 * either way.
 */
const SHELTER: ShelterAnimal[] = Array.from({ length: SIZE }, (_, i) => ({
  name: `Pup ${i + 1}`,
  categoryId: (i % 6) + 1,
  ...(i < WITHOUT_STATUS ? {} : { status: STATUSES[(i - WITHOUT_STATUS) % 3] }),
}));

/** The test fills the service with a key of its own, so the app's window is not spent. */
const FILLER_KEY = KEYS.business;

/** An animal as a row shows it. */
type Shown = { name: string; id: string };
/** A row drawn in the list's scroller: its position, and what it shows (null: "Loading…"). */
type Drawn = { position: number; shown: Shown | null };

/** The list's own order with nothing waiting: newest (largest id) first. */
function listOrder(pets: ReadonlyArray<{ id: bigint; name: string }>): Shown[] {
  return [...pets]
    .sort((a, b) => (a.id > b.id ? -1 : a.id < b.id ? 1 : 0))
    .map((pet) => ({ name: pet.name, id: pet.id.toString() }));
}

/** The rows group that scrolls: the table's second, after the header's. */
function scroller(app: KennelApp): Locator {
  return app.animalsList().getByRole('rowgroup').last();
}

/** The one browser shape `rowsInView` uses (the tests compile without the DOM library). */
interface PageElement {
  innerText: string;
  clientHeight: number;
  getBoundingClientRect(): { top: number; bottom: number };
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}

/** The rows wholly inside the scroller, top to bottom, read in one go. */
async function rowsInView(app: KennelApp): Promise<Drawn[]> {
  return scroller(app).evaluate((node) => {
    const body = node as unknown as PageElement;
    const top = body.getBoundingClientRect().top;
    const text = (cell: PageElement | undefined): string =>
      (cell?.innerText ?? '').split('\n')[0]?.trim() ?? '';
    return [...body.querySelectorAll('[role="row"]')]
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= top - 0.5 && box.bottom <= top + body.clientHeight + 0.5;
      })
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((row) => {
        const cells = [...row.querySelectorAll('[role="cell"]')];
        return {
          position: Number(row.getAttribute('aria-rowindex')) - 2,
          // A loading row has a single cell, "Loading…".
          shown: cells.length < 2 ? null : { name: text(cells[0]), id: text(cells[1]) },
        };
      });
  });
}

/** What is wrong with the rows in view: gaps, loading rows, or animals out of the list's order. */
function problems(rows: Drawn[], order: Shown[], fit: number): string[] {
  const found: string[] = [];
  // Scrolled to part of a row, one fewer is wholly in view.
  if (rows.length < fit - 1) found.push(`only ${rows.length} rows in view, ${fit} fit`);
  rows.forEach((row, k) => {
    const want = order[row.position];
    if (k > 0 && row.position !== (rows[k - 1]?.position ?? 0) + 1) {
      found.push(`row ${row.position} follows row ${rows[k - 1]?.position}`);
    }
    if (row.shown === null) found.push(`row ${row.position} is still loading`);
    else if (row.shown.name !== want?.name || row.shown.id !== want.id) {
      found.push(`row ${row.position} shows ${row.shown.name} (${row.shown.id})`);
    }
  });
  return found;
}

/** How many whole rows the scroller shows at once. */
async function rowsThatFit(app: KennelApp): Promise<number> {
  const view = await scroller(app).boundingBox();
  const row = await app.dataRows().first().boundingBox();
  if (view === null || row === null) throw new Error('the list is not laid out');
  return Math.floor(view.height / row.height);
}

/**
 * Waits until `row` lies wholly inside the window. Less than a pixel over the
 * edge counts as inside: the list sits at a fractional height under a notice
 * (the cut notice of a service without pagination), and the window scrolls by
 * whole pixels, so a row scrolled to the bottom edge can end half a pixel past it.
 */
async function expectWhollyInWindow(page: Page, row: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const box = await row.boundingBox();
      const window = page.viewportSize();
      if (box === null || window === null) return 'not laid out';
      const over = Math.max(
        -box.y,
        -box.x,
        box.y + box.height - window.height,
        box.x + box.width - window.width,
      );
      return over < 1 ? 'in view' : `${over} px outside the window`;
    })
    .toBe('in view');
}

/**
 * Checks that focus is on a row of the Animals list, that the row is wholly in
 * view (in the page and inside the list's scroller: scrolling followed the
 * focus) and that it shows the service's animal for its position. Returns the
 * position.
 */
async function expectFocusedRow(app: KennelApp, order: Shown[]): Promise<number> {
  const focused = app.dataRows().and(app.page.locator(':focus'));
  // Retried: the app may still be drawing or reading the row.
  await expect(focused).toHaveCount(1);
  const position = Number(await focused.getAttribute('aria-rowindex')) - 2;
  expect(order[position], `focus on row ${position}, past the end`).toBeDefined();
  await expectWhollyInWindow(app.page, focused);
  await expect
    .poll(async () => (await rowsInView(app)).find((row) => row.position === position))
    .toEqual({ position, shown: order[position] });
  return position;
}

/** Presses `key` `times` times in a row, with no wait for the app in between. */
async function burst(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

for (const { pagination, title } of LIST_MODES) {
  test.describe(`a long list: ${title}`, () => {
    test.use({ serviceOptions: { seed: 0, pagination } });

    test.beforeEach(async ({ app, service }) => {
      await fillShelter(service.url, FILLER_KEY, SHELTER);
      // The key's quiet refresh reads every page, or every list; the count line says
      // when all are here.
      await app.open();
      await app.enterKey(KEYS.pro);
      await expect(app.listCounts()).toHaveText(`${SIZE} animals on this computer`);
    });

    test('by keyboard: arrows, Page Down, End and Home move focus and keep it in view', async ({
      app,
      page,
      service,
    }) => {
      const order = listOrder(service.state.pets());
      expect(order).toHaveLength(SIZE);
      await expect(app.animalsList()).toHaveAttribute('aria-rowcount', String(SIZE + 1));

      // Tab from the last column header's button reaches the list once, on its
      // first row (roving tabindex).
      await app.sortButton('Status').focus();
      await page.keyboard.press('Tab');
      expect(await expectFocusedRow(app, order)).toBe(0);
      const fit = await rowsThatFit(app);
      expect(fit).toBeGreaterThan(2);

      // Past the bottom of the first screen, so the list has to scroll.
      await burst(page, 'ArrowDown', fit + 2);
      expect(await expectFocusedRow(app, order)).toBe(fit + 2);

      // A page is what fits, less at most the one row kept for context.
      const pages = 6;
      await burst(page, 'PageDown', pages);
      const paged = (await expectFocusedRow(app, order)) - (fit + 2);
      expect(paged).toBeGreaterThanOrEqual(pages * (fit - 1));
      expect(paged).toBeLessThanOrEqual(pages * fit);

      await burst(page, 'ArrowUp', 3);
      expect(await expectFocusedRow(app, order)).toBe(fit + 2 + paged - 3);

      await page.keyboard.press('End');
      expect(await expectFocusedRow(app, order)).toBe(SIZE - 1);

      await page.keyboard.press('Home');
      expect(await expectFocusedRow(app, order)).toBe(0);

      // Down again, and Enter opens the focused animal.
      await burst(page, 'PageDown', 3);
      await burst(page, 'ArrowDown', 2);
      const position = await expectFocusedRow(app, order);
      expect(position).toBeGreaterThan(3 * (fit - 1));
      const opened = order[position];
      if (opened === undefined) throw new Error('expected an animal');
      await page.keyboard.press('Enter');
      const details = page.getByRole('complementary', { name: 'Animal details' });
      await expect(details).toContainText(opened.name);
      await expect(details).toContainText(opened.id);
    });

    test('by mouse wheel: rows further down come in order; a filter goes back to the top', async ({
      app,
      page,
      service,
    }) => {
      const pets = service.state.pets();
      const order = listOrder(pets);
      await expect(app.dataRows().first()).toBeVisible();
      const fit = await rowsThatFit(app);
      await expect.poll(async () => (await rowsInView(app))[0]?.position).toBe(0);
      await expect.poll(async () => problems(await rowsInView(app), order, fit)).toEqual([]);

      const view = await scroller(app).boundingBox();
      if (view === null) throw new Error('the list is not laid out');
      await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);

      // A few quick turns of the wheel, a third of the way down: real rows, in order, no gaps.
      for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 900);
      await expect.poll(async () => (await rowsInView(app))[0]?.position).toBeGreaterThan(90);
      await expect.poll(async () => problems(await rowsInView(app), order, fit)).toEqual([]);

      // On to the bottom: the last animal in the list's order is the last row in view.
      for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 900);
      await expect.poll(async () => (await rowsInView(app)).at(-1)?.position).toBe(SIZE - 1);
      await expect.poll(async () => problems(await rowsInView(app), order, fit)).toEqual([]);

      // A new filter is a new list: shown from its top, its newest animal first.
      const pending = listOrder(pets.filter((pet) => pet.status === 'pending'));
      expect(pending.length).toBeGreaterThan(fit);
      await app.statusFilter().selectOption('pending');
      await expect(app.listCounts()).toHaveText(
        `Showing ${pending.length} of ${SIZE} animals on this computer`,
      );
      await expect.poll(async () => (await rowsInView(app))[0]?.position).toBe(0);
      await expect.poll(async () => problems(await rowsInView(app), pending, fit)).toEqual([]);
    });
  });
}

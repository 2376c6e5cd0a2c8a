import type { Locator, Page } from '@playwright/test';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';
import { expectInViewport } from '../helpers/e2e/shell-parts';

/**
 * The desk at 1280×800, the size of the shelter's screens: the add form and
 * the animals waiting to be sent in one view, headers that sort from anywhere
 * in their cell, and a list that ends where the window does.
 */

const DESK = { width: 1280, height: 800 };

/** The one browser shape used below: the tests compile without the DOM library. */
interface Scrollable {
  scrollTop: number;
  scrollLeft: number;
}

/** Puts every scrolled box and the page back at its top, as the window first opens. */
async function scrollNothing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const doc = (
      globalThis as unknown as { document: { querySelectorAll(s: string): Scrollable[] } }
    ).document;
    for (const box of doc.querySelectorAll('*')) {
      box.scrollTop = 0;
      box.scrollLeft = 0;
    }
  });
}

function heldList(page: Page): Locator {
  return page.getByRole('region', { name: 'Waiting to be sent' });
}

test.describe('at 1280×800', () => {
  test.use({ viewport: DESK });

  test('three animals waiting to be sent are in view beside the add form, without scrolling', async ({
    app,
    page,
  }) => {
    app.holdSeconds = 120;
    await app.openWithKey(KEYS.pro);
    const names = uniqueNames('Room', 3);
    await app.enterAnimals(names.map((name) => ({ name, categoryId: '3' })));
    const items = heldList(page).getByRole('listitem');
    await expect(items).toHaveCount(3);

    await scrollNothing(page);
    await expectInViewport(page, app.nameInput());
    await expectInViewport(page, app.addButton());
    await expectInViewport(
      page,
      heldList(page).getByRole('heading', { name: 'Waiting to be sent' }),
    );
    for (const name of names) {
      const item = items.filter({ hasText: name });
      await expectInViewport(page, item);
      // Its actions too: an animal in view whose Undo is below the fold is not at hand.
      await expectInViewport(page, item.getByRole('button', { name: `Undo ${name}` }));
    }
  });

  test('a column sorts from a click anywhere in its header cell', async ({ app }) => {
    await app.openWithKey(KEYS.pro);
    await expect(app.dataRows().first()).toBeVisible();
    for (const label of ['Name', 'Category'] as const) {
      const header = app.columnHeader(label);
      const box = await header.boundingBox();
      if (box === null) throw new Error(`the ${label} header is not drawn`);
      // Near its right edge, well away from the word.
      await header.click({ position: { x: box.width - 6, y: box.height - 6 } });
      await expect(header).toHaveAttribute('aria-sort', 'ascending');
    }
  });

  test.describe('with a long list', () => {
    test.use({ serviceOptions: { seed: 80 } });

    test('the list fills the window: no page scroll, no band under it', async ({ app, page }) => {
      await app.openWithKey(KEYS.pro);
      await expect(app.listCounts()).toHaveText('80 animals on this computer');
      // The rows group that scrolls: the table's second, after the header's.
      const body = app.animalsList().getByRole('rowgroup').last();
      await expect
        .poll(async () => {
          const box = await body.boundingBox();
          if (box === null) return 'not drawn';
          const below = DESK.height - (box.y + box.height);
          return below >= 0 && below <= 32 ? 'reaches the bottom' : `${below} px from the bottom`;
        })
        .toBe('reaches the bottom');
      // The page itself has nothing further down to scroll to.
      const overflow = await page.evaluate(() => {
        const root = (
          globalThis as unknown as {
            document: { documentElement: { scrollHeight: number; clientHeight: number } };
          }
        ).document.documentElement;
        return root.scrollHeight - root.clientHeight;
      });
      expect(overflow, 'page height beyond the window').toBeLessThanOrEqual(0);
    });
  });
});

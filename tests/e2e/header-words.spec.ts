import type { Locator, Page } from '@playwright/test';
import { LANGUAGE_KEY, spanish } from '../helpers/e2e/catalogue-words';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';

/**
 * One word for one thing, in both languages: an animal on this computer is
 * "waiting to be sent" wherever it is shown, the header speaks of no API key
 * (the key is in Settings), and in Spanish the header still fits one line
 * at 1280 px with the queue and the requests left in it.
 */

function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** The rows the header's parts sit on, by their tops and bottoms: one line when they all overlap. */
async function headerLines(page: Page): Promise<string> {
  const boxes = await header(page).evaluate((el) =>
    [...el.children]
      // The profile's strip and the "can't reach the service" note take a line of their own by design.
      .filter((child) => !child.matches('.profile-banner, .unreachable-note'))
      .map((child) => {
        const box = child.getBoundingClientRect();
        return { part: child.className, top: box.top, bottom: box.bottom };
      }),
  );
  const lowestTop = Math.max(...boxes.map((b) => b.top));
  const highestBottom = Math.min(...boxes.map((b) => b.bottom));
  return lowestTop < highestBottom
    ? 'one line'
    : `more than one line: ${boxes.map((b) => `${b.part} at ${Math.round(b.top)}`).join(', ')}`;
}

test.describe('one word for one thing', () => {
  test('an animal waiting is “waiting to be sent” everywhere; the key is in Settings, not the header', async ({
    app,
    page,
  }) => {
    app.holdSeconds = 120;
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Word', 1);
    if (name === undefined) throw new Error('name');
    await app.enterAnimals([{ name, categoryId: '3' }]);
    await expect(
      page.getByRole('region', { name: 'Waiting to be sent' }).getByRole('listitem'),
    ).toContainText(name);
    await expect(app.rowNamed(name)).toContainText('waiting to be sent');
    await expect(page.locator('body')).not.toContainText(/waiting to sync/i);

    await expect(header(page)).not.toContainText(/API/);
    await expect(header(page).getByRole('button', { name: /key/i })).toHaveCount(0);

    // In Settings, in staff words; the key dialog opens over it and gives the focus back.
    await header(page).getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const keySection = settings.getByRole('region', { name: 'Key to the service' });
    await expect(keySection).toContainText('The Local profile has its key');
    await expect(keySection).not.toContainText(/API/);
    const change = keySection.getByRole('button', { name: 'Change the key' });
    await change.click();
    await expect(app.keyDialog()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(app.keyDialog()).toBeHidden();
    await expect(change).toBeFocused();
  });

  test.describe('at 1280×800 in Spanish', () => {
    // A minute's window as on a real service, so "more in under a minute" stays while it is measured.
    test.use({
      viewport: { width: 1280, height: 800 },
      serviceOptions: { windows: { minuteMs: 60_000, dayMs: 86_400_000 } },
    });

    test('the header fits one line with the queue and the requests left in it', async ({
      app,
      page,
    }) => {
      app.holdSeconds = 120;
      await app.openWithKey(KEYS.pro);
      await page.evaluate(
        ([k, v]) =>
          (
            globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
          ).localStorage.setItem(k, v),
        [LANGUAGE_KEY, 'es'] as const,
      );
      await app.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');

      const names = uniqueNames('Palabra', 3);
      for (const name of names) {
        await page.getByLabel(spanish('animals', 'fields', 'name'), { exact: true }).fill(name);
        await page.getByLabel(spanish('animals', 'fields', 'category'), { exact: true }).fill('3');
        await page.keyboard.press('Enter');
      }
      // The queue and the requests left, as long as they get.
      await expect(page.getByTestId('sync-progress')).toHaveText('3 en espera');
      await expect(page.getByTestId('requests-left')).toHaveText(
        /^Quedan \d+ solicitudes · habrá más en menos de un minuto$/,
      );
      await expect.poll(() => headerLines(page)).toBe('one line');
      await expect(header(page)).not.toContainText(/API/);
    });
  });
});

import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { createPetDirectly } from '../helpers/e2e/service-direct';
import { addForm } from '../helpers/e2e/panes';
import { seededRandom } from '../helpers/seed';

/**
 * A new profile over a service that already has animals: the add form points
 * to Settings, Categories, where every number found among the animals here is
 * offered with how many animals carry it and some of their names, and the
 * three are named in one pass.
 */

const NAMES = ['Rex', 'Bella', 'Tom', 'Luna', 'Milo', 'Pip', 'Nala', 'Ziggy', 'Olive', 'Hopper'];
const CATEGORIES = ['4', '9', '15'] as const;
const CHOSEN: Record<(typeof CATEGORIES)[number], string> = {
  '4': 'Dog',
  '9': 'Cat',
  '15': 'Rabbit',
};

/** The pointer at the end of the add form's Category help, where a volunteer wonders which number is which. */
function hint(page: Page): Locator {
  return addForm(page).locator('.naming-hint');
}

function namingPass(page: Page): Locator {
  return page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('form', { name: 'Name the categories the service uses' });
}

/** Puts 2 to 4 animals in each category straight on the service; the names each got. */
async function seedService(url: string, seed: number): Promise<Map<string, string[]>> {
  const random = seededRandom(seed);
  const pool = [...NAMES].sort(() => random() - 0.5);
  const byCategory = new Map<string, string[]>();
  let next = 0;
  for (const id of CATEGORIES) {
    const count = 2 + Math.floor(random() * 3);
    const names: string[] = [];
    for (let i = 0; i < count; i += 1) {
      // Two digits: "Milo 1" would also find "Milo 11" in the list's search.
      const name = `${pool[next % pool.length] ?? 'Pet'} ${String(next + 1).padStart(2, '0')}`;
      next += 1;
      await createPetDirectly(url, KEYS.pro, { name, categoryId: Number(id) });
      names.push(name);
    }
    byCategory.set(id, names);
  }
  return byCategory;
}

test.describe('naming the categories the service uses', () => {
  test.use({ serviceOptions: { seed: 0 } });

  test('the add form points to the naming pass, which names three numbers at once', async ({
    app,
    page,
    service,
    seed,
  }) => {
    test.setTimeout(120_000);
    const seeded = await seedService(service.url, seed);
    await app.openWithKey(KEYS.pro);

    await expect(addForm(page).getByText('Type the category number.')).toContainText(
      'Name the categories',
    );
    await expectNoAxeViolations(page, 'category naming hint');

    await hint(page).getByRole('button', { name: 'Name the categories' }).click();
    const pass = namingPass(page);
    await expect(pass.getByLabel('Name for category 4')).toBeFocused();
    const rows = pass.getByRole('row');
    await expect(rows).toHaveCount(CATEGORIES.length + 1);
    for (const id of CATEGORIES) {
      const names = seeded.get(id) ?? [];
      const row = rows.filter({ has: page.getByLabel(`Name for category ${id}`) });
      await expect(row.getByRole('cell').nth(1)).toHaveText(`${names.length} animals`);
      // Three of them, the first by name, as the index keeps them.
      const shown = [...names].sort((a, b) => a.localeCompare(b)).slice(0, 3);
      await expect(row.getByRole('cell').nth(2)).toHaveText(shown.join(', '));
    }
    await expectNoAxeViolations(page, 'category naming pass');

    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('radio', { name: 'Dark', exact: true }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page, 'category naming pass');

    // A name given twice in the pass saves nothing and says which field is at fault.
    await pass.getByLabel('Name for category 4').fill(CHOSEN['4']);
    await pass.getByLabel('Name for category 9').fill('dog');
    await pass.getByRole('button', { name: 'Save these names' }).click();
    await expect(pass.getByText('“Dog” is already the name of category 4.')).toBeVisible();
    await expect(pass.getByLabel('Name for category 9')).toBeFocused();
    const list = settings.getByRole('table', { name: 'Categories of the Local profile' });
    await expect(list).toHaveCount(0);
    await expectNoAxeViolations(page, 'category naming pass, refused');

    await pass.getByLabel('Name for category 9').fill(CHOSEN['9']);
    await pass.getByLabel('Name for category 15').fill(CHOSEN['15']);
    await pass.getByLabel('Name for category 15').press('Enter');
    await expect(settings.getByText('Named 3 categories.')).toBeVisible();
    await expect(pass).toHaveCount(0);
    for (const id of CATEGORIES) {
      await expect(list.getByLabel(`Name of category ${id}`)).toHaveValue(CHOSEN[id]);
    }
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(hint(page)).toHaveCount(0);

    // The add form's Category field offers the names, and the list shows them.
    const offered = await page
      .locator(`datalist#${await app.categoryInput().getAttribute('list')} option`)
      .evaluateAll((options) => options.map((o) => o.getAttribute('value') ?? ''));
    expect([...offered].sort()).toEqual(['Cat', 'Dog', 'Rabbit']);
    for (const id of CATEGORIES) {
      const name = seeded.get(id)?.[0] ?? '';
      await app.searchBox().fill(name);
      await expect(app.rowNamed(name)).toContainText(`${CHOSEN[id]} (${id})`);
    }
    await expectNoAxeViolations(page, 'after naming categories');
  });

  test('“Not now” puts the hint away for the profile, also after a reload', async ({
    app,
    page,
    service,
    seed,
  }) => {
    await seedService(service.url, seed);
    await app.openWithKey(KEYS.pro);
    await hint(page).getByRole('button', { name: 'Not now' }).click();
    await expect(hint(page)).toHaveCount(0);
    await app.reload();
    await expect(app.rowNamed('1')).not.toHaveCount(0);
    await expect(hint(page)).toHaveCount(0);
  });
});

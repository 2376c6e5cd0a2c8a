import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { chooseCsvFile, importSummary, openImport } from '../helpers/e2e/import-view';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import { expectEachOnService } from '../helpers/e2e/on-service';
import { createPetDirectly } from '../helpers/e2e/service-direct';

/** A name of exactly `length` characters, starting with a unique `stem` so it can be found. */
function nameOf(stem: string, length: number): string {
  return `${stem} ${'x'.repeat(length)}`.slice(0, length);
}

/** Types an animal into the add form and presses Enter in Category, as staff do. */
async function typeAnimal(app: KennelApp, name: string, category: string): Promise<void> {
  await app.nameInput().fill(name);
  await app.categoryInput().fill(category);
  await app.categoryInput().press('Enter');
}

function categoryError(app: KennelApp): Locator {
  return app.page.getByRole('alert').filter({ hasText: /categor/i });
}

/** The page's own width against the window's: a layout fact, whatever the timing. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const [scroll, client] = await page.evaluate(() => {
    // Compiled without the DOM library: name the one browser shape used.
    const { document } = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number; clientWidth: number } };
    };
    return [document.documentElement.scrollWidth, document.documentElement.clientWidth];
  });
  expect(scroll, `${where}: the page is ${scroll} px wide in a ${client} px window`).toBe(client);
}

test.describe('input that cannot hurt', () => {
  test('a name over 100 characters is asked about before it is queued, and one over 1,000 is refused', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [stem] = uniqueNames('Long', 1);
    const long = nameOf(stem!, 143);

    await typeAnimal(app, long, '2');
    const question = page.getByRole('group', {
      name: 'This name is 143 characters long. Add it as it is?',
    });
    await expect(question).toBeVisible();
    // The safe answer has the cursor: a scanner's next Enter never sends a paragraph.
    await expect(question.getByRole('button', { name: 'Change it' })).toBeFocused();
    await expectNoAxeViolations(page, 'add form, long name question');
    await expect(app.nameInput()).toHaveValue(long);
    expect(await app.outboxNames()).toEqual([]);

    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(app.nameInput()).toBeFocused();
    await expect(app.nameInput()).toHaveValue(long);
    expect(await app.outboxNames()).toEqual([]);

    await app.nameInput().press('Enter');
    await question.getByRole('button', { name: 'Add as it is' }).click();
    await expect(app.nameInput()).toHaveValue('');
    await expect(app.nameInput()).toBeFocused();
    await expectEachOnService(service, [long]);

    // Over 1,000: refused under Name, nothing asked, nothing queued.
    const huge = nameOf(stem!, 5000);
    await typeAnimal(app, huge, '2');
    await expect(page.getByRole('alert').filter({ hasText: 'This name is 5,000' })).toHaveText(
      'This name is 5,000 characters long; Kennel sends names of up to 1,000 characters. Shorten it.',
    );
    await expect(app.nameInput()).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('group', { name: /^This name is/ })).toHaveCount(0);
    expect(await app.outboxNames()).not.toContain(huge);
    expect(service.state.pets().filter((pet) => pet.name.startsWith(stem!))).toHaveLength(1);
  });

  test('a category number says exactly what is wrong with it, in the form and in Settings', async ({
    app,
    page,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Category', 1);
    const cases: [string, string][] = [
      ['-3', '\u201c-3\u201d is below zero: category numbers start at 1.'],
      [
        '99999999999999999999',
        '\u201c99999999999999999999\u201d is too large for a category number: the service cannot hold a number that big.',
      ],
      [
        '2.5',
        '\u201c2.5\u201d is not a whole number: a category number has no decimals, such as 2.',
      ],
      [
        'Unicorn',
        'No category is called \u201cUnicorn\u201d. Type its number, or add the name under Settings, Categories.',
      ],
    ];
    for (const [typed, problem] of cases) {
      await typeAnimal(app, name!, typed);
      await expect(categoryError(app)).toHaveText(problem);
      await expect(app.categoryInput()).toBeFocused();
    }
    expect(await app.outboxNames()).toEqual([]);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', {
      name: 'Categories',
    });
    await section.getByLabel('Category number', { exact: true }).fill('-3');
    await section.getByLabel('Category name', { exact: true }).fill('Hen');
    await page.keyboard.press('Enter');
    await expect(section.getByRole('alert')).toHaveText(cases[0]![1]);
  });

  test('an import whose headings Kennel does not know asks what the first row is before anything is added', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [bella, rex] = uniqueNames('Transfer', 2);
    const view = await openImport(page);
    await chooseCsvFile(view, 'transfer.csv', [
      'Animal ID,Call name,Group,Weight',
      `A-100,${bella},2,3`,
      `A-101,${rex},3,2`,
    ]);

    const firstRow = view.getByRole('group', { name: 'What is the first row?' });
    await expect(firstRow.getByRole('alert')).toContainText(
      'None of the first row\u2019s cells is a heading Kennel knows',
    );
    await expect(firstRow.getByRole('alert')).toContainText(
      '\u201cAnimal ID\u201d, \u201cCall name\u201d',
    );
    await expect(
      firstRow.getByRole('radio', { name: 'Headings, not an animal' }),
    ).not.toBeChecked();
    await expect(
      firstRow.getByRole('radio', { name: 'An animal, like the rows under it' }),
    ).not.toBeChecked();
    // Nothing is shown as an animal, and nothing can be added, until the user answers.
    await expect(importSummary(view)).toHaveCount(0);
    await expect(view.getByRole('button', { name: /^Add \d+ animals?$/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'import, first row not recognised');

    await firstRow.getByRole('radio', { name: 'Headings, not an animal' }).check();
    await expect(
      view.getByText('No column holds names or categories. Choose below which column holds what.'),
    ).toBeVisible();
    await view.getByLabel('Name column').selectOption({ label: 'Call name' });
    await view.getByLabel('Category column').selectOption({ label: 'Group' });
    await expect(importSummary(view)).toHaveText('2 ready to add.');

    await view.getByRole('button', { name: 'Add 2 animals' }).click();
    await expect(
      view.getByText(
        'Queued 2 animals. They are sent in the background: follow them at the top of the window.',
      ),
    ).toBeVisible();
    // Nothing left to add: no greyed "Add 0 animals".
    await expect(view.getByRole('button', { name: /^Add \d+ animals?$/ })).toHaveCount(0);
    await expectEachOnService(service, [bella!, rex!]);
    expect(service.state.pets().filter((pet) => pet.name.startsWith('A-10'))).toEqual([]);
  });

  for (const { width, height } of [
    { width: 1280, height: 800 },
    { width: 360, height: 800 },
  ]) {
    test(`a 5,000-character name never makes the page scroll sideways at ${width} px`, async ({
      app,
      page,
      service,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      await app.openWithKey(KEYS.pro);
      const [stem] = uniqueNames('Wide', 1);
      // From another client: the service takes any length, so the desk must show any length.
      const huge = nameOf(stem!, 5000);
      const longest = nameOf(`${stem!} most`, 1000);
      await createPetDirectly(service.url, KEYS.pro, { name: huge, categoryId: 2 });
      await app.refreshButton().click();

      // The list and the details.
      await app.rowNamed(stem!).first().click();
      const details = page
        .getByRole('complementary', { name: 'Animal details' })
        .or(page.getByRole('region', { name: 'Animal details' }));
      await expect(details).toContainText(stem!);
      await expectNoSidewaysScroll(page, 'list and details');
      await details.getByRole('button', { name: 'Close details' }).click();

      // The add form's confirmation, then the animal refused and kept under Needs attention.
      service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
      await typeAnimal(app, longest, '2');
      await page.getByRole('button', { name: 'Add as it is' }).click();
      await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
      await expectNoSidewaysScroll(page, 'the add form after a long name');
      await app.needsAttentionButton().click();
      await expect(app.needsAttention().getByRole('listitem')).toContainText(stem!);
      await expectNoSidewaysScroll(page, 'Needs attention');
      service.state.setFaults({});

      // The same name again is held back as a look-alike, its warning naming it.
      await typeAnimal(app, longest, '2');
      await page.getByRole('button', { name: 'Add as it is' }).click();
      await expect(page.getByRole('region', { name: 'Already added?' })).toContainText(stem!);
      await expectNoSidewaysScroll(page, 'the duplicate warning');

      // The import preview: a name to shorten, a long one to confirm, a look-alike.
      const view = await openImport(page);
      await chooseCsvFile(view, 'wide.csv', ['Name,Category', `${huge},2`, `${longest},2`]);
      await expect(importSummary(view)).toHaveText(
        '0 ready to add, 1 to fix, 1 that looks like an animal already added.',
      );
      await expect(view.getByText('This name is 5,000 characters long;')).toBeVisible();
      await expectNoSidewaysScroll(page, 'the import preview');
    });
  }
});

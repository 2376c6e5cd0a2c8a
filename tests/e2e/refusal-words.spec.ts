import { words } from '../helpers/e2e/catalogue-words';
import { openSettings } from '../helpers/e2e/settings';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';

/** What the reference service says when a fault refuses a request: its words, not Kennel's. */
const SERVICE_WORDS = 'Injected fault: the request had no effect';

test.describe('why an animal is refused, in the language staff chose', () => {
  test('Kennel’s own check speaks Spanish on the add form and in a correction; the service’s words stay its own', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Rechazado', 1);
    if (name === undefined) throw new Error('names');
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.addAnimal({ name, categoryId: '2' });
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
    service.state.setFaults({});

    // Spanish, chosen in Settings as staff do.
    const settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'Español', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const nameRequired = words('es', 'animals', 'rules', 'nameRequired');

    // The add form, with no name.
    const form = page.getByRole('region', { name: words('es', 'animals', 'add', 'title') });
    await form.getByLabel(words('es', 'animals', 'fields', 'category'), { exact: true }).fill('2');
    await form.getByRole('button', { name: words('es', 'animals', 'add', 'button') }).click();
    await expect(page.getByRole('alert').filter({ hasText: nameRequired })).toBeVisible();
    await expect(page.getByText(words('en', 'animals', 'rules', 'nameRequired'))).toHaveCount(0);

    // The refused animal: the service's refusal quoted as it wrote it, the correction in Spanish.
    const attention = words('es', 'status', 'sync', 'needsAttention').replace('{n}', '1');
    await page
      .getByRole('button', { name: attention, exact: true })
      .or(page.getByRole('tab', { name: attention, exact: true }))
      .click();
    const item = page
      .getByRole('region', { name: words('es', 'status', 'attention', 'title') })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(item).toContainText(SERVICE_WORDS);
    const edit = words('es', 'status', 'attention', 'editName').replace('{name}', name);
    await item.getByRole('button', { name: edit }).click();
    await item.getByLabel(words('es', 'animals', 'fields', 'name'), { exact: true }).fill('');
    await item
      .getByRole('button', { name: words('es', 'status', 'attention', 'saveResend') })
      .click();
    await expect(item.getByText(nameRequired)).toBeVisible();
    await expect(page.getByText(words('en', 'animals', 'rules', 'nameRequired'))).toHaveCount(0);
  });
});

import { countByName, uniqueNames } from '../helpers/e2e/names';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { expectEachOnService } from '../helpers/e2e/on-service';

/** The reference service's message for an injected fault; the app must show it verbatim. */
// Quoted as the service said it, without Kennel's own wording around it.
const SERVICE_MESSAGE = '“Injected fault: the request had no effect”.';

test.describe('entries the service refuses', () => {
  test('wait under Needs attention while others sync; Edit, Resend and Discard work', async ({
    app,
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);

    // Client and service validate alike, so a 400 comes from the service's fault injection.
    const [toResend, toEdit, toDiscard, ...others] = uniqueNames('Refused', 5);
    if (!toResend || !toEdit || !toDiscard || others.length !== 2) throw new Error('names');
    service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
    await app.enterAnimals(
      [toResend, toEdit, toDiscard].map((name) => ({ name, categoryId: '6', status: 'available' })),
    );
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (3)');

    // The refused entries do not hold up the queue.
    service.state.setFaults({});
    await app.enterAnimals(others.map((name) => ({ name, categoryId: '6' })));
    await expectEachOnService(service, others);
    await app.expectWaiting(0);
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (3)');
    let counts = countByName(service.state.pets().map((p) => p.name));
    for (const name of others) expect(counts.get(name), name).toBe(1);
    for (const name of [toResend, toEdit, toDiscard])
      expect(counts.get(name), name).toBeUndefined();

    await app.needsAttentionButton().click();
    const region = app.needsAttention();
    await expect(region).toBeVisible();
    for (const name of [toResend, toEdit, toDiscard]) {
      await expect(region.getByRole('listitem').filter({ hasText: name })).toContainText(
        SERVICE_MESSAGE,
      );
    }

    // Resend: the same animal goes again and is accepted now.
    await region.getByRole('button', { name: `Resend ${toResend}` }).click();
    await expect(region.getByRole('listitem').filter({ hasText: toResend })).toHaveCount(0);
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (2)');

    // Edit: correct the name and resend; only the corrected animal reaches the service.
    const corrected = `${toEdit} (corrected)`;
    await region.getByRole('button', { name: `Edit ${toEdit}` }).click();
    const editItem = region.getByRole('listitem').filter({ hasText: toEdit });
    // Focus lands in the form that opened, on its first field, not on the page.
    await expect(editItem.getByLabel('Name', { exact: true })).toBeFocused();
    await editItem.getByLabel('Name', { exact: true }).fill(corrected);
    await editItem.getByRole('button', { name: 'Save and resend' }).click();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');

    // Discard asks first, then drops the entry without ever sending it.
    await region.getByRole('button', { name: `Discard ${toDiscard}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: toDiscard });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
    await expect(region.getByRole('listitem')).toHaveCount(0);

    await app.expectWaiting(0);
    await expect
      .poll(() => countByName(service.state.pets().map((p) => p.name)).get(corrected))
      .toBe(1);
    counts = countByName(service.state.pets().map((p) => p.name));
    expect(counts.get(toResend)).toBe(1);
    expect(counts.get(toEdit)).toBeUndefined();
    expect(counts.get(toDiscard)).toBeUndefined();
    for (const name of others) expect(counts.get(name), name).toBe(1);
    await expect(app.rowNamed(toDiscard)).toHaveCount(0);
  });
});

import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { escapeRegExp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';

function createsSent(requests: { method: string; path: string }[]): number {
  return requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets')).length;
}

test.describe('Undo and the duplicate warning at the add form', () => {
  test('Undo takes a queued animal back before it is sent, and it never reaches the service', async ({
    app,
    service,
  }) => {
    // With the service away nothing is claimed for sending, so Undo stays on offer.
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(app.connection()).toHaveText(/Offline|Checking…/);
    const [kept, undone] = uniqueNames('Undo', 2);
    if (kept === undefined || undone === undefined) throw new Error('expected names');

    await app.addAnimal({ name: kept, categoryId: '3' });
    await app.addAnimal({ name: undone, categoryId: '4', status: 'pending' });
    await expect(app.rowNamed(undone)).toHaveCount(1);
    await app.expectWaiting(2);

    // Undo works from the keyboard: Enter on the focused button.
    const undo = app.page.getByRole('button', { name: 'Undo', exact: true });
    await expect(undo).toBeVisible();
    await undo.focus();
    await app.page.keyboard.press('Enter');

    await expect(
      app.page.getByText(
        `Took ${undone} back; it will not be sent. Its details are back in the form.`,
      ),
    ).toBeVisible();
    await expect(undo).toHaveCount(0);
    await expect(app.rowNamed(undone)).toHaveCount(0);
    await app.expectWaiting(1);
    expect(await app.outboxNames()).toEqual([kept]);
    // Undo goes back to the moment before the add: what was typed is in the form.
    await expect(app.nameInput()).toHaveValue(undone);
    await expect(app.categoryInput()).toHaveValue('4');
    await app.nameInput().fill('');
    await app.categoryInput().fill('');

    await service.start();
    await app.page.getByRole('button', { name: 'Sync now' }).click();
    await app.expectWaiting(0, 60_000);

    const names = service.state.pets().map((p) => p.name);
    expect(names.filter((n) => n === kept)).toHaveLength(1);
    expect(names).not.toContain(undone);
    expect(createsSent(service.state.requests)).toBe(1);
    await expect(app.rowNamed(undone)).toHaveCount(0);
  });

  test('the same name and category twice: a warning, and the second is added only when confirmed', async ({
    app,
    service,
  }) => {
    await app.open();
    await app.enterKey(KEYS.pro);
    const [name] = uniqueNames('Bella', 1);
    if (name === undefined) throw new Error('expected a name');

    await app.addAnimal({ name, categoryId: '2' });
    await app.expectWaiting(0);

    // Typed again, in another case: the form still empties at once for the next animal.
    await app.submitAnimal({ name: name.toUpperCase(), categoryId: '2', status: 'sold' });
    await expect(app.nameInput()).toHaveValue('');
    const warning = app.page.getByRole('alert').filter({
      hasText: new RegExp(
        `^${escapeRegExp(name)} \\(Category 2\\) was added \\d+ seconds? ago\\. Add another\\?$`,
      ),
    });
    await expect(warning).toBeVisible();
    await app.expectWaiting(0);
    expect(await app.outboxNames()).toEqual([]);
    expect(
      service.state.pets().filter((p) => p.name.toUpperCase() === name.toUpperCase()),
    ).toHaveLength(1);

    await app.page.getByRole('button', { name: 'Add another' }).click();
    await expect(warning).toHaveCount(0);
    await expect
      .poll(
        () =>
          service.state.pets().filter((p) => p.name.toUpperCase() === name.toUpperCase()).length,
      )
      .toBe(2);
    const second = service.state.pets().find((p) => p.name === name.toUpperCase());
    expect(second?.status).toBe('sold');
    await app.expectWaiting(0);
  });
});

import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';

function createsSent(requests: { method: string; path: string }[]): number {
  return requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pets')).length;
}

test.describe('Undo once an animal was sent', () => {
  test('an animal already sent cannot be taken back: Undo goes quietly, and it stays here and on the service, once', async ({
    app,
    service,
  }) => {
    test.setTimeout(120_000);
    await app.openWithKey(KEYS.pro);
    const [sent, undone] = uniqueNames('Sent', 2);
    if (sent === undefined || undone === undefined) throw new Error('expected names');

    // A slow service: the animal is on its way for a while before the answer.
    service.state.setFaults({ latencyMs: 1_500 });
    await app.enterAnimalAtOnce({ name: sent, categoryId: '3', status: 'available' });

    // Once Kennel has sent it, Undo goes without a word: nobody asked for it,
    // so nothing reads like an error. "Already sent" is only ever an answer to Undo.
    await expect(app.undoButton()).toHaveCount(0);
    await expect(app.page.getByText(/was already sent/)).toHaveCount(0);
    // Nothing is taken away here: the animal is still listed and still followed.
    await expect(app.rowNamed(sent)).toHaveCount(1);

    await expect(app.page.getByText(`Added ${sent}.`, { exact: true })).toBeVisible();
    await app.expectWaiting(0);
    await expect(app.undoButton()).toHaveCount(0);
    const onService = service.state.pets().filter((p) => p.name === sent);
    expect(onService).toHaveLength(1);
    expect(onService[0]?.status).toBe('available');
    await expect(app.rowNamed(sent)).toHaveCount(1);
    await expect(app.rowNamed(sent)).toContainText(String(onService[0]?.id));
    expect(createsSent(service.state.requests)).toBe(1);

    // Undo belongs to the animal added last: with the service away (and
    // Kennel showing it), the next animal can be taken back, and the one
    // already sent is left as it is.
    service.state.setFaults({});
    await service.stop();
    await app.refreshButton().click();
    await expect(app.connection()).toHaveText('Offline');
    await app.enterAnimalAtOnce({ name: undone, categoryId: '3' });
    await expect(app.page.getByText(`Queued ${undone} for sync.`, { exact: true })).toBeVisible();
    await app.undoButton().click();
    await expect(
      app.page.getByText(
        `Took ${undone} back; it will not be sent. Its details are back in the form.`,
      ),
    ).toBeVisible();
    await expect(app.rowNamed(undone)).toHaveCount(0);
    await expect(app.rowNamed(sent)).toHaveCount(1);
    await app.expectWaiting(0);
    expect(await app.outboxNames()).toEqual([]);
    await app.nameInput().fill('');
    await app.categoryInput().fill('');

    await service.start();
    await app.syncNowButton().click();
    await app.expectWaiting(0);
    await expect(app.connection()).toHaveText('Online', { timeout: 60_000 });
    const names = service.state.pets().map((p) => p.name);
    expect(names.filter((n) => n === sent)).toHaveLength(1);
    expect(names).not.toContain(undone);
    expect(createsSent(service.state.requests)).toBe(1);
    await expect(app.rowNamed(sent)).toContainText(String(onService[0]?.id));
  });
});

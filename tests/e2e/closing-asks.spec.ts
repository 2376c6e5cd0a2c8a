import type { Dialog, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import { uniqueNames } from '../helpers/e2e/names';

/**
 * Closing asks first: in a browser the page raises `beforeunload` while
 * anything on the desk is unfinished, and never otherwise; a profile switch
 * says what keeps waiting in the profile left. Every page here has been typed
 * in, as staff do, so the browser would show a `beforeunload` it was asked for.
 */

/** Records every dialog the page raises, answering each with `answer`. */
function dialogsOf(page: Page, answer: (dialog: Dialog) => Promise<void>): string[] {
  const types: string[] = [];
  page.on('dialog', (dialog) => {
    types.push(dialog.type());
    void answer(dialog);
  });
  return types;
}

/** Closes the page as staff closing the tab do, and waits until it is closed. */
async function closeAsStaffDo(page: Page): Promise<void> {
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
}

/**
 * Whether the page would ask at a close now, without closing it: the question
 * rests on counts the page keeps of its queue, told of each write a moment
 * after it commits, so a close a moment after the last animal went may still ask.
 */
function wouldAsk(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    (globalThis as unknown as EventTarget).dispatchEvent(event);
    return event.defaultPrevented;
  });
}

test.describe('closing asks first', () => {
  test('with two animals queued offline, closing the page raises beforeunload; staying keeps the page', async ({
    app,
    page,
    service,
  }) => {
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    await app.enterAnimals(uniqueNames('Closing', 2).map((name) => ({ name, categoryId: '4' })));
    await app.expectWaiting(2);
    await expect.poll(() => wouldAsk(page)).toBe(true);

    // Staff choose to stay: the page is still there, with its two animals.
    let stay = true;
    const types = dialogsOf(page, (dialog) => (stay ? dialog.dismiss() : dialog.accept()));
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => types).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await app.expectWaiting(2);

    // Asked again, they leave: it closes.
    stay = false;
    await closeAsStaffDo(page);
    expect(types).toEqual(['beforeunload', 'beforeunload']);
  });

  test('an animal still in its hold before sending asks too, the service answering', async ({
    app,
    page,
  }) => {
    app.holdSeconds = 120;
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Held at closing', 1);
    await app.enterAnimals([{ name: name ?? '', categoryId: '4' }]);
    await expect(page.getByRole('region', { name: 'Waiting to be sent' })).toContainText(
      name ?? '',
    );
    const types = dialogsOf(page, (dialog) => dialog.accept());
    await closeAsStaffDo(page);
    expect(types).toEqual(['beforeunload']);
  });

  test('an animal held back as a look-alike, in no database yet, asks too', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const [name] = uniqueNames('Look-alike at closing', 1);
    await app.enterAnimals([{ name: name ?? '', categoryId: '4' }]);
    await app.expectWaiting(0);
    await expect.poll(() => service.state.pets().some((pet) => pet.name === name)).toBe(true);
    // The same animal again waits on screen for staff's "Add another": nothing is queued.
    await app.submitAnimal({ name: name ?? '', categoryId: '4' });
    await expect(page.getByRole('button', { name: 'Add another' })).toBeVisible();
    expect(await app.outboxNames()).toEqual([]);
    const types = dialogsOf(page, (dialog) => dialog.accept());
    await closeAsStaffDo(page);
    expect(types).toEqual(['beforeunload']);
  });

  test('with nothing unfinished, closing the page asks nothing', async ({ app, page }) => {
    await app.openWithKey(KEYS.pro);
    // Typed in, so the browser would show a beforeunload the page asked for.
    await app.nameInput().fill('Nobody yet');
    await app.nameInput().fill('');
    const types = dialogsOf(page, (dialog) => dialog.dismiss());
    await closeAsStaffDo(page);
    expect(types).toEqual([]);
  });

  test('a page that has just sent everything closes without asking', async ({
    app,
    page,
    service,
  }) => {
    await app.openWithKey(KEYS.pro);
    const names = uniqueNames('Sent before closing', 2);
    await app.enterAnimals(names.map((name) => ({ name, categoryId: '4' })));
    await app.expectWaiting(0);
    await expect
      .poll(() => names.map((name) => service.state.pets().some((pet) => pet.name === name)))
      .toEqual([true, true]);
    // The queue on this computer is empty too, not only the header's count.
    await expect.poll(() => app.outboxNames()).toEqual([]);
    await expect.poll(() => wouldAsk(page)).toBe(false);
    const types = dialogsOf(page, (dialog) => dialog.dismiss());
    await closeAsStaffDo(page);
    expect(types).toEqual([]);
  });

  test('a switch away from an animal waiting says it keeps waiting in the profile left', async ({
    app,
    page,
    service,
  }) => {
    await service.stop();
    await app.open();
    await app.enterKey(KEYS.pro);
    const [name] = uniqueNames('Left waiting', 1);
    await app.enterAnimals([{ name: name ?? '', categoryId: '4' }]);
    await app.expectWaiting(1);

    const note = page.getByTestId('switch-note');
    await expect(note).toHaveCount(0);
    await app.selectProfile('Staging');
    await app.enterKey(KEYS.pro, 'Staging');
    await expect(note).toContainText(
      '1 animal keeps waiting in the Local profile: it is sent when Local is opened again.',
    );
    await expect(note).toHaveRole('status');
    await expectNoAxeViolations(page, 'the note on a profile switch (light)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'the note on a profile switch (dark)');
    await page.emulateMedia({ colorScheme: 'light' });

    // Back in Local, nothing is left behind in Staging: nothing is said.
    await app.selectProfile('Local');
    await app.expectWaiting(1);
    await expect(note).toHaveCount(0);
    // Said again on the next switch away, and put away with OK.
    await app.selectProfile('Staging');
    await expect(note).toContainText('1 animal keeps waiting in the Local profile');
    await note.getByRole('button', { name: 'OK' }).click();
    await expect(note).toHaveCount(0);
  });
});

import { expect } from '@playwright/test';
import { KEYS } from './fixtures';
import type { KennelApp } from './kennel-app';
import { uniqueNames } from './names';
import type { ServiceControl } from './service-control';

/** Words of the "may already exist" message in Needs attention. */
export const MAY_EXIST = /cannot tell whether the service added it/;

/**
 * Opens the app with a key, then adds one animal whose answer the service
 * drops after creating it, and waits for Kennel to hand it to the user.
 * `before` runs once the app is ready, before the animal is added.
 */
export async function loseAnswerTo(
  app: KennelApp,
  service: ServiceControl,
  animal: { prefix: string; categoryId: string; status: 'available' | 'pending' },
  before: (name: string) => Promise<unknown> = async () => undefined,
): Promise<string> {
  await app.open();
  await app.enterKey(KEYS.pro);
  const [name] = uniqueNames(animal.prefix, 1);
  if (!name) throw new Error('name');
  await before(name);
  service.state.setFaults({ dropAfterCreateRate: 1 });
  await app.submitAnimal({ name, categoryId: animal.categoryId, status: animal.status });
  // When a refresh has brought another desk's animal of the same name into this
  // computer's cache, the form asks first; the user, who means a second one, confirms.
  const addAnother = app.page.getByRole('button', { name: 'Add another' });
  const stored = app.page.getByText(
    new RegExp(`^\\s*(Queued ${name} for sync|Added ${name})\\.\\s*$`),
  );
  await expect(addAnother.or(stored).first()).toBeVisible();
  if (await addAnother.isVisible()) await addAnother.click();
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)', { timeout: 30_000 });
  service.state.setFaults({});
  return name;
}

/**
 * Brings the desk to where a service that honours `Idempotency-Key` has shown
 * it does, the way staff get there: one answer is lost, and its Resend from
 * Needs attention comes back as the service's stored answer. The app must be
 * closed, the service must honour the key and hold more animals than one list
 * shows (so the lost answer cannot be settled by looking). Returns the name.
 */
export async function confirmDuplicateProtection(
  app: KennelApp,
  service: ServiceControl,
): Promise<string> {
  const name = await loseAnswerTo(app, service, {
    prefix: 'Proof',
    categoryId: '3',
    status: 'available',
  });
  await app.needsAttentionButton().click();
  await app
    .needsAttention()
    .getByRole('button', { name: `Resend ${name}` })
    .click();
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (0)');
  // Resend only queues it again: the proof comes with the service's answer, and
  // Settings reads what the Node side knows when it opens.
  await expect.poll(async () => (await app.outboxNames()).includes(name)).toBe(false);
  await app.page.getByRole('button', { name: 'Settings' }).click();
  const settings = app.page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByTestId('duplicate-protection-local')).toContainText(
    'this service is known to recognise an animal sent twice',
  );
  await settings.getByRole('button', { name: 'Cancel' }).click();
  return name;
}

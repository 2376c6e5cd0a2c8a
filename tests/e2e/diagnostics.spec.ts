import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../helpers/e2e/axe';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';
import type { KennelApp } from '../helpers/e2e/kennel-app';
import { uniqueNames } from '../helpers/e2e/names';
import type { ServiceControl } from '../helpers/e2e/service-control';
import { takeInWithRecord } from '../helpers/e2e/record-form';
import { openSettings } from '../helpers/e2e/settings';

/** The part of the record this test reads back. */
interface Record {
  profile: string;
  serviceHost: string | null;
  outbox: { queued: number; sending: number; needsAttention: number; held: number };
  errors: { kind: string; status: number | null }[];
  app: { name: string; mode: string } | null;
}

/** An intake record's chip and kennel: kept on this computer, never in diagnostics. */
const RECORD_SECRETS = { chip: '985141000777001', kennel: 'Secret Kennel Z9' };

/**
 * One animal the service refuses (Needs attention), then two taken in while
 * it is down (waiting), one with an intake record: a queue in two states,
 * every name and every fact of the record a secret.
 */
async function queueInTwoStates(app: KennelApp, service: ServiceControl): Promise<string[]> {
  const names = uniqueNames('Secret Biscuit', 3);
  const [refused, ...waiting] = names;
  if (refused === undefined) throw new Error('names');
  await app.openWithKey(KEYS.pro);
  service.state.setFaults({ errorRate: 1, errorStatuses: [400] });
  await app.enterAnimals([{ name: refused, categoryId: '6' }]);
  await expect(app.needsAttentionButton()).toHaveText('Needs attention (1)');
  service.state.setFaults({});
  await service.stop();
  const [withRecord = '', ...others] = waiting;
  await takeInWithRecord(app, { name: withRecord, categoryId: '6' }, RECORD_SECRETS);
  await app.enterAnimals(others.map((name) => ({ name, categoryId: '6' })));
  await app.expectWaiting(2);
  return names;
}

/** Checks `text` is a record of that queue with nothing private in it. */
function expectSafeRecord(text: string, names: readonly string[], serviceUrl: string): void {
  const recorded = Object.values(RECORD_SECRETS);
  for (const secret of [KEYS.pro, ...names, ...recorded, 'Biscuit', serviceUrl, '/v1', 'http']) {
    expect(text, secret).not.toContain(secret);
  }
  const record = JSON.parse(text) as Record;
  expect(record.profile).toBe('local');
  expect(record.serviceHost).toBe(new URL(serviceUrl).host);
  expect(record.app).toMatchObject({ name: 'Kennel', mode: 'browser' });
  expect(record.outbox.needsAttention).toBe(1);
  expect(record.outbox.queued + record.outbox.sending).toBe(2);
  expect(record.errors).toContainEqual(
    expect.objectContaining({ kind: 'validation', status: 400 }),
  );
}

async function copyDiagnostics(page: Page): Promise<ReturnType<Page['getByRole']>> {
  const settings = await openSettings(page);
  const section = settings.getByRole('region', { name: 'Help from support' });
  await section.getByRole('button', { name: 'Copy diagnostics' }).click();
  return section;
}

test.describe('copy diagnostics', () => {
  test('puts the queue’s figures on the clipboard, with no key, name or address', async ({
    app,
    context,
    page,
    service,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const names = await queueInTwoStates(app, service);

    const section = await copyDiagnostics(page);
    await expect(section.getByText('Copied. Paste it into your message to support.')).toBeVisible();
    const copied = await page.evaluate(async () => {
      // Compiled without the DOM library: name the one browser shape used.
      const { navigator } = globalThis as unknown as {
        navigator: { clipboard: { readText(): Promise<string> } };
      };
      return navigator.clipboard.readText();
    });
    expectSafeRecord(copied, names, service.url);
    await expect(section.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(page, 'settings, diagnostics copied');
  });

  test('a refused clipboard shows the record, selected, to copy by hand', async ({
    app,
    page,
    service,
  }) => {
    // The browser's clipboard is the boundary: here it says no, as a locked-down one would.
    await page.addInitScript(() => {
      const { navigator } = globalThis as unknown as {
        navigator: { clipboard: { writeText(text: string): Promise<void> } };
      };
      navigator.clipboard.writeText = () => Promise.reject(new Error('NotAllowedError'));
    });
    const names = await queueInTwoStates(app, service);

    const section = await copyDiagnostics(page);
    await expect(section.getByRole('alert')).toContainText(
      'Kennel could not put the record on the clipboard.',
    );
    const box = section.getByRole('textbox', { name: 'Diagnostics record' });
    await expect(box).toBeFocused();
    await expect(box).toHaveJSProperty('readOnly', true);
    const shown = await box.inputValue();
    expectSafeRecord(shown, names, service.url);
    const selected = await box.evaluate((element) => {
      const field = element as unknown as { selectionStart: number; selectionEnd: number };
      return field.selectionEnd - field.selectionStart;
    });
    expect(selected).toBe(shown.length);
    await expect(section.getByText(/^Copied/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'settings, diagnostics to copy by hand');
  });
});

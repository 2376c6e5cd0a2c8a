import { expect, type Locator, type Page } from '@playwright/test';
import type { AnimalInput, KennelApp } from './kennel-app';
import { addForm, detailsDrawer } from './panes';

/**
 * The add form's intake record, driven by its accessible names only: the
 * disclosure "More about this animal" and fields labelled as the record's
 * fields are named (`records.fields.*` in English), choices in selects by
 * their words. Days are given as `YYYY-MM-DD`, as a date field takes them.
 */
export interface RecordInput {
  chip?: string;
  sex?: 'Female' | 'Male' | 'Unknown';
  neutered?: 'Yes' | 'No' | 'Unknown';
  birthDate?: string;
  /** "Stray", "Owner surrender"… as the select names them. */
  intakeType?: string;
  kennel?: string;
  holdUntil?: string;
}

/** Opens the record's fields in the add form, unless they are open already. */
export async function openRecordFields(page: Page): Promise<Locator> {
  const form = addForm(page);
  const more = form.getByRole('button', { name: 'More about this animal' });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  return form;
}

/**
 * Takes an animal in with its record, as staff at the desk do: name,
 * category and status, then the record's fields, then Add animal. Waits for
 * nothing afterwards but the form to be emptied for the next animal.
 */
export async function takeInWithRecord(
  app: KennelApp,
  animal: AnimalInput,
  record: RecordInput,
): Promise<void> {
  await app.nameInput().fill(animal.name);
  await app.categoryInput().fill(animal.categoryId);
  const form = await openRecordFields(app.page);
  const field = (label: string): Locator => form.getByLabel(label, { exact: true });
  if (record.chip !== undefined) await field('Microchip').fill(record.chip);
  if (record.sex !== undefined) await field('Sex').selectOption({ label: record.sex });
  if (record.neutered !== undefined) {
    await field('Neutered').selectOption({ label: record.neutered });
  }
  if (record.birthDate !== undefined) await field('Date of birth').fill(record.birthDate);
  // The way in first: a stray's hold date is filled in from Settings when it is chosen.
  if (record.intakeType !== undefined) {
    await field('How it came in').selectOption({ label: record.intakeType });
  }
  if (record.kennel !== undefined) await field('Kennel').fill(record.kennel);
  if (record.holdUntil !== undefined) await field('Stray hold until').fill(record.holdUntil);
  await app.addButton().click();
  await expect(app.nameInput()).toHaveValue('');
}

/**
 * Records an outcome ("Adopted"… as the select names them) for the animal
 * `name` in its details, as staff do once it has left: its day is today
 * unless given.
 */
export async function recordOutcome(
  app: KennelApp,
  name: string,
  outcome: string,
  on?: string,
): Promise<void> {
  await app.rowNamed(name).first().click();
  const drawer = detailsDrawer(app.page);
  await drawer.getByRole('button', { name: /^(Edit record|Add to the record)$/ }).click();
  const form = drawer.getByRole('form', { name: `Record of ${name}` });
  await form.getByLabel('Outcome', { exact: true }).selectOption({ label: outcome });
  if (on !== undefined) await form.getByLabel('Outcome date').fill(on);
  await form.getByRole('button', { name: 'Save record' }).click();
  await expect(drawer).toContainText(`Saved the record of ${name} on this computer.`);
}

/** A day on the page's own calendar, `days` from today, as `YYYY-MM-DD`. */
export function pageDay(page: Page, days = 0): Promise<string> {
  return page.evaluate((offset) => {
    const day = new Date();
    day.setDate(day.getDate() + offset);
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  }, days);
}

/**
 * The first day of the month `months` before this one, on the page's
 * calendar: a birth date whose age is exactly that many months all month long.
 */
export function firstOfMonthsAgo(page: Page, months: number): Promise<string> {
  return page.evaluate((back) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth() - back, 1);
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-01`;
  }, months);
}

/** `YYYY-MM-DD` as the app writes a day in English on the page ("December 1, 2026"). */
export function dayInWords(page: Page, day: string): Promise<string> {
  return page.evaluate((text) => {
    const { navigator } = globalThis as unknown as { navigator: { languages: string[] } };
    const locale = navigator.languages.find((tag) => tag.toLowerCase().split('-')[0] === 'en');
    const [year, month, date] = text.split('-').map(Number);
    return new Intl.DateTimeFormat(locale ?? 'en', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(year ?? 0, (month ?? 1) - 1, date ?? 1));
  }, day);
}

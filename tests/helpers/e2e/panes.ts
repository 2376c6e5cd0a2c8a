import type { Locator, Page } from '@playwright/test';
import { words } from './catalogue-words';

/** The add form's region. */
export function addForm(page: Page, language: 'en' | 'es' = 'en'): Locator {
  return page.getByRole('region', { name: words(language, 'animals', 'add', 'title') });
}

/** Waiting to be sent: the animals in their hold. */
export function heldList(page: Page, language: 'en' | 'es' = 'en'): Locator {
  return page.getByRole('region', { name: words(language, 'hold', 'title') });
}

/** The details drawer of the chosen animal. */
export function detailsDrawer(page: Page, language: 'en' | 'es' = 'en'): Locator {
  return page.getByRole('complementary', { name: words(language, 'animals', 'detail', 'title') });
}

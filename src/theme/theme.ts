/**
 * Light or dark: the user's choice in Settings, or else the system's
 * `prefers-color-scheme`, followed live. The resolved theme is written to
 * `<html data-theme>`, so the style sheet needs one dark block, not a copy of
 * it inside a media query.
 */
import { ref } from 'vue';
import { pageLocalStorage } from '../browser/page-storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
type Theme = 'light' | 'dark';

/** `localStorage` key of the theme chosen in Settings. */
const THEME_KEY = 'kennel.theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

function readChoice(): ThemeChoice {
  try {
    const stored = pageLocalStorage()?.getItem(THEME_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The choice in Settings, reactive for the Settings form. */
export const themeChoice = ref<ThemeChoice>(readChoice());

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

function apply(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = resolveTheme(themeChoice.value, systemDark());
}

/** Applies the stored choice and follows the system while the choice is "system". */
export function startTheme(): void {
  // Read again at start: the desktop app's first start on its own origin writes
  // the choice back (`data/moved-data.ts`) after this module loaded.
  themeChoice.value = readChoice();
  apply();
  if (typeof matchMedia === 'function') matchMedia(DARK_QUERY).addEventListener('change', apply);
}

export function setThemeChoice(choice: ThemeChoice): void {
  themeChoice.value = choice;
  try {
    pageLocalStorage()?.setItem(THEME_KEY, choice);
  } catch {
    // The choice still holds until the app is closed.
  }
  apply();
}

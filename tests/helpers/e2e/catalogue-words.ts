import { readFileSync } from 'node:fs';

/** The `localStorage` keys of `src/theme/theme.ts` and `src/i18n/language.ts`. */
export const THEME_KEY = 'kennel.theme';
export const LANGUAGE_KEY = 'kennel.language';

/**
 * A message from the catalogue the app ships, so a test finds a control by
 * the words staff see in either language: `words('es', 'hold', 'title')`.
 */
export function words(language: 'en' | 'es', area: string, ...path: string[]): string {
  const file = new URL(`../../../src/i18n/${language}/${area}.json`, import.meta.url);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of path) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'string') throw new Error(`no message ${language}/${area}.${path.join('.')}`);
  return node;
}

/** An English message: `english('animals', 'add', 'button')`. */
export const english = (area: string, ...path: string[]): string => words('en', area, ...path);

/** A Spanish message: `spanish('animals', 'add', 'button')`. */
export const spanish = (area: string, ...path: string[]): string => words('es', area, ...path);

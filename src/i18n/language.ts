/**
 * Which language the app speaks: the user's choice in Settings, or else the
 * first of the system's (or browser's) preferred languages Kennel knows.
 */
import { LANGUAGES, type Language } from './messages';

export type LanguageChoice = Language | 'system';

/** `localStorage` key of the language chosen in Settings. */
const LANGUAGE_KEY = 'kennel.language';

type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first preferred language Kennel speaks, matched on its primary subtag ("es-MX" → "es"). */
function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export function readLanguageChoice(storage: ChoiceStorage): LanguageChoice {
  try {
    const stored = storage?.getItem(LANGUAGE_KEY);
    return stored === 'system' || isLanguage(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function writeLanguageChoice(storage: ChoiceStorage, choice: LanguageChoice): void {
  try {
    storage?.setItem(LANGUAGE_KEY, choice);
  } catch {
    // The choice still holds until the app is closed.
  }
}

/** The system's preferred languages, most wanted first. */
export function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function resolveLanguage(choice: LanguageChoice, preferred: readonly string[]): Language {
  return choice === 'system' ? pickLanguage(preferred) : choice;
}

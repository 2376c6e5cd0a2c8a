/**
 * The app's one vue-i18n instance. Components use `useI18n()`; plain modules
 * (error sentences, status lines, stores) import `t` from here, so every
 * sentence goes through the same catalogue. The locale is a ref, so text
 * computed through `t` follows a change of language at once.
 */
import { ref } from 'vue';
import { createI18n } from 'vue-i18n';
import { pageLocalStorage } from '../stores/persisted-profile';
import {
  readLanguageChoice,
  resolveLanguage,
  systemLanguages,
  writeLanguageChoice,
  type LanguageChoice,
} from './language';
import { en, es, type Language, type MessageSchema } from './messages';

const initialChoice = readLanguageChoice(pageLocalStorage());

/** The choice in Settings, reactive for the Settings form. */
export const languageChoice = ref<LanguageChoice>(initialChoice);

export const i18n = createI18n<[MessageSchema], Language, false>({
  legacy: false,
  locale: resolveLanguage(initialChoice, systemLanguages()),
  fallbackLocale: 'en',
  messages: { en, es },
  // A missing key is a bug the unit tests catch; in the app it falls back to English quietly.
  missingWarn: false,
  fallbackWarn: false,
});

/** Translate outside a component. */
export const t = i18n.global.t;

/** The language in use now, e.g. for `Intl` formatters. */
export function currentLanguage(): Language {
  return i18n.global.locale.value;
}

/** Applies and remembers the Settings choice; the page's `lang` follows. */
export function setLanguageChoice(choice: LanguageChoice): void {
  languageChoice.value = choice;
  writeLanguageChoice(pageLocalStorage(), choice);
  applyLanguage(resolveLanguage(choice, systemLanguages()));
}

export function applyLanguage(language: Language): void {
  i18n.global.locale.value = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * The app's one vue-i18n instance. Components use `useI18n()`; plain modules
 * (error sentences, status lines, stores) import `t` from here, so every
 * sentence goes through the same catalogue. The locale is a ref, so text
 * computed through `t` follows a change of language at once.
 *
 * Catalogues load per language ({@link loadMessages}): the app awaits
 * {@link applyLanguage} for the first language before it mounts, and a switch
 * in Settings shows the new language once its catalogue has arrived.
 */
import { ref } from 'vue';
import { createI18n } from 'vue-i18n';
import { pageLocalStorage } from '../browser/page-storage';
import {
  readLanguageChoice,
  resolveLanguage,
  systemLanguages,
  writeLanguageChoice,
  type LanguageChoice,
} from './language';
import { loadMessages, type Language } from './messages';
import type { MessageSchema } from './schema';

/** The choice in Settings, reactive for the Settings form. */
export const languageChoice = ref<LanguageChoice>(readLanguageChoice(pageLocalStorage()));

/**
 * The language the app starts in: the Settings choice, else the system's. The
 * choice is read again here, at start: the desktop app's first start on its
 * own origin writes it back (`data/moved-data.ts`) after this module loaded.
 */
export function initialLanguage(): Language {
  languageChoice.value = readLanguageChoice(pageLocalStorage());
  return resolveLanguage(languageChoice.value, systemLanguages());
}

export const i18n = createI18n<[MessageSchema], Language, false>({
  legacy: false,
  locale: initialLanguage(),
  // Only a missing key falls back, and the unit tests keep both languages'
  // keys the same; English is not loaded just in case.
  fallbackLocale: 'en',
  // A missing key is a bug the unit tests catch; in the app it falls back quietly.
  missingWarn: false,
  fallbackWarn: false,
});

/** Translate outside a component. */
export const t = i18n.global.t;

/** The language in use now, e.g. for `Intl` formatters. */
export function currentLanguage(): Language {
  return i18n.global.locale.value;
}

const loaded = new Map<Language, Promise<void>>();

function ensureMessages(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (loading === undefined) {
    loading = loadMessages(language).then((messages) =>
      i18n.global.setLocaleMessage(language, messages),
    );
    // A failed fetch is tried again on the next switch, not remembered.
    loading.catch(() => loaded.delete(language));
    loaded.set(language, loading);
  }
  return loading;
}

let latestRequest = 0;

/**
 * Switches the app to `language` once its catalogue is loaded; the page's
 * `lang` follows. Of switches made in quick succession the last one wins,
 * whichever catalogue arrives first.
 */
export async function applyLanguage(language: Language): Promise<void> {
  const request = ++latestRequest;
  await ensureMessages(language);
  if (request !== latestRequest) return;
  i18n.global.locale.value = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Applies and remembers the Settings choice. */
export function setLanguageChoice(choice: LanguageChoice): Promise<void> {
  languageChoice.value = choice;
  writeLanguageChoice(pageLocalStorage(), choice);
  return applyLanguage(resolveLanguage(choice, systemLanguages()));
}

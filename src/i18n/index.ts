/**
 * The app's words. Components call `useI18n()` for `t` and the locale; plain
 * modules (error sentences, status lines, stores) import `t` from here, so
 * every sentence goes through the same catalogue. The locale is a ref, so
 * text computed through `t` follows a change of language at once.
 *
 * Catalogues load per language ({@link loadMessages}), compiled at build time
 * (`message.ts`): the app awaits {@link applyLanguage} for the first language
 * before it mounts, and a switch in Settings shows the new language once its
 * catalogue has arrived.
 *
 * Not vue-i18n: Kennel uses its `t`, its plural syntax and one component, and
 * its runtime was a third of the script before the list's first rows, and most
 * of the time each `t` took. Its syntax is kept (the build parses it with
 * vue-i18n's own compiler), and a unit test reads every message through both.
 */
import { ref, shallowRef, type Ref } from 'vue';
import { pageLocalStorage } from '../browser/page-storage';
import {
  readLanguageChoice,
  resolveLanguage,
  systemLanguages,
  writeLanguageChoice,
  type LanguageChoice,
} from './language';
import { formatMessage, type Catalogue, type Message, type Named } from './message';
import { loadLaterWords, loadMessages, type Language, type LaterWords } from './messages';

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

const locale = ref<Language>(initialLanguage());
/** The loaded catalogues; replaced, never changed in place, so a new one redraws. */
const catalogues = shallowRef<Partial<Record<Language, Catalogue>>>({});

function isMessage(node: Message | Catalogue | undefined): node is Message {
  return typeof node === 'string' || Array.isArray(node) || (node !== undefined && 'p' in node);
}

function lookUp(catalogue: Catalogue | undefined, key: string): Message | undefined {
  let node: Message | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || isMessage(node)) return undefined;
    node = (node as Catalogue)[part];
  }
  return isMessage(node) ? node : undefined;
}

/** The message of `key` in the current language, else in English if loaded. */
export function messageOf(key: string): Message | undefined {
  const loaded = catalogues.value;
  return lookUp(loaded[locale.value], key) ?? lookUp(loaded.en, key);
}

/**
 * The text of `key`, its placeholders filled from `named`; a plural message
 * takes the form for `count` (or `named.count`). A key no catalogue has reads
 * as itself: a bug the unit tests catch, never a blank on screen.
 */
export function t(key: string, named?: Named | number, count?: number): string {
  const message = messageOf(key);
  if (message === undefined) return key;
  return typeof named === 'number'
    ? formatMessage(message, undefined, named)
    : formatMessage(message, named, count);
}

/** The language in use now, e.g. for `Intl` formatters. */
export function currentLanguage(): Language {
  return locale.value;
}

/** The catalogue of the language in use, for what is worked out once per catalogue. */
export function currentCatalogue(): Catalogue | undefined {
  return catalogues.value[locale.value];
}

/** For components: `t`, and the language as a ref (read-only: Settings changes it). */
export function useI18n(): { t: typeof t; locale: Readonly<Ref<Language>> } {
  return { t, locale };
}

const loaded = new Map<Language, Promise<void>>();
/** The later words some screen asked for: a language loaded from now on brings them too. */
const laterWanted = new Set<LaterWords>();

async function withLaterWords(language: Language, messages: Catalogue): Promise<Catalogue> {
  const later = await Promise.all(
    [...laterWanted].map(async (words) => [words, await loadLaterWords(language, words)] as const),
  );
  return { ...messages, ...Object.fromEntries(later) };
}

function ensureMessages(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (loading === undefined) {
    loading = loadMessages(language).then(async (messages) => {
      const whole = await withLaterWords(language, messages);
      catalogues.value = { ...catalogues.value, [language]: whole };
    });
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
  locale.value = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Applies and remembers the Settings choice. */
export function setLanguageChoice(choice: LanguageChoice): Promise<void> {
  languageChoice.value = choice;
  writeLanguageChoice(pageLocalStorage(), choice);
  return applyLanguage(resolveLanguage(choice, systemLanguages()));
}

/** The later words being loaded, or in; a failed load is tried again by the next caller. */
const laterLoads = new Map<LaterWords, Promise<void>>();

/**
 * Loads the later words `words` (see `LaterWords`) into every catalogue
 * loaded, and into any loaded from now on.
 */
function loadWords(words: LaterWords): Promise<void> {
  let loading = laterLoads.get(words);
  if (loading === undefined) {
    laterWanted.add(words);
    loading = Promise.all(
      [...loaded].map(async ([language, whole]) => {
        await whole;
        const more = await loadLaterWords(language, words);
        catalogues.value = {
          ...catalogues.value,
          [language]: { ...catalogues.value[language], [words]: more },
        };
      }),
    ).then(() => undefined);
    loading.catch(() => {
      laterLoads.delete(words);
      laterWanted.delete(words);
    });
    laterLoads.set(words, loading);
  }
  return loading;
}

/** `load` (a screen's module) once the later words it reads are in. */
export function withWords<T>(words: LaterWords, load: () => Promise<T>): () => Promise<T> {
  return () => loadWords(words).then(load);
}

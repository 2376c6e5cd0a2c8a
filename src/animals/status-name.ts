/**
 * A status in staff's words. The service's values (`available`, `pending`,
 * `sold`) are what is stored and sent; screens show the shelter's words
 * instead ("Adopted", not "sold"), through this one function.
 */
import { PET_STATUSES, type PetStatus } from '../../electron/contract/pet';
import { foldText } from '../text/fold';
import { formatLocale } from '../format/clock';
import { currentCatalogue, t } from '../i18n';

/** True for a status the spec names. */
function isKnownStatus(status: string | null | undefined): status is PetStatus {
  return (PET_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/**
 * "Available", "Adoption pending", "Adopted", or "No status" for none (null,
 * absent or empty). A status the spec does not name is shown as the service
 * sent it: Kennel cannot know what it means.
 */
export function statusName(status: string | null | undefined): string {
  if (status === null || status === undefined || status.trim() === '') {
    return t('animals.status.none');
  }
  return isKnownStatus(status) ? t(`animals.status.${status}`) : status;
}

/**
 * The status `text` names, as a spreadsheet or a person may write it: the
 * service's value or the words on screen, singular or plural ("Adopted",
 * "adopted", "sold"), case and accents aside. Null when it names none.
 */
export function statusFromText(text: string): PetStatus | null {
  const folded = foldText(text);
  if (folded === '') return null;
  return statusWords().get(folded) ?? null;
}

// Kept per catalogue: an import reads a status on each of 10,000 rows, and six
// `t` calls a row were most of its checking time.
let words: { messages: object | undefined; byWord: ReadonlyMap<string, PetStatus> } | null = null;

/** Each folded word for a status (its value, its name, its toolbar name), the first status's first. */
function statusWords(): ReadonlyMap<string, PetStatus> {
  const messages = currentCatalogue();
  if (words !== null && words.messages === messages) return words.byWord;
  const byWord = new Map<string, PetStatus>();
  for (const status of PET_STATUSES) {
    for (const word of [status, t(`animals.status.${status}`), t(`animals.toolbar.${status}`)]) {
      const folded = foldText(word);
      if (!byWord.has(folded)) byWord.set(folded, status);
    }
  }
  words = { messages, byWord };
  return byWord;
}

/** Why `text` is not a status, naming the ones there are, in the words on screen. */
export function unknownStatusProblem(text: string): string {
  const names = new Intl.ListFormat(formatLocale(), { type: 'conjunction' });
  return t('animals.rules.statusUnknown', {
    status: text.trim(),
    names: names.format(PET_STATUSES.map(statusName)),
  });
}

/**
 * A status in staff's words. The service's values (`available`, `pending`,
 * `sold`) are what is stored and sent; screens show the shelter's words
 * instead ("Adopted", not "sold"), through this one function.
 */
import { PET_STATUSES, type PetStatus } from '../../electron/contract';
import { foldText } from '../text/fold';
import { formatLocale } from '../format/clock';
import { t } from '../i18n';

/** True for a status the spec names. */
export function isKnownStatus(status: string | null | undefined): status is PetStatus {
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
  const named = (status: PetStatus): string[] => [
    status,
    t(`animals.status.${status}`),
    t(`animals.toolbar.${status}`),
  ];
  return PET_STATUSES.find((status) => named(status).some((w) => foldText(w) === folded)) ?? null;
}

/** Why `text` is not a status, naming the ones there are, in the words on screen. */
export function unknownStatusProblem(text: string): string {
  const names = new Intl.ListFormat(formatLocale(), { type: 'conjunction' });
  return t('animals.rules.statusUnknown', {
    status: text.trim(),
    names: names.format(PET_STATUSES.map(statusName)),
  });
}

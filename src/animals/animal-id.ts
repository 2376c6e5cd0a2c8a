import { isPositiveInt64 } from '../../electron/contract/validate';
import { t } from '../i18n';

/** A typed-in animal ID, checked and made canonical, or why it is not one. */
export type ParsedAnimalId = { ok: true; id: string } | { ok: false; message: string };

/**
 * Reads what the user typed into "Find by ID". IDs are int64 and travel as
 * decimal strings, so this never goes through `Number` (which would round IDs
 * above 2^53 to a different animal).
 */
export function parseAnimalId(raw: string): ParsedAnimalId {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: false, message: t('animals.find.enterId') };
  if (!/^[0-9]+$/.test(trimmed)) {
    return { ok: false, message: t('animals.find.wholeNumber') };
  }
  const canonical = trimmed.replace(/^0+(?=[0-9])/, '');
  if (!isPositiveInt64(canonical)) {
    return { ok: false, message: t('animals.find.tooBig') };
  }
  return { ok: true, id: canonical };
}

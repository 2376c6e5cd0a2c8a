import type { BridgeError } from '../../electron/contract/errors';
import type { AnimalProblems } from './intake-rules';
import { errorField, errorMessage } from '../errors/messages';
import { t } from '../i18n';

/**
 * The refusal of an animal as field messages, when it names the field at
 * fault: the edit form then shows it under that field instead of only above
 * the form. Empty when the error names no field of the form.
 */
export function fieldErrorsOf(error: BridgeError | null): AnimalProblems {
  if (error === null) return {};
  const field = errorField(error);
  if (field === null) return {};
  // Kennel's own check refused it before sending: its English words are for the
  // Details, the field gets a sentence in the user's language.
  if (error.kind === 'invalid-argument') return { [field]: t(`animals.fields.refused.${field}`) };
  return { [field]: errorMessage(error) };
}

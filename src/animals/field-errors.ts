import type { BridgeError } from '../../electron/contract';
import type { IntakeErrors } from '../data/outbox';
import { errorField, errorMessage } from '../errors/messages';

/**
 * The refusal of an animal as field messages, when it names the field at
 * fault: the edit form then shows it under that field instead of only above
 * the form. Empty when the error names no field of the form.
 */
export function fieldErrorsOf(error: BridgeError | null): IntakeErrors {
  if (error === null) return {};
  const field = errorField(error);
  return field === null ? {} : { [field]: errorMessage(error) };
}

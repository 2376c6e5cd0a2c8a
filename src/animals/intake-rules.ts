/**
 * The one rule set for an animal typed by staff, shared by the add form, the
 * edit form and the spreadsheet import: the category may be a name from the
 * profile's list or a number, the status may be written in any case, and the
 * rest is the contract's own {@link validateNewPet}, so the form, the import
 * and the API client can never disagree.
 */
import { PET_STATUSES, type NewPet } from '../../electron/contract';
import {
  validateNewPet,
  type NewPetField,
  type Validation,
} from '../../electron/contract/validate';
import { resolveCategory, type CategoryIndex } from '../categories/category-list';

/** An animal as text, exactly as typed or pasted. */
export interface AnimalText {
  name: string;
  /** A category name ("Dog") or number ("2"). */
  category: string;
  /** Empty for "not set". */
  status: string;
}

/** Field messages for an animal that cannot be added as it is. */
export type AnimalProblems = Partial<Record<NewPetField, string>>;

// "Available" from a spreadsheet means available; anything else is left for
// validateNewPet to refuse with the list of statuses.
function statusOf(text: string): string {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  return (PET_STATUSES as readonly string[]).includes(lower) ? lower : trimmed;
}

/**
 * Checks `text` and, when it is a valid animal, returns what would be sent:
 * trimmed name, canonical category number, status or none. Otherwise one
 * message per field at fault, the category's in the words of the list.
 */
export function checkAnimal(
  text: AnimalText,
  categories: CategoryIndex,
): Validation<NewPet, NewPetField> {
  const category = resolveCategory(text.category, categories);
  const checked = validateNewPet({
    name: text.name,
    // A placeholder number keeps validateNewPet's other messages coming when
    // the category is the one at fault; its message replaces the category's.
    categoryId: category.ok ? category.id : '1',
    status: statusOf(text.status),
  });
  if (category.ok) return checked;
  const errors: AnimalProblems = checked.ok ? {} : { ...checked.errors };
  errors.categoryId = category.problem;
  return { ok: false, errors };
}

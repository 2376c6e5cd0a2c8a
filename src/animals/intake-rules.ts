/**
 * The one rule set for an animal typed by staff, shared by the add form, the
 * edit form and the spreadsheet import: the category may be a name from the
 * profile's list or a number, the status may be written in any case, and the
 * rest is the contract's own {@link validateNewPet}, so the form, the import
 * and the API client can never disagree.
 */
import type { NewPet } from '../../electron/contract/pet';
import {
  NAME_MAX_LENGTH,
  nameLength,
  validateNewPet,
  type NewPetField,
  type NewPetProblem,
} from '../../electron/contract/validate';
import { resolveCategory, type CategoryIndex } from '../data/category-list';
import { statusFromText, unknownStatusProblem } from './status-name';
import { formatNumber } from '../format/clock';
import { t } from '../i18n';

/**
 * Names longer than this are asked about before they are queued. Real names
 * are far shorter; a longer one is most often a paste gone wrong, and once
 * sent the service offers no way to change it.
 */
const LONG_NAME_LENGTH = 100;

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

/** What the rules make of an animal: what would be sent, or why it cannot be. */
export type AnimalCheck =
  | {
      ok: true;
      value: NewPet;
      /** Set when the name is over {@link LONG_NAME_LENGTH}: its length, to ask about first. */
      longName?: number;
    }
  | { ok: false; errors: AnimalProblems };

// "Adopted" or "sold" from a spreadsheet means sold; anything else is left
// for validateNewPet to refuse, and its code is then put in staff's words.
function statusOf(text: string): string {
  return statusFromText(text) ?? text.trim();
}

/**
 * Checks `text` and, when it is a valid animal, returns what would be sent:
 * trimmed name, canonical category number, status or none, and whether the
 * name is long enough to ask about. Otherwise one message per field at fault,
 * the category's in the words of the list.
 */
export function checkAnimal(text: AnimalText, categories: CategoryIndex): AnimalCheck {
  const category = resolveCategory(text.category, categories);
  const checked = validateNewPet({
    name: text.name,
    // A placeholder number keeps validateNewPet's other codes coming when the
    // category is the one at fault; the list's words say what is wrong with it.
    categoryId: category.ok ? category.id : '1',
    status: statusOf(text.status),
  });
  const length = nameLength(text.name.trim());
  if (category.ok && checked.ok) {
    return length > LONG_NAME_LENGTH ? { ...checked, longName: length } : checked;
  }
  const errors: AnimalProblems = {};
  if (!checked.ok) {
    for (const [field, problem] of Object.entries(checked.errors) as [
      NewPetField,
      NewPetProblem,
    ][]) {
      errors[field] = problemWords(problem, text.status, length);
    }
  }
  if (!category.ok) errors.categoryId = category.problem;
  return { ok: false, errors };
}

/** Why a field is refused, in the language in use. */
function problemWords(problem: NewPetProblem, status: string, length: number): string {
  switch (problem) {
    case 'name-required':
      return t('animals.rules.nameRequired');
    case 'name-too-long':
      return t('animals.rules.nameTooLong', {
        length: formatNumber(length),
        max: formatNumber(NAME_MAX_LENGTH),
      });
    case 'category-required':
      return t('categories.rules.required');
    case 'category-not-int64':
      return t('categories.rules.numberRange');
    case 'status-unknown':
      return unknownStatusProblem(status);
  }
}

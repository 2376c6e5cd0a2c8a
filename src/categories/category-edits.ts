/**
 * The Settings editor's checks, worded for the field at fault: adding a
 * category and renaming one. {@link listProblems} guards the stored list as a
 * whole; these say what to do about the one change being made.
 */
import { foldText } from '../text/fold';
import { t } from '../i18n';
import {
  categoryNameProblem,
  categoryNumber,
  categoryNumberProblem,
  type Category,
} from '../data/category-list';

/** Which field of the add form a problem belongs under. */
export type EditField = 'number' | 'name';

/** Why a change cannot be made, and where to say so. */
export interface EditProblem {
  field: EditField;
  problem: string;
}

function holderOf(list: readonly Category[], name: string): Category | undefined {
  const folded = foldText(name);
  return list.find((c) => foldText(c.name) === folded);
}

/** Why `number` and `name` cannot be added to `list`, or null when they can. */
export function addProblem(
  list: readonly Category[],
  number: string,
  name: string,
): EditProblem | null {
  if (number.trim() === '') return { field: 'number', problem: t('categories.rules.typeNumber') };
  const id = categoryNumber(number);
  if (id === null) {
    const problem = categoryNumberProblem(number) ?? t('categories.rules.numberRange');
    return { field: 'number', problem };
  }
  const taken = list.find((c) => c.id === id);
  if (taken !== undefined) {
    return {
      field: 'number',
      problem: t('categories.rules.taken', { id, name: taken.name }),
    };
  }
  return nameProblem(list, id, name);
}

/** Why category `id` cannot be called `name`, or null when it can. */
export function renameProblem(list: readonly Category[], id: string, name: string): string | null {
  return nameProblem(list, id, name)?.problem ?? null;
}

function nameProblem(list: readonly Category[], id: string, name: string): EditProblem | null {
  const invalid = categoryNameProblem(name);
  if (invalid !== null) return { field: 'name', problem: invalid };
  const holder = holderOf(list, name);
  if (holder !== undefined && holder.id !== id) {
    return {
      field: 'name',
      problem: t('categories.rules.nameTaken', { name: holder.name, id: holder.id }),
    };
  }
  return null;
}

/** A name typed for one number in the naming pass. */
export interface NameDraft {
  id: string;
  name: string;
}

/**
 * Why the names of a naming pass cannot all be given, number by number, as
 * the editor would say it for each one added in turn (so two fields with the
 * same name are caught too). Blank fields are skipped. Empty when they can.
 */
export function namingProblems(
  list: readonly Category[],
  drafts: readonly NameDraft[],
): { id: string; problem: string }[] {
  const problems: { id: string; problem: string }[] = [];
  const grown = [...list];
  for (const draft of drafts) {
    if (draft.name.trim() === '') continue;
    const problem = addProblem(grown, draft.id, draft.name);
    if (problem !== null) problems.push({ id: draft.id, problem: problem.problem });
    else grown.push({ id: draft.id, name: draft.name.trim() });
  }
  return problems;
}

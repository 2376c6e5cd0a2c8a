import { defineStore } from 'pinia';
import { computed } from 'vue';
import { useLiveQuery } from '../data/live-query';
import { readCategories, updateCategories } from '../data/categories';
import {
  categoryLabel,
  categoryNumber,
  indexCategories,
  listProblems,
  mergeLists,
  normaliseList,
  resolveCategory,
  type Category,
  type ListProblem,
  type ResolvedCategory,
} from '../data/category-list';
import {
  addProblem,
  namingProblems,
  renameProblem,
  type NameDraft,
  type EditField,
  type EditProblem,
} from '../categories/category-edits';
import { mergeProblems, mergeSummary, type MergeSummary } from '../categories/category-merge';
import { t } from '../i18n';
import { describeStorageError } from '../data/storage';
import { useProfileStore } from './profile';

/** The result of a change to the list: done, or why the list would be wrong. */
export type CategoryChange = { ok: true } | { ok: false; problems: ListProblem[] };

/** The result of one edit in Settings: done, or a sentence (under `field` when it names one). */
export type CategoryEdit = { ok: true } | { ok: false; problem: string; field?: EditField };

/** The result of a naming pass: how many were named, or the problem of each number at fault. */
export type CategoryNaming =
  { ok: true; named: number } | { ok: false; problems: { id: string; problem: string }[] };

/** The result of importing a file's list: what it changed, or why it changed nothing. */
export type CategoryImport =
  { ok: true; summary: MergeSummary } | { ok: false; problems: string[] };

/** A change worked out from the stored list: the list to write, or why not. */
type Outcome<P> = { next: Category[] } | { problem: P };
type Done<P> = { ok: true } | { ok: false; problem: P };

/** Said when the database would not take the change. */
const categorySaveFailed = (): string => t('categories.editor.saveFailed');

/**
 * The active profile's category names, read live from its database, so every
 * window and every screen shows a rename at once. Every change is checked
 * against the list as stored, in the transaction that writes it, so the
 * stored list is always valid and quick edits never undo each other.
 */
export const useCategoriesStore = defineStore('categories', () => {
  const profile = useProfileStore();
  const query = useLiveQuery({
    db: () => profile.db,
    query: (db) => readCategories(db),
    initial: [] as Category[],
  });

  /** Lookups by number and by name; the list sorted by name. */
  const index = computed(() => indexCategories(query.value.value));
  /** The list, sorted by name. */
  const list = computed(() => index.value.list);
  /** Why the list could not be read; null while it can. */
  const readError = computed(() => query.error.value);

  /** "Dog", or "Category 17" for a number the list does not name. */
  function label(categoryId: string): string {
    return categoryLabel(categoryId, index.value);
  }

  /** The number meant by a typed name or number. */
  function resolve(text: string): ResolvedCategory {
    return resolveCategory(text, index.value);
  }

  /** Writes what `change` makes of the stored list, unless it finds a problem. */
  async function update<P>(change: (current: Category[]) => Outcome<P>): Promise<Done<P>> {
    return updateCategories(
      await profile.whenDb(),
      (current): { next?: Category[]; result: Done<P> } => {
        const outcome = change(current);
        if ('problem' in outcome) return { result: { ok: false, problem: outcome.problem } };
        return { next: outcome.next, result: { ok: true } };
      },
    );
  }

  /** `next` checked as a whole list: normalised, or its problems. */
  function checked(next: readonly { id: string; name: string }[]): Outcome<ListProblem[]> {
    const problems = listProblems(next);
    return problems.length > 0 ? { problem: problems } : { next: normaliseList(next) };
  }

  /** Replaces the list with `next` when it is valid; the problems otherwise. */
  async function save(next: readonly { id: string; name: string }[]): Promise<CategoryChange> {
    const saved = await update(() => checked(next));
    return saved.ok ? saved : { ok: false, problems: saved.problem };
  }

  /** Adds the categories of an imported file, renaming numbers it also lists; removes none. */
  async function importList(
    incoming: readonly { id: string; name: string }[],
  ): Promise<CategoryChange> {
    const problems = listProblems(incoming);
    if (problems.length > 0) return { ok: false, problems };
    const saved = await update((current) => checked(mergeLists(current, normaliseList(incoming))));
    return saved.ok ? saved : { ok: false, problems: saved.problem };
  }

  /**
   * Merges a file's (valid) list in, as {@link importList} does, and says
   * what it changed; a name it would give twice changes nothing. Never throws.
   */
  async function importFile(incoming: readonly Category[]): Promise<CategoryImport> {
    let summary: MergeSummary | null = null;
    try {
      const saved = await update((current): Outcome<string[]> => {
        const clashes = mergeProblems(current, incoming);
        if (clashes.length > 0) return { problem: clashes };
        const merge = mergeSummary(current, incoming);
        summary = merge;
        const whole = checked(merge.merged);
        return 'next' in whole ? whole : { problem: whole.problem.map((p) => p.problem) };
      });
      if (!saved.ok) return { ok: false, problems: saved.problem };
    } catch (error) {
      return { ok: false, problems: [describeStorageError(error) ?? categorySaveFailed()] };
    }
    return summary === null
      ? { ok: false, problems: [categorySaveFailed()] }
      : { ok: true, summary };
  }

  // A full disk or a closed database is said in words, never thrown at a form.
  async function edit(
    change: (current: Category[]) => Outcome<EditProblem>,
  ): Promise<CategoryEdit> {
    try {
      const saved = await update(change);
      return saved.ok ? saved : { ok: false, ...saved.problem };
    } catch (error) {
      return { ok: false, problem: describeStorageError(error) ?? categorySaveFailed() };
    }
  }

  /** Adds category `number` called `name`. */
  function add(number: string, name: string): Promise<CategoryEdit> {
    return edit((current) => {
      const problem = addProblem(current, number, name);
      if (problem !== null) return { problem };
      return { next: normaliseList([...current, { id: categoryNumber(number) ?? number, name }]) };
    });
  }

  /** Gives category `id` the name `name`. */
  function rename(id: string, name: string): Promise<CategoryEdit> {
    return edit((current) => {
      const problem = renameProblem(current, id, name);
      if (problem !== null) return { problem: { problem, field: 'name' } };
      return { next: normaliseList(current.map((c) => (c.id === id ? { id, name } : c))) };
    });
  }

  /**
   * Names several numbers at once (the naming pass), in one transaction:
   * all of them, or, when any name is wrong, none. Blank names are skipped.
   */
  async function nameMany(drafts: readonly NameDraft[]): Promise<CategoryNaming> {
    const given = drafts.filter((d) => d.name.trim() !== '');
    try {
      const saved = await update((current): Outcome<{ id: string; problem: string }[]> => {
        const problems = namingProblems(current, given);
        if (problems.length > 0) return { problem: problems };
        const added = given.map((d) => ({ id: categoryNumber(d.id) ?? d.id, name: d.name }));
        return { next: normaliseList([...current, ...added]) };
      });
      return saved.ok ? { ok: true, named: given.length } : { ok: false, problems: saved.problem };
    } catch (error) {
      const problem = describeStorageError(error) ?? categorySaveFailed();
      return { ok: false, problems: [{ id: '', problem }] };
    }
  }

  /** Takes category `id` out of the list; its animals then show as "Category N". */
  function remove(id: string): Promise<CategoryEdit> {
    return edit((current) => ({ next: current.filter((c) => c.id !== id) }));
  }

  return {
    list,
    index,
    readError,
    label,
    resolve,
    save,
    importList,
    importFile,
    add,
    rename,
    remove,
    nameMany,
  };
});

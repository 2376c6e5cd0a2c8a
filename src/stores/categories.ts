import { defineStore } from 'pinia';
import { computed } from 'vue';
import { useLiveQuery } from '../composables/live-query';
import { readCategories, writeCategories } from '../data/categories';
import {
  categoryLabel,
  indexCategories,
  listProblems,
  mergeLists,
  normaliseList,
  resolveCategory,
  type Category,
  type ListProblem,
  type ResolvedCategory,
} from '../categories/category-list';
import { useProfileStore } from './profile';

/** The result of a change to the list: done, or why the list would be wrong. */
export type CategoryChange = { ok: true } | { ok: false; problems: ListProblem[] };

/**
 * The active profile's category names, read live from its database, so every
 * window and every screen shows a rename at once. Writes replace the whole
 * (small) list after checking it, so the stored list is always valid.
 */
export const useCategoriesStore = defineStore('categories', () => {
  const profile = useProfileStore();
  const query = useLiveQuery({
    source: () => profile.db,
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

  /** Replaces the list with `next` when it is valid; the problems otherwise. */
  async function save(next: readonly { id: string; name: string }[]): Promise<CategoryChange> {
    const problems = listProblems(next);
    if (problems.length > 0) return { ok: false, problems };
    await writeCategories(profile.db, normaliseList(next));
    return { ok: true };
  }

  /** Adds the categories of an imported file, renaming numbers it also lists; removes none. */
  async function importList(
    incoming: readonly { id: string; name: string }[],
  ): Promise<CategoryChange> {
    const problems = listProblems(incoming);
    if (problems.length > 0) return { ok: false, problems };
    return save(mergeLists(list.value, normaliseList(incoming)));
  }

  return { list, index, readError, label, resolve, save, importList };
});

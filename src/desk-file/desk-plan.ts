/**
 * What opening a desk file would change, worked out before anything changes,
 * for each of the two ways (`docs/offline-sync.md`, "The desk file"):
 *
 * - **add** (another desk's records): records of sent animals merge by the
 *   animal's ID (`record-merge.ts`), categories by number (this desk's name
 *   kept unless staff pick the file's), history is added marked with the
 *   desk it came from, with the desk's history rows this desk lacks (by
 *   key: never twice); nothing queued in the file is taken;
 * - **replace** (this computer takes over from the one that saved it):
 *   everything is taken as the file has it, the queue included.
 */
import { mergeLists, type Category } from '../data/category-list';
import type { CachedPet } from '../data/db';
import type { DeskFileHeader, ProfileContents } from '../data/desk-contents';
import type { DeskProfileState } from '../data/desk-state';
import type { TakenProfile } from '../data/desk-take';
import type { IntakeRecord } from '../data/intake-record';
import {
  conflictsOf,
  mergeRecords,
  type PartConflict,
  type RecordPart,
  type Side,
} from './record-merge';

export type TakeMode = 'add' | 'replace';

/** A category number both desks name differently. */
interface CategoryConflict {
  id: string;
  desk: string;
  file: string;
}

/** One profile's plan: the file's part, this desk's, and what differs. */
export interface ProfilePlan {
  header: DeskFileHeader;
  file: ProfileContents;
  desk: DeskProfileState;
  /** True when the file's profile used another service address than this desk's. */
  addressDiffers: boolean;
  /** Parts of records both desks wrote differently (add only). */
  conflicts: PartConflict[];
  categoryConflicts: CategoryConflict[];
  /** Whether the file came from this very desk (its history is this desk's own). */
  ownFile: boolean;
}

/** Staff's picks for the conflicts, by {@link choiceId}; a conflict without one takes its default. */
export type Picks = ReadonlyMap<string, Side>;

/** The id of one conflict's choice. */
export function choiceId(profile: string, what: string, part: string): string {
  return `${profile}|${what}|${part}`;
}

/** Whether a record belongs to an animal the service has (its key is a service ID). */
const isSent = (record: IntakeRecord): boolean => !record.key.startsWith('local:');

function sameAddress(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

function photoSizes(
  plan: Pick<ProfilePlan, 'desk'>,
  fileSizes: ReadonlyMap<string, number>,
  key: string,
) {
  return { desk: plan.desk.photoBytes.get(key) ?? null, file: fileSizes.get(key) ?? null };
}

/** The plan for one profile of the file. `fileSizes`: each file photo's byte size by key. */
export function planProfile(
  header: DeskFileHeader,
  file: ProfileContents,
  desk: DeskProfileState,
  deskServiceUrl: string,
  fileSizes: ReadonlyMap<string, number>,
  ownDeskId: string,
): ProfilePlan {
  const plan: ProfilePlan = {
    header,
    file,
    desk,
    addressDiffers:
      file.serviceUrl !== '' &&
      deskServiceUrl !== '' &&
      !sameAddress(file.serviceUrl, deskServiceUrl),
    conflicts: [],
    categoryConflicts: [],
    ownFile: header.deskId === ownDeskId,
  };
  for (const record of file.records.filter(isSent)) {
    const here = desk.records.get(record.key);
    if (here !== undefined) {
      plan.conflicts.push(...conflictsOf(here, record, photoSizes(plan, fileSizes, record.key)));
    }
  }
  const names = new Map(desk.categories.map((category) => [category.id, category.name]));
  for (const category of file.categories) {
    const name = names.get(category.id);
    if (name !== undefined && name !== category.name) {
      plan.categoryConflicts.push({ id: category.id, desk: name, file: category.name });
    }
  }
  return plan;
}

/** What each way would do, counted for the screen. */
export interface PlanCounts {
  /** `events`: rows of the desk's history (`history-event.ts`) each way would add. */
  add: { records: number; categories: number; history: number; queueLeft: number; events: number };
  replace: {
    records: number;
    photos: number;
    categories: number;
    queue: number;
    queueHere: number;
    events: number;
  };
}

export function countPlan(plan: ProfilePlan): PlanCounts {
  const { file, desk } = plan;
  const knownIds = new Set(desk.categories.map((category) => category.id));
  const queue = desk.queueTakenBefore
    ? 0
    : file.queue.filter((entry) => !desk.queueHere.has(entry.id)).length;
  return {
    add: {
      records: file.records.filter(isSent).length,
      categories: file.categories.filter((category) => !knownIds.has(category.id)).length,
      history: historyRows(plan).length,
      queueLeft: file.queue.length,
      events: newEvents(plan).length,
    },
    replace: {
      records: file.records.length,
      photos: file.photos.length,
      categories: file.categories.length,
      queue,
      queueHere: file.queue.length - queue,
      events: newEvents(plan).length,
    },
  };
}

/** Each way's counts over all `plans`: what the dialog says each would take. */
export function totalCounts(plans: readonly ProfilePlan[]): PlanCounts {
  const total: PlanCounts = {
    add: { records: 0, categories: 0, history: 0, queueLeft: 0, events: 0 },
    replace: { records: 0, photos: 0, categories: 0, queue: 0, queueHere: 0, events: 0 },
  };
  for (const counts of plans.map(countPlan)) {
    for (const way of ['add', 'replace'] as const) {
      const sum: Record<string, number> = total[way];
      for (const [key, n] of Object.entries(counts[way])) sum[key] = (sum[key] ?? 0) + n;
    }
  }
  return total;
}

/**
 * The file's history as this desk keeps it when adding: each animal another
 * desk took in, marked with that desk; an animal this desk typed keeps its own.
 */
function historyRows(plan: ProfilePlan): CachedPet[] {
  const { header, file, desk } = plan;
  const rows: CachedPet[] = [];
  for (const row of file.animals) {
    if (desk.typedHere.has(row.key)) continue;
    if (plan.ownFile && row.typedAt !== undefined) {
      rows.push(row);
      continue;
    }
    const otherDesk =
      row.otherDesk ??
      (row.typedAt === undefined ? undefined : { label: header.deskLabel, typedAt: row.typedAt });
    if (otherDesk === undefined) continue;
    const { typedAt: _typed, sentAt: _sent, cardDue: _card, imported: _imported, ...service } = row;
    rows.push({ ...service, outboxId: null, otherDesk });
  }
  return rows;
}

/** The file's history rows this desk has not got yet: either way takes them, and only them. */
function newEvents(plan: ProfilePlan) {
  return plan.file.history.filter((row) => !plan.desk.historyHere.has(row.key));
}

/** What to write for `plan` the way staff chose; `fileSizes` as for {@link planProfile}. */
export function takenFor(
  plan: ProfilePlan,
  mode: TakeMode,
  picks: Picks,
  fileSizes: ReadonlyMap<string, number>,
): TakenProfile {
  const { file, desk, header } = plan;
  if (mode === 'replace') {
    return {
      records: file.records,
      photoKeys: file.photos.map((photo) => photo.key),
      categories: mergeLists(desk.categories, file.categories),
      animals: file.animals,
      queue: file.queue,
      settings: file.settings,
      history: file.history,
      fileId: header.fileId,
    };
  }
  const records: IntakeRecord[] = [];
  const photoKeys: string[] = [];
  for (const record of file.records.filter(isSent)) {
    const here = desk.records.get(record.key);
    const sizes = photoSizes(plan, fileSizes, record.key);
    if (here === undefined) {
      records.push(record);
      if (sizes.file !== null) photoKeys.push(record.key);
      continue;
    }
    const pick = (part: RecordPart): Side => {
      const chosen = picks.get(choiceId(file.profile, record.key, part));
      return chosen ?? (record.updatedAt > here.updatedAt ? 'file' : 'desk');
    };
    const merged = mergeRecords(here, record, sizes, pick);
    records.push(merged.record);
    if (merged.photoFromFile) photoKeys.push(record.key);
  }
  const incoming: Category[] = file.categories.filter((category) => {
    const conflict = plan.categoryConflicts.find((c) => c.id === category.id);
    return (
      conflict === undefined ||
      picks.get(choiceId(file.profile, 'category', category.id)) === 'file'
    );
  });
  return {
    records,
    photoKeys,
    categories: mergeLists(desk.categories, incoming),
    animals: historyRows(plan),
    queue: [],
    settings: null,
    history: file.history,
    fileId: null,
  };
}

import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import { PROFILES } from '../../electron/contract/profiles';
import { api } from '../api';
import { pageLocalStorage } from '../browser/page-storage';
import {
  DESK_FILE_FORMAT,
  type DeskFileContents,
  type DeskFileHeader,
} from '../data/desk-contents';
import { holdsAnything, profileToSave } from '../data/desk-snapshot';
import { contentsProblem } from '../data/desk-checks';
import { readDeskState } from '../data/desk-state';
import { writeTaken, type TakeOutcome } from '../data/desk-take';
import { profileDb } from '../data/layer';
import { describeStorageError } from '../data/storage';
import {
  choiceId,
  planProfile,
  takenFor,
  type ProfilePlan,
  type TakeMode,
} from '../desk-file/desk-plan';
import { deskFileName } from '../desk-file/desk-file-name';
import { readDeskFile } from '../desk-file/read-desk-file';
import type { DeskFileRefusal } from '../desk-file/desk-file-refusal';
import type { Side } from '../desk-file/record-merge';
import { writeDeskFile } from '../desk-file/write-desk-file';
import { deskIdentity, markSaved } from '../desk-file/desk-identity';
import { offerDownload } from '../files/download';
import { t } from '../i18n';

/** Where the desk file's dialog is. */
type Step = 'idle' | 'reading' | 'refused' | 'review' | 'taking' | 'taken' | 'failed';

/**
 * The desk file (`src/desk-file/`): saving this desk to one file, and opening
 * one: read and checked whole, compared with this desk, shown, and only then
 * taken the way staff choose. Also makes the automatic copies the desktop app
 * keeps (`composables/desk-copies.ts`).
 */
export const useDeskFileStore = defineStore('desk-file', () => {
  const step = ref<Step>('idle');
  const saving = ref(false);
  /** What the last save said, in a sentence; null before one. */
  const saveNote = ref<string | null>(null);
  const refusal = shallowRef<DeskFileRefusal | null>(null);
  const failure = ref<string | null>(null);
  const contents = shallowRef<DeskFileContents | null>(null);
  const plans = shallowRef<ProfilePlan[]>([]);
  /** Staff's picks for the conflicts, by `choiceId`. */
  const picks = reactive(new Map<string, Side>());
  /** Staff confirmed a file made for another service address. */
  const addressConfirmed = ref(false);
  const outcome = shallowRef<{ mode: TakeMode; totals: TakeOutcome } | null>(null);
  // Each opening's own number: one closed (or replaced by another) while it
  // was still reading says nothing when its reading ends.
  let opening = 0;

  const addressDiffers = computed(() => plans.value.some((plan) => plan.addressDiffers));
  const canTake = computed(
    () => step.value === 'review' && (!addressDiffers.value || addressConfirmed.value),
  );

  /** This desk as one file: every profile's part, and whether it holds anything at all. */
  async function makeFile(): Promise<{ blob: Blob; savedAt: number; holds: boolean }> {
    const [info, profiles] = await Promise.all([api.appInfo(), api.listProfiles()]);
    const identity = deskIdentity(pageLocalStorage(), info.ok ? info.value.computerName : '');
    const savedAt = Date.now();
    const header: DeskFileHeader = {
      format: DESK_FILE_FORMAT,
      kennelVersion: info.ok ? info.value.version : '',
      savedAt,
      deskId: identity.id,
      deskLabel: identity.label === '' ? t('desk.unnamedDesk') : identity.label,
      fileId: crypto.randomUUID(),
    };
    const urls = new Map(profiles.ok ? profiles.value.map((p) => [p.name, p.baseUrl]) : []);
    const parts = await Promise.all(
      PROFILES.map(async (name) =>
        profileToSave(await profileDb(name), name, urls.get(name) ?? ''),
      ),
    );
    const blob = await writeDeskFile(header, parts);
    return { blob, savedAt, holds: parts.some((part) => holdsAnything(part.contents)) };
  }

  /** "Save this desk to a file": offered as a download (the desktop app asks where). */
  async function save(): Promise<void> {
    if (saving.value) return;
    saving.value = true;
    saveNote.value = null;
    try {
      const { blob, savedAt } = await makeFile();
      offerDownload(blob, deskFileName(savedAt));
      markSaved(pageLocalStorage(), savedAt);
      saveNote.value = t('desk.save.done', { name: deskFileName(savedAt) });
    } catch (error) {
      saveNote.value = describeStorageError(error) ?? t('desk.save.failed');
    } finally {
      saving.value = false;
    }
  }

  function reset(): void {
    refusal.value = null;
    failure.value = null;
    contents.value = null;
    plans.value = [];
    picks.clear();
    addressConfirmed.value = false;
    outcome.value = null;
  }

  /** Reads `file` whole and compares it with this desk; nothing changes. */
  async function open(file: Blob): Promise<void> {
    if (step.value === 'taking') return;
    const mine = ++opening;
    reset();
    step.value = 'reading';
    try {
      const read = await readDeskFile(file);
      if (mine !== opening) return;
      if (!read.ok) {
        refusal.value = read.refusal;
        step.value = 'refused';
        return;
      }
      if (read.contents.profiles.some((part) => contentsProblem(part.contents) !== null)) {
        refusal.value = { kind: 'damaged' };
        step.value = 'refused';
        return;
      }
      const [info, profiles] = await Promise.all([api.appInfo(), api.listProfiles()]);
      const own = deskIdentity(pageLocalStorage(), info.ok ? info.value.computerName : '');
      const urls = new Map(profiles.ok ? profiles.value.map((p) => [p.name, p.baseUrl]) : []);
      const { header } = read.contents;
      const made: ProfilePlan[] = [];
      for (const part of read.contents.profiles) {
        if (!holdsAnything(part.contents) && part.contents.animals.length === 0) continue;
        const db = await profileDb(part.contents.profile);
        const desk = await readDeskState(db, part.contents, header.fileId);
        const url = urls.get(part.contents.profile) ?? '';
        made.push(planProfile(header, part.contents, desk, url, photoSizes(part.photos), own.id));
      }
      if (mine !== opening) return;
      contents.value = read.contents;
      plans.value = made;
      step.value = 'review';
    } catch (error) {
      if (mine !== opening) return;
      failure.value = describeStorageError(error) ?? t('desk.open.failed');
      step.value = 'failed';
    }
  }

  function photoSizes(photos: ReadonlyMap<string, { jpeg: Blob }>): Map<string, number> {
    return new Map([...photos].map(([key, photo]) => [key, photo.jpeg.size]));
  }

  /** Takes the file the way staff chose. */
  async function take(mode: TakeMode): Promise<void> {
    const read = contents.value;
    if (!canTake.value || read === null) return;
    step.value = 'taking';
    const totals: TakeOutcome = { records: 0, photos: 0, queued: 0, queueSkipped: 0 };
    try {
      for (const plan of plans.value) {
        const photos = read.profiles.find((p) => p.contents.profile === plan.file.profile)?.photos;
        const sizes = photoSizes(photos ?? new Map());
        const taken = takenFor(plan, mode, picks, sizes);
        const done = await writeTaken(
          await profileDb(plan.file.profile),
          taken,
          photos ?? new Map(),
        );
        totals.records += done.records;
        totals.photos += done.photos;
        totals.queued += done.queued;
        totals.queueSkipped += done.queueSkipped;
      }
      outcome.value = { mode, totals };
      step.value = 'taken';
    } catch (error) {
      failure.value = describeStorageError(error) ?? t('desk.open.failed');
      step.value = 'failed';
    }
  }

  function pick(profile: string, what: string, part: string, side: Side): void {
    picks.set(choiceId(profile, what, part), side);
  }

  /** Closes the dialog; not while a file is being taken, which must be seen to its end. */
  function close(): void {
    if (step.value === 'taking') return;
    opening += 1;
    reset();
    step.value = 'idle';
  }

  return {
    step,
    saving,
    saveNote,
    refusal,
    failure,
    contents,
    plans,
    picks,
    addressConfirmed,
    addressDiffers,
    canTake,
    outcome,
    makeFile,
    save,
    open,
    take,
    pick,
    close,
  };
});

/**
 * The desktop app's side of the desk file, wired to the window: the main
 * process asks for an automatic copy (each day, and at quit) and the window
 * makes it; the File menu's commands reach the desk file here, and its words
 * follow the language staff chose. Browser mode has none of it: null.
 */
import { onBeforeUnmount, watch } from 'vue';
import type { DeskCopiesApi, DeskCopyReason } from '../../electron/contract/desk-copies';
import { deskCopiesApi } from '../bridge/desk-copies';
import { t, useI18n } from '../i18n';
import { useDeskFileStore } from '../stores/desk-file';

/** The id of Settings' "Open a desk file" button, where the File menu's Open takes staff. */
export const DESK_OPEN_BUTTON_ID = 'settings-desk-open';

export function useDeskCopies(actions: {
  openSettingsAt: (fieldId: string) => void;
}): DeskCopiesApi | null {
  const copies = deskCopiesApi();
  if (copies === null) return null;
  const desk = useDeskFileStore();
  const { locale } = useI18n();

  async function keepCopy(reason: DeskCopyReason): Promise<void> {
    try {
      const made = await desk.makeFile();
      await copies?.keep(made.holds ? new Uint8Array(await made.blob.arrayBuffer()) : null, reason);
    } catch {
      // Said to the main process, so a quit does not wait for a copy that will not come.
      await copies?.keep(null, reason);
    }
  }

  const stops = [
    copies.onWanted((reason) => void keepCopy(reason)),
    copies.onMenu((command) => {
      // A file chooser opens only from a click in the page: Open leads to the button.
      if (command === 'save') void desk.save();
      else actions.openSettingsAt(DESK_OPEN_BUTTON_ID);
    }),
  ];
  watch(
    locale,
    () =>
      void copies.menuWords({
        file: t('desk.menu.file'),
        save: t('desk.menu.save'),
        open: t('desk.menu.open'),
        quit: t('desk.menu.quit'),
      }),
    { immediate: true },
  );
  onBeforeUnmount(() => stops.forEach((stop) => stop()));
  return copies;
}

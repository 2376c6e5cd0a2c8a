/**
 * Closing asks first, wired to the page. In a browser, `beforeunload` asks
 * (the browser's own words) only while anything is unfinished, so a reload
 * with nothing waiting is silent. In the desktop app the main process owns
 * the close and asks with a native dialog: the page keeps it told what is
 * unfinished and in which words to ask, and sends when staff chose "Send now
 * and close". A `beforeunload` there would cancel the close without a word,
 * so the page adds none.
 */
import { onScopeDispose, watch } from 'vue';
import type { ClosingApi, ClosingWords, CountedWords } from '../../electron/contract/closing';
import { closingApi } from '../bridge/closing';
import { t, useI18n } from '../i18n';
import { useUnfinishedStore } from '../stores/unfinished';

/** A plural message as the main process takes it: `{n}` left in, for one and for several. */
function countedWords(key: string): CountedWords {
  return { one: t(key, { n: '{n}' }, 1), other: t(key, { n: '{n}' }, 2) };
}

/** The closing question's words in the language on screen. */
function closingWords(): ClosingWords {
  const k = (key: string): string => `closing.dialog.${key}`;
  return {
    title: t(k('title')),
    waiting: countedWords(k('waiting')),
    correcting: countedWords(k('correcting')),
    attention: countedWords(k('attention')),
    whenReopened: t(k('whenReopened')),
    forStaff: t(k('forStaff')),
    elsewhere: countedWords(k('elsewhere')),
    keepOpen: t(k('keepOpen')),
    sendAndClose: t(k('sendAndClose')),
    closeSent: t(k('closeSent')),
    closeKept: t(k('closeKept')),
    notAllSent: countedWords(k('notAllSent')),
    ok: t(k('ok')),
  };
}

function askInBrowser(): void {
  const unfinished = useUnfinishedStore();
  const ask = (event: BeforeUnloadEvent): void => {
    if (!unfinished.asks) return;
    event.preventDefault();
    // Older browsers ask only when this is set; none shows its text.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', ask);
  onScopeDispose(() => window.removeEventListener('beforeunload', ask));
}

function tellMainProcess(api: ClosingApi): void {
  const unfinished = useUnfinishedStore();
  const { locale } = useI18n();
  const stops = [
    api.onReportWanted(() => void unfinished.recount().then((report) => api.report(report))),
    api.onSendNow((ask) => {
      const answer = (): Promise<void> =>
        unfinished.recount().then((report) => api.sent(ask, report));
      void unfinished.sendNow().then((report) => api.sent(ask, report), answer);
    }),
  ];
  // The report is worked out again at every step of a sending; only a change is told.
  let told = '';
  watch(
    () => unfinished.report,
    (report) => {
      const now = JSON.stringify(report);
      if (now === told) return;
      told = now;
      void api.report(report);
    },
    { immediate: true },
  );
  watch(locale, () => void api.words(closingWords()), { immediate: true });
  onScopeDispose(() => stops.forEach((stop) => stop()));
}

/** Asks before the page or the app closes while anything on this desk is unfinished. */
export function useClosingAsks(): void {
  const api = closingApi();
  if (api === null) askInBrowser();
  else tellMainProcess(api);
}

import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { startFirstPageReader } from './data/early-reader';
import { applyLanguage, initialLanguage } from './i18n';
import { startTheme } from './theme/theme';
import { pageLocalStorage } from './browser/page-storage';
import { movedDataSource } from './data/moved-data-source';
import { readActiveProfile } from './stores/persisted-profile';
import './styles/app.css';

// Start-up milestones for the browser's performance timeline (and the benchmark's
// start-up phases, docs/performance.md): every module has run by this line.
performance.mark('kennel:modules-run');

/** The longest the mount waits for the list's opening page. */
const OPENING_PAGE_WAIT_MS = 50;

/** Starts the app over the storage this origin holds. */
function start(): void {
  // Reading the profile's database is the slowest step before the list can show
  // rows. It starts first, without Dexie (fetched once the rows are on screen,
  // `data/layer.ts`), and the app mounts once the opening page is read: an
  // answer from IndexedDB is only handled between tasks, so one that comes while
  // Vue mounts waits for the mount and then for the frame after it. The wait is
  // bounded, so a slow disk shows the page (its list still loading) rather than
  // nothing. A database that cannot be read is reported by the list.
  const openingPage = startFirstPageReader(readActiveProfile(pageLocalStorage()));

  startTheme();

  // The language's catalogue is a chunk of its own, fetched while the database
  // opens. Should it fail to load, the app starts in English; should that fail
  // too, it still mounts (showing message keys) rather than not at all.
  const language = applyLanguage(initialLanguage())
    .catch(() => applyLanguage('en'))
    .catch(() => undefined);

  const openingPageOrTimeout = Promise.race([
    openingPage,
    new Promise<void>((resolve) => setTimeout(resolve, OPENING_PAGE_WAIT_MS)),
  ]);

  void Promise.all([language, openingPageOrTimeout]).then(() => {
    performance.mark('kennel:mount');
    createApp(App).use(createPinia()).mount('#app');
    performance.mark('kennel:mounted');
  });
}

// The desktop app's first start on its own origin writes back what the old
// one held before anything here reads storage. Every later start, and browser
// mode, starts without fetching the code that writes it back.
const moved = movedDataSource();
if (moved === null) start();
else
  void moved
    .take()
    .then(async (data) => {
      if (data === null) return;
      const { restoreMovedData } = await import('./data/moved-data');
      const taken = { take: async () => data, stored: () => moved.stored() };
      await restoreMovedData(taken, { indexedDB, IDBKeyRange }, pageLocalStorage());
    })
    .catch(() => undefined)
    .finally(start);

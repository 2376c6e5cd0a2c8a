import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { startFirstPageReader } from './data/early-reader';
import { applyLanguage, i18n, initialLanguage } from './i18n';
import { startTheme } from './theme/theme';
import { pageLocalStorage, readActiveProfile } from './stores/persisted-profile';
import './styles/app.css';

// Start-up milestones for the browser's performance timeline (and the benchmark's
// start-up phases, docs/performance.md): every module has run by this line.
performance.mark('kennel:modules-run');

// Reading the profile's database is the slowest step before the list can show
// rows. Start it first, and mount in the next task: the browser then opens the
// database and reads the opening page while the app mounts instead of after.
// It is read without Dexie, which is fetched once the rows are on screen
// (`data/layer.ts`). A database that cannot be read is reported by the list.
startFirstPageReader(readActiveProfile(pageLocalStorage()));

startTheme();

// The language's catalogue is a chunk of its own, fetched while the database
// opens. Should it fail to load, the app starts in English; should that fail
// too, it still mounts (showing message keys) rather than not at all.
const language = applyLanguage(initialLanguage())
  .catch(() => applyLanguage('en'))
  .catch(() => undefined);

setTimeout(() => {
  void language.then(() => {
    performance.mark('kennel:mount');
    createApp(App).use(createPinia()).use(i18n).mount('#app');
    performance.mark('kennel:mounted');
  });
}, 0);

import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { openProfileDb } from './data/db';
import { applyLanguage, i18n, initialLanguage } from './i18n';
import { startTheme } from './theme/theme';
import { pageLocalStorage, readActiveProfile } from './stores/persisted-profile';
import './styles/app.css';

// Opening the profile's database is the slowest step before the list can show
// rows. Start it first, and mount in the next task: Dexie sends the open
// request only once this script has finished, and the browser then opens the
// database while the app mounts instead of after. A failure is not handled
// here; the list's first query reports it.
openProfileDb(readActiveProfile(pageLocalStorage()))
  .open()
  .catch(() => undefined);

startTheme();

// The language's catalogue is a chunk of its own, fetched while the database
// opens. Should it fail to load, the app starts in English; should that fail
// too, it still mounts (showing message keys) rather than not at all.
const language = applyLanguage(initialLanguage())
  .catch(() => applyLanguage('en'))
  .catch(() => undefined);

setTimeout(() => {
  void language.then(() => {
    createApp(App).use(createPinia()).use(i18n).mount('#app');
  });
}, 0);

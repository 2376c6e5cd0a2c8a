import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { openProfileDb } from './data/db';
import { applyLanguage, currentLanguage, i18n } from './i18n';
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
applyLanguage(currentLanguage());

setTimeout(() => {
  createApp(App).use(createPinia()).use(i18n).mount('#app');
}, 0);

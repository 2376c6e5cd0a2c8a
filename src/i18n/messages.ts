/**
 * Every string staff read, per language. English is the source: each area's
 * Spanish file must have exactly the same keys, which the type below and a
 * unit test both check. One file per area keeps each screen's words together.
 */
import enAnimals from './en/animals.json';
import enApp from './en/app.json';
import enCommon from './en/common.json';
import enData from './en/data.json';
import enCategories from './en/categories.json';
import enErrors from './en/errors.json';
import enImport from './en/import.json';
import enKeyboard from './en/keyboard.json';
import enOrders from './en/orders.json';
import enSettings from './en/settings.json';
import enStatus from './en/status.json';
import esAnimals from './es/animals.json';
import esApp from './es/app.json';
import esCommon from './es/common.json';
import esData from './es/data.json';
import esCategories from './es/categories.json';
import esErrors from './es/errors.json';
import esImport from './es/import.json';
import esKeyboard from './es/keyboard.json';
import esOrders from './es/orders.json';
import esSettings from './es/settings.json';
import esStatus from './es/status.json';

export const en = {
  animals: enAnimals,
  app: enApp,
  common: enCommon,
  data: enData,
  categories: enCategories,
  errors: enErrors,
  import: enImport,
  keyboard: enKeyboard,
  orders: enOrders,
  settings: enSettings,
  status: enStatus,
};

/** The shape every language must fill: English's keys, any string values. */
export type MessageSchema = typeof en;

export const es: MessageSchema = {
  animals: esAnimals,
  app: esApp,
  common: esCommon,
  data: esData,
  categories: esCategories,
  errors: esErrors,
  import: esImport,
  keyboard: esKeyboard,
  orders: esOrders,
  settings: esSettings,
  status: esStatus,
};

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Every string staff read, in Spanish: the same keys as English (`MessageSchema`). */
import type { MessageSchema } from '../schema';
import animals from './animals.json';
import app from './app.json';
import cards from './cards.json';
import categories from './categories.json';
import common from './common.json';
import data from './data.json';
import errors from './errors.json';
import hold from './hold.json';
import importing from './import.json';
import keyboard from './keyboard.json';
import orders from './orders.json';
import overview from './overview.json';
import records from './records.json';
import photo from './photo.json';
import settings from './settings.json';
import status from './status.json';

const es: MessageSchema = {
  animals,
  app,
  cards,
  common,
  data,
  categories,
  errors,
  hold,
  import: importing,
  keyboard,
  orders,
  overview,
  records,
  photo,
  settings,
  status,
};

export default es;

/**
 * Every string staff read, in English: the source language. Each area's
 * Spanish file must have exactly the same keys, which `MessageSchema` and a
 * unit test both check. One file per area keeps each screen's words together.
 */
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

const en = {
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

export default en;

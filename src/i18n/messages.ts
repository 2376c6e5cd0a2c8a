/**
 * Every string staff read, per language. English is the source: each area's
 * Spanish file must have exactly the same keys, which the type below and a
 * unit test both check. One file per area keeps each screen's words together.
 */
import enCommon from './en/common.json';
import enData from './en/data.json';
import enErrors from './en/errors.json';
import esCommon from './es/common.json';
import esData from './es/data.json';
import esErrors from './es/errors.json';

export const en = {
  common: enCommon,
  data: enData,
  errors: enErrors,
};

/** The shape every language must fill: English's keys, any string values. */
export type MessageSchema = typeof en;

export const es: MessageSchema = {
  common: esCommon,
  data: esData,
  errors: esErrors,
};

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

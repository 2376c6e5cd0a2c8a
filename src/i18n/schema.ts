import type en from './en';

/** The shape every language must fill: English's keys, any string values. */
export type MessageSchema = typeof en;

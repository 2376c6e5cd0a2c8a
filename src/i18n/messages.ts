/**
 * The languages Kennel speaks and how their catalogues load. Each language's
 * catalogue is a chunk of its own, fetched when that language is first used:
 * the page loads only the one it shows before the list's first rows.
 */
import type en from './en';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The shape every language must fill: English's keys, any string values. */
export type MessageSchema = typeof en;

/** The catalogue of `language`, from its own chunk. */
export async function loadMessages(language: Language): Promise<MessageSchema> {
  switch (language) {
    case 'en':
      return (await import('./en')).default;
    case 'es':
      return (await import('./es')).default;
  }
}

/**
 * The languages Kennel speaks and how their catalogues load. Each language's
 * catalogue is a chunk of its own, fetched when that language is first used:
 * the page loads only the one it shows before the list's first rows.
 */
import type { MessageSchema } from './schema';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The catalogue of `language`, from its own chunk. */
export async function loadMessages(language: Language): Promise<MessageSchema> {
  switch (language) {
    case 'en':
      return (await import('./en')).default;
    case 'es':
      return (await import('./es')).default;
  }
}

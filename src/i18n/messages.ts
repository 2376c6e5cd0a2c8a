/**
 * The languages Kennel speaks and how their catalogues load. Each language's
 * catalogue is a chunk of its own, fetched when that language is first used:
 * the page loads only the one it shows before the list's first rows.
 */
import type { Catalogue } from './message';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

// The catalogues' types are their sources' (text); the build compiles each message.
const compiled = (module: { default: object }): Catalogue => module.default as Catalogue;

/** The catalogue of `language`, from its own chunk. */
export async function loadMessages(language: Language): Promise<Catalogue> {
  switch (language) {
    case 'en':
      return compiled(await import('./en'));
    case 'es':
      return compiled(await import('./es'));
  }
}

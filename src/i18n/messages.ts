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

/**
 * Words fetched apart from their language's catalogue: those only screens
 * opened after the list's first rows read (the desk file's, the desk's
 * history, the shift sheet, litters, the closing question), so the first
 * rows do not wait for them. A screen that reads them loads them first
 * (`withWords` in `index.ts`).
 */
export type LaterWords = 'desk' | 'history' | 'shift' | 'litter' | 'closing';

/** The words `words` of `language`, from their own chunk. */
export async function loadLaterWords(language: Language, words: LaterWords): Promise<Catalogue> {
  switch (`${language}/${words}` as const) {
    case 'en/desk':
      return compiled(await import('./en/desk.json'));
    case 'es/desk':
      return compiled(await import('./es/desk.json'));
    case 'en/history':
      return compiled(await import('./en/history.json'));
    case 'es/history':
      return compiled(await import('./es/history.json'));
    case 'en/shift':
      return compiled(await import('./en/shift.json'));
    case 'es/shift':
      return compiled(await import('./es/shift.json'));
    case 'en/litter':
      return compiled(await import('./en/litter.json'));
    case 'es/litter':
      return compiled(await import('./es/litter.json'));
    case 'en/closing':
      return compiled(await import('./en/closing.json'));
    case 'es/closing':
      return compiled(await import('./es/closing.json'));
  }
}

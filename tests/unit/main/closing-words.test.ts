import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClosingWords } from '../../../electron/contract/closing';
import {
  closingDialog,
  ENGLISH_CLOSING_WORDS,
  parseClosingWords,
} from '../../../electron/main/closing-words';

/** The renderer's English catalogue of the question, as the window sends it. */
function windowWords(language: string): ClosingWords {
  const file = join(__dirname, '../../../src/i18n', language, 'closing.json');
  const dialog = (JSON.parse(readFileSync(file, 'utf8')) as { dialog: Record<string, string> })
    .dialog;
  const words: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(dialog)) {
    const [one, other] = text.split(' | ');
    words[key] = other === undefined ? text : { one, other };
  }
  return words as unknown as ClosingWords;
}

describe('the closing question’s words', () => {
  it('are the same in English before the window sends its own', () => {
    expect(windowWords('en')).toEqual(ENGLISH_CLOSING_WORDS);
  });

  it('take the Spanish the window sends', () => {
    const spanish = parseClosingWords(windowWords('es'));
    expect(spanish).not.toBeNull();
    const box = closingDialog(
      { waiting: 2, correcting: 0, attention: 1, elsewhere: 0, sendable: 2, online: true },
      spanish!,
    );
    expect(box.message).toBe('2 animales esperan todavía a enviarse, 1 necesita atención.');
    expect(box.buttons).toEqual([
      'Mantener Kennel abierto',
      'Enviar ahora y cerrar',
      'Cerrar: se envían cuando Kennel se abra de nuevo',
    ]);
  });

  it('offer Send now only with something to send in the profile on screen', () => {
    const box = closingDialog(
      { waiting: 2, correcting: 0, attention: 0, elsewhere: 2, sendable: 0, online: true },
      ENGLISH_CLOSING_WORDS,
    );
    expect(box.choices).toEqual(['keep-open', 'close']);
    expect(box.detail).toBe(
      'They stay on this computer and are sent when Kennel opens again and can reach the service. 2 of them are in another profile: they wait until that profile is opened again.',
    );
  });
});

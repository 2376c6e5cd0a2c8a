/**
 * Microchip numbers. ISO 11784/11785 chips read as 15 digits; older chips
 * still in animals read as 9 digits (AVID) or 10 hexadecimal characters
 * (FECAVA and early Trovan). Scanners and people add spaces and dashes, so
 * those are dropped before the number is checked or compared.
 */

/** Why a typed chip number cannot be one. */
export type ChipProblem =
  { kind: 'character'; character: string } | { kind: 'length'; length: number };

/** `text` without spaces, dashes and dots, in capitals: how a chip is stored and compared. */
export function normaliseChip(text: string): string {
  return text.replace(/[\s\-.\u00a0\u2010-\u2015]/g, '').toUpperCase();
}

/** What is wrong with a normalised chip number, or null when it is one. */
export function chipProblem(chip: string): ChipProblem | null {
  const bad = /[^0-9A-F]/.exec(chip);
  if (bad !== null) return { kind: 'character', character: bad[0] };
  if (/^\d{15}$/.test(chip) || /^\d{9}$/.test(chip) || /^[0-9A-F]{10}$/.test(chip)) return null;
  // Hexadecimal letters belong only to 10-character chips.
  const letter = /[A-F]/.exec(chip);
  if (letter !== null && chip.length !== 10) return { kind: 'character', character: letter[0] };
  return { kind: 'length', length: chip.length };
}

/** Whether `text` is a full ISO chip number as a scanner types it: 15 digits. */
export function looksLikeIsoChip(text: string): boolean {
  return /^\d{15}$/.test(normaliseChip(text));
}

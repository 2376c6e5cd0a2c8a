// Letters that are not a base letter plus an accent, so NFKD leaves them whole.
const LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ß: 'ss',
  þ: 'th',
};

/**
 * Folds text for matching: accents off, case off, spaces tidied. "Zoë" and
 * "zoe", "ÉCLAIR" and "eclair", "Bjørn" and "bjorn" match, as staff who type
 * fast expect.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœłđßþ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The canonical id a search text names, when it is one: digits only, leading
 * zeros dropped ("0042" finds 42). Null otherwise.
 */
export function searchedId(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,19}$/.test(trimmed)) return null;
  const canonical = trimmed.replace(/^0+(?=\d)/, '');
  return canonical === '0' ? null : canonical;
}

/**
 * Compares two int64 decimal strings as numbers without BigInt (a sort calls
 * it a million times): sign, then length, then digits.
 */
export function compareDecimal(a: string, b: string): number {
  const aNeg = a.startsWith('-');
  const bNeg = b.startsWith('-');
  if (aNeg !== bNeg) return aNeg ? -1 : 1;
  const sign = aNeg ? -1 : 1;
  if (a.length !== b.length) return (a.length < b.length ? -1 : 1) * sign;
  if (a === b) return 0;
  return (a < b ? -1 : 1) * sign;
}

/**
 * A folded name's sort key in which numbers compare by value: "ash 2" before
 * "ash 10", as staff read them. Digit runs are padded to a fixed width so a
 * plain string comparison (fast enough to sort 100,000 names) gives that order.
 */
export function naturalKey(folded: string): string {
  return folded.replace(/\d+/g, (digits) => {
    const value = digits.replace(/^0+(?=\d)/, '');
    return value.length >= 20 ? value : value.padStart(20, '0');
  });
}

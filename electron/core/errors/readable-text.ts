/**
 * A text brought to the one shape a key is looked for in, with the way back to
 * the text itself. A service can echo a key percent-encoded, as HTML character
 * references, in full-width letters, or with spaces, dashes, no-break or
 * zero-width characters between its letters: whoever reads it still reads the
 * key, so redaction must too, and must then hide the stretch of the text the
 * copy came from, not the copy in the rewritten shape.
 */

/** A rewritten text and, for each of its code units, the stretch of the original it came from. */
export interface ReadableText {
  text: string;
  /** First code unit, in the original, of what became each code unit of `text`. */
  from: Uint32Array;
  /** The code unit after the last one, in the original, of the same. */
  to: Uint32Array;
}

/** What a rewriting pass writes with, in terms of its input's code units. */
interface Writer {
  /** Code units `start` to `end` of the input stay as they are. */
  keep(start: number, end: number): void;
  /** `piece` replaces code units `start` to `end` of the input ('' drops them). */
  put(piece: string, start: number, end: number): void;
}
type Pass = (text: string, out: Writer) => void;

/**
 * Characters that show as nothing: format characters (zero-width space and
 * joiners, soft hyphen, tag characters…), variation selectors, fillers.
 */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;

/**
 * What may also stand between a key's characters without being part of it:
 * spaces of every kind, dashes, dots, underscores and other connectors, and
 * colons (hex dumps).
 */
const SEPARATOR =
  /^[\s\p{Z}\p{Pd}\p{Pc}\p{Cf}\p{Default_Ignorable_Code_Point}.:\u00b7\u2022\u2027\u2212\u30fb\u3002]$/u;

/**
 * What a reading leaves out: `invisible` characters only (a key's own dashes
 * stay, for copies of it as written), or `all` separators (for copies spread
 * out by spaces, dashes and the like, where the key's own separators go too).
 */
export type Leaving = 'invisible' | 'all';

/** More rounds of decoding than any echo plausibly nests; bounds the work on hostile text. */
const MAX_DECODING_ROUNDS = 4;

/**
 * The names HTML gives printable ASCII (names are case-sensitive), and the
 * no-break space: what an escaper writes for a visible-ASCII key.
 */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  Tab: '\t',
  NewLine: '\n',
  nbsp: '\u00a0',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
};

// Numeric references may lack the `;`, as browsers accept; named ones need it.
const CHARACTER_REFERENCE = /&#(?:(\d{1,7})|[xX]([\da-fA-F]{1,6}));?|&([A-Za-z][A-Za-z\d]{1,31});/y;
const PERCENT_ESCAPES = /(?:%[\da-fA-F]{2}){1,4}/y;

/**
 * Applies one rewriting pass to `input`, carrying each new code unit's stretch
 * of the original. Unchanged stretches are copied whole: most text is.
 */
function rewrite(input: ReadableText, pass: Pass): ReadableText {
  const parts: string[] = [];
  let from = new Uint32Array(input.text.length + 8);
  let to = new Uint32Array(from.length);
  let length = 0;
  const room = (more: number): void => {
    if (length + more <= from.length) return;
    const size = 2 * (length + more);
    const [grownFrom, grownTo] = [new Uint32Array(size), new Uint32Array(size)];
    grownFrom.set(from.subarray(0, length));
    grownTo.set(to.subarray(0, length));
    [from, to] = [grownFrom, grownTo];
  };
  pass(input.text, {
    keep(start, end) {
      if (end <= start) return;
      room(end - start);
      parts.push(input.text.slice(start, end));
      from.set(input.from.subarray(start, end), length);
      to.set(input.to.subarray(start, end), length);
      length += end - start;
    },
    put(piece, start, end) {
      room(piece.length);
      parts.push(piece);
      from.fill(input.from[start]!, length, length + piece.length);
      to.fill(input.to[end - 1]!, length, length + piece.length);
      length += piece.length;
    },
  });
  return { text: parts.join(''), from: from.subarray(0, length), to: to.subarray(0, length) };
}

/** Whether a reading leaves a character out, decided once per character. */
function leftOutBy(pattern: RegExp): (char: string) => boolean {
  const ascii = new Uint8Array(0x80);
  for (let point = 0; point < 0x80; point += 1) {
    ascii[point] = pattern.test(String.fromCharCode(point)) ? 1 : 0;
  }
  const others = new Map<string, boolean>();
  return (char) => {
    const point = char.codePointAt(0)!;
    if (point < 0x80) return ascii[point] === 1;
    let out = others.get(char);
    if (out === undefined) others.set(char, (out = pattern.test(char)));
    return out;
  };
}

/**
 * Compatibility forms (full-width, circled, mathematical letters…) become the
 * plain letters they show, and what is `leftOut` goes. One code point at a
 * time, so every piece keeps its own place in the original.
 */
function plainLetters(text: string, out: Writer, leftOut: (char: string) => boolean): void {
  let kept = 0;
  for (let at = 0; at < text.length;) {
    const point = text.codePointAt(at)!;
    const size = point > 0xffff ? 2 : 1;
    const char = text.slice(at, at + size);
    const plain = point < 0x80 ? char : char.normalize('NFKC');
    if (plain !== char || leftOut(char)) {
      out.keep(kept, at);
      for (const piece of plain) if (!leftOut(piece)) out.put(piece, at, at + size);
      kept = at + size;
    }
    at += size;
  }
  out.keep(kept, text.length);
}

/** UTF-8 bytes a percent escape's first byte announces; 0 when it cannot start a character. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead < 0xe0) return 2;
  if (lead >= 0xe0 && lead < 0xf0) return 3;
  if (lead >= 0xf0 && lead < 0xf5) return 4;
  return 0;
}

/** The character percent escapes at `at` spell, and how many code units they take. */
function percentCharacter(text: string, at: number): [string, number] | undefined {
  PERCENT_ESCAPES.lastIndex = at;
  const escapes = PERCENT_ESCAPES.exec(text)?.[0];
  if (escapes === undefined) return undefined;
  const size = 3 * sequenceLength(Number.parseInt(escapes.slice(1, 3), 16));
  if (size === 0 || size > escapes.length) return undefined;
  try {
    return [decodeURIComponent(escapes.slice(0, size)), size];
  } catch {
    return undefined;
  }
}

/** The character an HTML character reference at `at` stands for, and its length. */
function referencedCharacter(text: string, at: number): [string, number] | undefined {
  CHARACTER_REFERENCE.lastIndex = at;
  const match = CHARACTER_REFERENCE.exec(text);
  if (match === null) return undefined;
  const [whole, decimal, hex, name] = match;
  if (name !== undefined) {
    const char = NAMED_REFERENCES[name];
    return char === undefined ? undefined : [char, whole.length];
  }
  const point = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
  const valid = point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff);
  return valid ? [String.fromCodePoint(point), whole.length] : undefined;
}

/** One round of percent and HTML-reference decoding; whatever is not a valid escape stays. */
function decodedEscapes(text: string, out: Writer): void {
  let kept = 0;
  for (const { index: at } of text.matchAll(/[%&]/g)) {
    if (at < kept) continue;
    const decoded = text[at] === '%' ? percentCharacter(text, at) : referencedCharacter(text, at);
    if (decoded === undefined) continue;
    const [piece, size] = decoded;
    out.keep(kept, at);
    out.put(piece, at, at + size);
    kept = at + size;
  }
  out.keep(kept, text.length);
}

/**
 * `text` as a reader of it would take it: escapes decoded (again while that
 * changes anything, for echoes encoded twice), compatibility forms folded to
 * plain letters, and what `leaving` says removed. Separators go before
 * decoding too, so an escape split by spaces is still read.
 */
export function readableText(text: string, leaving: Leaving): ReadableText {
  const leftOut = leftOutBy(leaving === 'all' ? SEPARATOR : INVISIBLE);
  const letters: Pass = (from, out) => plainLetters(from, out, leftOut);
  const identity: ReadableText = {
    text,
    from: new Uint32Array(text.length),
    to: new Uint32Array(text.length),
  };
  for (let at = 0; at < text.length; at += 1) {
    identity.from[at] = at;
    identity.to[at] = at + 1;
  }
  let readable = rewrite(identity, letters);
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    if (!/[%&]/.test(readable.text)) break;
    const decoded = rewrite(rewrite(readable, decodedEscapes), letters);
    if (decoded.text === readable.text) break;
    readable = decoded;
  }
  return readable;
}

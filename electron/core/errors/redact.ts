/**
 * Scrubbing keys out of text that may leave the Node side (error messages and
 * codes built from what a service said). A service can echo the key back in
 * any shape: whole, in part, upper-cased, base64- or hex-encoded, or with
 * invisible characters between its letters. Redaction therefore runs on the
 * full text, before anything is cut to length: a copy cut in half must still
 * be recognised as a copy.
 */

const REDACTED = '[redacted]';

/** Shortest run of a key that counts as a copy of it; shorter ones occur by chance. */
export const MIN_KEY_RUN = 8;

/** Shortest secret worth looking for whole; shorter ones would scrub ordinary words. */
const MIN_SECRET = 4;

/**
 * Characters that show as nothing: format characters (zero-width space and
 * joiners, word joiner, byte order mark, soft hyphen, tag characters…) and the
 * others Unicode lets a reader's screen leave out (variation selectors,
 * fillers). Between a key's letters they defeat a plain search while whoever
 * reads the text still reads the key.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu;

/**
 * `text` as a reader sees it, without {@link INVISIBLE} characters, and for
 * each of its code units the index of the same unit in `text`.
 */
function visibleText(text: string): { seen: string; origin: Uint32Array } {
  const origin = new Uint32Array(text.length);
  const parts: string[] = [];
  let kept = 0;
  let from = 0;
  const keep = (to: number): void => {
    parts.push(text.slice(from, to));
    for (let at = from; at < to; at += 1) origin[kept++] = at;
  };
  for (const match of text.matchAll(INVISIBLE)) {
    keep(match.index);
    from = match.index + match[0].length;
  }
  keep(text.length);
  return { seen: parts.join(''), origin: origin.subarray(0, kept) };
}

/**
 * Takes what was hidden of the visible text back to the text itself. The
 * invisible characters between two hidden ones are hidden with them, so a
 * spread-out copy becomes one stretch.
 */
function hiddenInText(hiddenSeen: Uint8Array, origin: Uint32Array, length: number): Uint8Array {
  const hidden = new Uint8Array(length);
  for (let at = 0; at < hiddenSeen.length; at += 1) {
    if (hiddenSeen[at] !== 1) continue;
    const start = origin[at]!;
    const end = hiddenSeen[at + 1] === 1 ? origin[at + 1]! : start + 1;
    hidden.fill(1, start, end);
  }
  return hidden;
}

/** ASCII-only lower case, so every index in the result is the same index in the input. */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The base64 text a secret turns into wherever it sits in a longer encoded
 * value (such as `user:key` in a Basic header): the three byte alignments, in
 * both alphabets, without the characters at the edges that depend on the
 * neighbouring bytes.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>();
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Leading characters carry the padding bytes; the last ones may mix in what follows.
    const start = shift === 0 ? 0 : Math.ceil((shift * 4) / 3);
    const end = Math.floor(((shift + bytes.length) * 4) / 3);
    const inner = encoded.slice(start, end);
    forms.add(inner);
    forms.add(inner.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((form) => form.length >= MIN_KEY_RUN);
}

/** Lower-case hex of a secret's UTF-8 bytes. */
function hexForm(secret: string): string {
  return Buffer.from(secret, 'utf8').toString('hex');
}

/** Length of the hex of {@link MIN_KEY_RUN} characters of a key (ASCII: two digits each). */
const HEX_RUN = 2 * MIN_KEY_RUN;

/** Adds to `into` every substring of `needle` of length `size` that starts at a multiple of `step`. */
function addGrams(needle: string, into: Set<string>, size = MIN_KEY_RUN, step = 1): void {
  for (let i = 0; i + size <= needle.length; i += step) {
    into.add(needle.slice(i, i + size));
  }
}

/**
 * Marks in `hidden` every position of `haystack` covered by a run of at least
 * `size` characters that also occurs in a needle the grams were taken from. A
 * longer shared run is a chain of overlapping grams, so it is marked whole;
 * one pass, whatever the length of the text.
 */
function markRuns(
  haystack: string,
  grams: Set<string>,
  hidden: Uint8Array,
  size = MIN_KEY_RUN,
): void {
  if (grams.size === 0) return;
  for (let i = 0; i + size <= haystack.length; i += 1) {
    if (grams.has(haystack.slice(i, i + size))) hidden.fill(1, i, i + size);
  }
}

/** Marks every whole occurrence of `needle` (short secrets). */
function markWhole(haystack: string, needle: string, hidden: Uint8Array): void {
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    hidden.fill(1, at, at + needle.length);
  }
}

/**
 * Replaces in `text` every copy of a secret: the secret itself and any run of
 * {@link MIN_KEY_RUN} or more of its characters, ignoring case, the same
 * written in hex (upper or lower case), and the same for its base64 forms
 * (case kept: base64 is case-sensitive). Copies are looked for in the
 * text as a reader sees it, so invisible characters between a key's letters
 * hide nothing. Each hidden stretch, invisibles inside it included, becomes
 * one `[redacted]`.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  if (text === '' || secrets.length === 0) return text;
  const { seen, origin } = visibleText(text);
  const hiddenSeen = new Uint8Array(seen.length);
  const folded = foldAscii(seen);
  // All secrets at once: one pass over the text for each form of the keys.
  const plainGrams = new Set<string>();
  const hexGrams = new Set<string>();
  const encodedGrams = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET) continue;
    const plain = foldAscii(secret);
    const hex = hexForm(secret);
    if (plain.length < MIN_KEY_RUN) {
      markWhole(folded, plain, hiddenSeen);
      markWhole(folded, hex, hiddenSeen);
    } else {
      addGrams(plain, plainGrams);
      // From byte boundaries only: a run of the key is whole bytes of its hex.
      addGrams(hex, hexGrams, HEX_RUN, 2);
    }
    for (const form of base64Forms(secret)) addGrams(form, encodedGrams);
  }
  markRuns(folded, plainGrams, hiddenSeen);
  markRuns(folded, hexGrams, hiddenSeen, HEX_RUN);
  markRuns(seen, encodedGrams, hiddenSeen);
  const hidden = hiddenInText(hiddenSeen, origin, text.length);
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    const covered = hidden[start] === 1;
    let end = start + 1;
    while (end < text.length && (hidden[end] === 1) === covered) end += 1;
    parts.push(covered ? REDACTED : text.slice(start, end));
    start = end;
  }
  return parts.join('');
}

/** Cuts `text` to at most `max` characters without splitting a character in two. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

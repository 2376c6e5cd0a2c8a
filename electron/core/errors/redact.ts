/**
 * Scrubbing keys out of text that may leave the Node side (error messages and
 * codes built from what a service said). A service can echo the key back in
 * any shape: whole, in part, upper-cased, base64-encoded. Redaction therefore
 * runs on the full text, before anything is cut to length: a copy cut in half
 * must still be recognised as a copy.
 */

const REDACTED = '[redacted]';

/** Shortest run of a key that counts as a copy of it; shorter ones occur by chance. */
export const MIN_KEY_RUN = 8;

/** Shortest secret worth looking for whole; shorter ones would scrub ordinary words. */
const MIN_SECRET = 4;

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

/** Adds every substring of `needle` of length {@link MIN_KEY_RUN} to `into`. */
function addGrams(needle: string, into: Set<string>): void {
  for (let i = 0; i + MIN_KEY_RUN <= needle.length; i += 1) {
    into.add(needle.slice(i, i + MIN_KEY_RUN));
  }
}

/**
 * Marks in `hidden` every position of `haystack` covered by a run of at least
 * {@link MIN_KEY_RUN} characters that also occurs in a needle the grams were
 * taken from. A longer shared run is a chain of overlapping grams, so it is
 * marked whole; one pass, whatever the length of the text.
 */
function markRuns(haystack: string, grams: Set<string>, hidden: Uint8Array): void {
  if (grams.size === 0) return;
  for (let i = 0; i + MIN_KEY_RUN <= haystack.length; i += 1) {
    if (grams.has(haystack.slice(i, i + MIN_KEY_RUN))) hidden.fill(1, i, i + MIN_KEY_RUN);
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
 * {@link MIN_KEY_RUN} or more of its characters, ignoring case, and the same
 * for its base64 forms (case kept: base64 is case-sensitive). Each hidden
 * stretch becomes one `[redacted]`.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  if (text === '' || secrets.length === 0) return text;
  const hidden = new Uint8Array(text.length);
  const folded = foldAscii(text);
  // All secrets at once: one pass over the text for the keys, one for their base64.
  const plainGrams = new Set<string>();
  const encodedGrams = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET) continue;
    const plain = foldAscii(secret);
    if (plain.length < MIN_KEY_RUN) markWhole(folded, plain, hidden);
    else addGrams(plain, plainGrams);
    for (const form of base64Forms(secret)) addGrams(form, encodedGrams);
  }
  markRuns(folded, plainGrams, hidden);
  markRuns(text, encodedGrams, hidden);
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

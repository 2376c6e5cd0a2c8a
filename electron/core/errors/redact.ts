/**
 * Scrubbing keys out of text that may leave the Node side (error messages and
 * codes built from what a service said). A service can echo the key back in
 * any shape: whole, in part, upper-cased, base64- or hex-encoded (a hex dump
 * spaced or not), percent-encoded or as HTML references, full-width, or with
 * spaces, dashes or invisible characters between its letters. Redaction
 * therefore reads the text as a person would, and runs on the full text,
 * before anything is cut to length: a copy cut in half must still be
 * recognised as a copy.
 */

import { readableText, type Leaving, type ReadableText } from './readable-text';

const REDACTED = '[redacted]';

/** Shortest run of a key that counts as a copy of it; shorter ones occur by chance. */
const MIN_KEY_RUN = 8;

/** Shortest secret worth looking for whole; shorter ones would scrub ordinary words. */
const MIN_SECRET = 4;

/**
 * Takes what was hidden of the readable text back to the text itself, into
 * `hidden`. What lies between two hidden pieces (separators, the rest of an
 * escape) is hidden with them, so a spread-out copy becomes one stretch.
 */
function hideInText(hiddenReadable: Uint8Array, readable: ReadableText, hidden: Uint8Array): void {
  const { from, to } = readable;
  for (let at = 0; at < hiddenReadable.length; at += 1) {
    if (hiddenReadable[at] !== 1) continue;
    const end = hiddenReadable[at + 1] === 1 ? Math.max(to[at]!, from[at + 1]!) : to[at]!;
    hidden.fill(1, from[at]!, end);
  }
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
function base64Forms(secret: string, leaving: Leaving): string[] {
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
  // Read as the text is: the url alphabet's `-` and `_` count as separators there.
  return [...forms]
    .map((form) => readableText(form, leaving).text)
    .filter((form) => form.length >= MIN_KEY_RUN);
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
 * Marks, in `readable`, every copy of a secret read the same way (`leaving`,
 * see {@link readableText}): any run of {@link MIN_KEY_RUN} or more of its
 * characters ignoring case (a secret shorter than that only whole), the same
 * written in hex (upper or lower case), and its base64 forms (case kept:
 * base64 is case-sensitive).
 */
function markCopies(readable: string, secrets: readonly string[], leaving: Leaving): Uint8Array {
  const hidden = new Uint8Array(readable.length);
  const folded = foldAscii(readable);
  // All secrets at once: one pass over the text for each form of the keys.
  const plainGrams = new Set<string>();
  const hexGrams = new Set<string>();
  const encodedGrams = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET) continue;
    // Read as the text is, so the key's own separators or escapes match the text's.
    const plain = foldAscii(readableText(secret, leaving).text);
    // Under MIN_SECRET there is too little left to tell from ordinary words.
    if (plain.length >= MIN_KEY_RUN) addGrams(plain, plainGrams);
    else if (plain.length >= MIN_SECRET) markWhole(folded, plain, hidden);
    const hex = hexForm(secret);
    // From byte boundaries only: a run of the key is whole bytes of its hex.
    if (secret.length >= MIN_KEY_RUN) addGrams(hex, hexGrams, HEX_RUN, 2);
    else markWhole(folded, hex, hidden);
    for (const form of base64Forms(secret, leaving)) addGrams(form, encodedGrams);
  }
  markRuns(folded, plainGrams, hidden);
  markRuns(folded, hexGrams, hidden, HEX_RUN);
  markRuns(readable, encodedGrams, hidden);
  return hidden;
}

/**
 * The code units of `text` that make up a copy of a secret, in either
 * reading: with only invisible characters left out (a run of the key as
 * written, its own dashes included) or with every separator left out (a copy
 * spread out by spaces or dashes). `undefined` when there is none.
 */
function copiesIn(text: string, secrets: readonly string[]): Uint8Array | undefined {
  let hidden: Uint8Array | undefined;
  for (const leaving of ['invisible', 'all'] as const) {
    const readable = readableText(text, leaving);
    const marked = markCopies(readable.text, secrets, leaving);
    if (!marked.includes(1)) continue;
    hidden ??= new Uint8Array(text.length);
    hideInText(marked, readable, hidden);
  }
  return hidden;
}

/**
 * Replaces in `text` every copy of a secret (see {@link copiesIn}), looked for
 * in the text as a reader would take it (see {@link readableText}): escaped,
 * full-width, or spread out with spaces, dashes or invisible characters, a
 * copy is still a copy. Each hidden stretch of the text itself, whatever lay
 * between the copy's characters included, becomes one `[redacted]`, so the
 * rest of what a service said stays readable. Should any copy survive that
 * (a way back to the text this code got wrong), the whole text goes instead.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  if (text === '' || secrets.length === 0) return text;
  const hidden = copiesIn(text, secrets);
  if (hidden === undefined) return text;
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    const covered = hidden[start] === 1;
    let end = start + 1;
    while (end < text.length && (hidden[end] === 1) === covered) end += 1;
    parts.push(covered ? REDACTED : text.slice(start, end));
    start = end;
  }
  const redacted = parts.join('');
  return copiesIn(redacted, secrets) === undefined ? redacted : REDACTED;
}

/** Cuts `text` to at most `max` characters without splitting a character in two. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

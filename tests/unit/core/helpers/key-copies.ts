/**
 * Keys, the shapes a service may echo them in, and a reader's test of whether
 * a text still gives a key away, for the redaction tests. The reader is
 * written apart from `redact.ts`, with whole-string operations only, so a
 * slip in the redaction's way back to the text cannot hide itself.
 */

/**
 * The shortest run of a key that counts as a copy of it, and is redacted:
 * 8 characters (shorter runs occur by chance in ordinary text).
 */
export const MIN_KEY_RUN = 8;

/** A key as Kennel accepts one: visible ASCII, here 24 to 40 characters. */
export function randomKey(random: () => number): string {
  const length = 24 + Math.floor(random() * 17);
  let key = '';
  for (let i = 0; i < length; i += 1) key += String.fromCharCode(0x21 + Math.floor(random() * 94));
  return key;
}

const spread = (text: string, between: string): string => [...text].join(between);
const hexPairs = (text: string): string[] =>
  [...Buffer.from(text, 'utf8')].map((byte) => byte.toString(16).padStart(2, '0'));
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const fullWidth = (text: string): string =>
  text.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const NAMED: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** The shapes of the fourth review (issue 42), and the hex and base64 ones besides. */
export const ECHOES: Readonly<Record<string, (key: string) => string>> = {
  'percent-encoded': encodeURIComponent,
  'percent-encoded twice': (key) => encodeURIComponent(encodeURIComponent(key)),
  'percent-encoded byte by byte': (key) =>
    hexPairs(key)
      .map((pair) => `%${pair}`)
      .join(''),
  spaced: (key) => spread(key, ' '),
  dashed: (key) => spread(key, '-'),
  'joined with en dashes': (key) => spread(key, '\u2013'),
  'joined with no-break spaces': (key) => spread(key, '\u00a0'),
  'joined with narrow no-break spaces': (key) => spread(key, '\u202f'),
  dotted: (key) => spread(key, '.'),
  underscored: (key) => spread(key, '_'),
  'full-width': fullWidth,
  'full-width with ideographic spaces': (key) => spread(fullWidth(key), '\u3000'),
  'as HTML character references': (key) =>
    [...key]
      .map((c, i) =>
        i % 2 === 0 ? `&#${c.codePointAt(0)};` : `&#x${c.codePointAt(0)!.toString(16)};`,
      )
      .join(''),
  'HTML-escaped': (key) => key.replace(/[&<>"']/g, (c) => NAMED[c]!),
  'as a spaced hex dump': (key) => hexPairs(key).join(' '),
  'as a spaced hex dump in upper case': (key) => hexPairs(key).join(' ').toUpperCase(),
  'as a hex dump with colons': (key) => hexPairs(key).join(':'),
  'as hex': (key) => hexPairs(key).join(''),
  'as upper-case hex': (key) => hexPairs(key).join('').toUpperCase(),
  'as base64': base64,
  'as base64url': (key) => Buffer.from(key, 'utf8').toString('base64url'),
  'as base64 of user:key': (key) => base64(`user:${key}`),
  'as base64 wrapped in short lines': (key) => base64(`Bearer ${key}`).replace(/.{16}/g, '$&\r\n'),
};

const SEPARATORS =
  /[\s\p{Z}\p{Pd}\p{Pc}\p{Cf}\p{Default_Ignorable_Code_Point}.:\u00b7\u2022\u2027\u2212\u30fb\u3002]/gu;
// One UTF-8 character's worth of percent escapes.
const PERCENT_CHARACTER =
  /%[0-7][\da-f]|%[c-d][\da-f]%[89ab][\da-f]|%e[\da-f](?:%[89ab][\da-f]){2}|%f[0-4](?:%[89ab][\da-f]){3}/gi;
const REFERENCE = /&#(\d{1,7});?|&#x([\da-f]{1,6});?|&(amp|lt|gt|quot|apos|nbsp);/gi;
const REFERENCE_NAMES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeOnce(text: string): string {
  return text
    .replace(PERCENT_CHARACTER, (escapes) => {
      try {
        return decodeURIComponent(escapes);
      } catch {
        return escapes;
      }
    })
    .replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return REFERENCE_NAMES[name] ?? whole;
      const point = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    });
}

/** `text` as a person reads it: escapes decoded, compatibility forms folded, separators gone. */
function readable(text: string): string {
  const squeeze = (t: string): string => t.normalize('NFKC').replace(SEPARATORS, '');
  let out = squeeze(text);
  for (let round = 0; round < 4; round += 1) {
    const next = squeeze(decodeOnce(out));
    if (next === out) break;
    out = next;
  }
  return out;
}

/** What hex digits and base64 in `text` decode to, each also read as a person would. */
function decodedPayloads(text: string): string[] {
  const out: string[] = [];
  for (const [run] of readable(text).matchAll(/[\da-f]{16,}/gi)) {
    for (const nibble of [0, 1]) {
      out.push(readable(Buffer.from(run.slice(nibble), 'hex').toString('latin1')));
    }
  }
  const unwrapped = text.normalize('NFKC').replace(/[\s\p{Cf}]/gu, '');
  for (const [run] of unwrapped.matchAll(/[A-Za-z\d+/_-]{12,}/g)) {
    for (const skip of [0, 1, 2, 3]) {
      out.push(readable(Buffer.from(run.slice(skip), 'base64').toString('latin1')));
    }
  }
  return out;
}

/**
 * Every run of {@link MIN_KEY_RUN} characters of the key, as read, that `text`
 * still gives away, ignoring case: as read, or decoded from hex or base64.
 * Empty when nothing of the key can be recovered.
 */
export function copiesOfKey(text: string, key: string): string[] {
  const plain = readable(key).toLowerCase();
  const views = [readable(text), ...decodedPayloads(text)].map((view) => view.toLowerCase());
  const found = new Set<string>();
  for (let i = 0; i + MIN_KEY_RUN <= plain.length; i += 1) {
    const run = plain.slice(i, i + MIN_KEY_RUN);
    if (views.some((view) => view.includes(run))) found.add(run);
  }
  return [...found];
}

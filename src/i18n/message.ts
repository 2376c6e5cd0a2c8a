/**
 * A message as the catalogues ship it, compiled at build time
 * (`build/vite/compile-catalogues.ts`) from the source's syntax, and how it
 * reads. Text without placeholders stays a string; a message with
 * placeholders is its parts; a plural message is its cases, one picked by
 * count as vue-i18n's syntax defines: "none | one | {n} many" or "one | many".
 */

/** Literal text, or the named placeholder `{name}`. */
export type MessagePart = string | { readonly n: string };
/** One form of a message: its text, or its parts. */
export type MessageCase = string | readonly MessagePart[];
export type Message = MessageCase | { readonly p: readonly MessageCase[] };

/** A catalogue as the build ships it: areas of messages, by key. */
export interface Catalogue {
  readonly [key: string]: Message | Catalogue;
}

/** Values for a message's placeholders. */
export type Named = Readonly<Record<string, unknown>>;

/** The case a count picks: of two, "one | many"; of three or more, "none | one | many". */
function pluralCase(count: number, cases: number): number {
  const n = Math.abs(count);
  if (cases === 2) return n === 1 ? 0 : 1;
  return Math.min(n, 2, cases - 1);
}

/** The count a plural message is read for: the one given, else `{count}` or `{n}`, else one. */
function countOf(named: Named | undefined, count: number | undefined): number {
  if (count !== undefined) return count;
  if (typeof named?.count === 'number') return named.count;
  return typeof named?.n === 'number' ? named.n : 1;
}

/** The form of `message` for `count` (or the count in `named`), as parts. */
export function messageParts(
  message: Message,
  named?: Named,
  count?: number,
): readonly MessagePart[] {
  const chosen =
    typeof message === 'object' && 'p' in message
      ? (message.p[pluralCase(countOf(named, count), message.p.length)] ?? '')
      : message;
  return typeof chosen === 'string' ? [chosen] : chosen;
}

/** The values a message reads: `named`, and the count as `{count}` and `{n}` when missing. */
function withCount(named: Named | undefined, count: number | undefined): Named {
  if (count === undefined) return named ?? {};
  return { count, n: count, ...named };
}

/** A value as text: nothing for null or undefined, as vue-i18n shows them. */
function shown(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** `message` with its placeholders filled in. */
export function formatMessage(message: Message, named?: Named, count?: number): string {
  if (typeof message === 'string') return message;
  const values = withCount(named, count);
  let out = '';
  for (const part of messageParts(message, named, count)) {
    out += typeof part === 'string' ? part : shown(values[part.n]);
  }
  return out;
}

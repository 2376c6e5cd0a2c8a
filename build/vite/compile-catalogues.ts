/**
 * Compiles the message catalogues (`src/i18n/<language>/*.json`) at build
 * time into the form `src/i18n/message.ts` reads: text stays text, a message
 * with placeholders becomes its parts, a plural message its cases. The
 * renderer then ships no message parser and formats a message by joining
 * strings. The syntax is vue-i18n's, parsed by its own `@intlify/message-compiler`
 * (so a message that does not parse fails the build); the few forms Kennel
 * does not use (linked messages, list placeholders) fail it too.
 */
import { readFile } from 'node:fs/promises';
import { baseCompile } from '@intlify/message-compiler';
import type { Plugin } from 'vite';
import type { Message, MessageCase, MessagePart } from '../../src/i18n/message';

type Catalogue = { [key: string]: string | Catalogue };
type Compiled = { [key: string]: Message | Compiled };

/** `src/i18n/en/animals.json` and the like; the ids Vite gives them, queries aside. */
const CATALOGUE_FILE = /[\\/]src[\\/]i18n[\\/][a-z]{2}[\\/][\w-]+\.json$/;

export function isCatalogueFile(id: string): boolean {
  return CATALOGUE_FILE.test(id.split('?', 1)[0] ?? '');
}

/** A node of the message compiler's minified syntax tree. */
interface Node {
  t: number;
  /** Resource: its body. */
  b?: Node;
  /** Plural: its cases. */
  c?: Node[];
  /** Message: its items, and its whole text when it has no placeholder. */
  i?: Node[];
  s?: string;
  /** Text or literal: its value; named placeholder: its name. */
  v?: string;
  k?: string;
}

// The compiler's node types (`NodeTypes` in @intlify/message-compiler).
const PLURAL = 1;
const TEXT = 3;
const NAMED = 4;
const LITERAL = 9;

function messageCase(node: Node, path: string): MessageCase {
  if (typeof node.s === 'string') return node.s;
  const parts: MessagePart[] = [];
  for (const item of node.i ?? []) {
    if (item.t === NAMED && typeof item.k === 'string') parts.push({ n: item.k });
    else if ((item.t === TEXT || item.t === LITERAL) && typeof item.v === 'string') {
      const last = parts[parts.length - 1];
      if (typeof last === 'string') parts[parts.length - 1] = last + item.v;
      else parts.push(item.v);
    } else throw new Error(`message "${path}" uses a form Kennel does not read (node ${item.t})`);
  }
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
}

/** One message in the form the app reads; a message that does not parse fails the build. */
function compileMessage(message: string, path: string): Message {
  const problems: string[] = [];
  const { ast } = baseCompile(message, {
    jit: true,
    location: false,
    minify: true,
    onError: (error) => problems.push(error.message),
  });
  if (problems.length > 0) {
    throw new Error(`message "${path}" does not parse: ${problems.join('; ')}`);
  }
  const body = (ast as unknown as Node).b as Node;
  return body.t === PLURAL
    ? { p: (body.c ?? []).map((c) => messageCase(c, path)) }
    : messageCase(body, path);
}

/** The whole catalogue with each message compiled, keys unchanged. */
export function compileCatalogue(catalogue: Catalogue, prefix = ''): Compiled {
  const out: Compiled = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    // `{ p: [...] }` is a plural message (`message.ts`): an area may not have a key of that name.
    if (key === 'p') throw new Error(`message "${path}": "p" is not a key the app can tell apart`);
    if (typeof value === 'string') out[key] = compileMessage(value, path);
    else if (value !== null && typeof value === 'object') out[key] = compileCatalogue(value, path);
    else throw new Error(`message "${path}" is not text`);
  }
  return out;
}

export function compileCatalogues(): Plugin {
  return {
    name: 'kennel-compile-catalogues',
    // Before Vite's JSON plugin: the module is handed on as JavaScript.
    enforce: 'pre',
    async load(id) {
      if (!isCatalogueFile(id)) return null;
      const file = id.split('?', 1)[0] ?? id;
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
      return {
        code: `export default ${JSON.stringify(compileCatalogue(catalogue))};\n`,
        moduleType: 'js',
      };
    },
  };
}

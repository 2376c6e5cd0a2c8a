import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import {
  compileCatalogue,
  compileCatalogues,
  isCatalogueFile,
} from '../../../build/vite/compile-catalogues';
import { formatMessage, type Catalogue, type Message } from '../../../src/i18n/message';

type Tree = { [key: string]: string | Tree };

const I18N = join(__dirname, '../../../src/i18n');

function catalogue(language: string): Tree {
  const tree: Tree = {};
  for (const file of readdirSync(join(I18N, language)).filter((f) => f.endsWith('.json'))) {
    tree[file.replace(/\.json$/, '')] = JSON.parse(
      readFileSync(join(I18N, language, file), 'utf8'),
    ) as Tree;
  }
  return tree;
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

function compiledAt(compiled: Catalogue, key: string): Message {
  return key.split('.').reduce<unknown>((node, k) => (node as Catalogue)[k], compiled) as Message;
}

/** Every named placeholder of a message, each given a value of its own. */
function namedValues(message: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const m of message.matchAll(/\{\s*(\w+)\s*\}/g)) values[m[1]!] = `<${m[1]!}>`;
  return values;
}

/**
 * vue-i18n, whose syntax the catalogues are written in, is the reference: it
 * reads each source message with its own compiler, and Kennel's compiled form
 * must read the same, for each way the app passes a count.
 */
function bothReadings(source: Tree): { kennel: Map<string, string>; vueI18n: Map<string, string> } {
  const compiled = compileCatalogue(source) as Catalogue;
  const { t } = createI18n({ legacy: false, locale: 'xx', messages: { xx: source } }).global;
  const kennel = new Map<string, string>();
  const vueI18n = new Map<string, string>();
  for (const [key, text] of leaves(source)) {
    const named = namedValues(text);
    for (const count of [0, 1, 2, 7]) {
      const message = compiledAt(compiled, key);
      kennel.set(`${key} #${count}`, formatMessage(message, { ...named, count }, count));
      vueI18n.set(`${key} #${count}`, t(key, { ...named, count }, count));
      kennel.set(`${key} named #${count}`, formatMessage(message, { ...named, n: count }));
      vueI18n.set(`${key} named #${count}`, t(key, { ...named, n: count }));
    }
    kennel.set(`${key} plain`, formatMessage(compiledAt(compiled, key), named));
    vueI18n.set(`${key} plain`, t(key, named));
  }
  return { kennel, vueI18n };
}

describe('compileCatalogue', () => {
  it.each(['en', 'es'])(
    'compiles the %s catalogue to messages that read as vue-i18n reads the source',
    (lang) => {
      const { kennel, vueI18n } = bothReadings(catalogue(lang));
      expect(kennel.size).toBeGreaterThan(500);
      expect(kennel).toEqual(vueI18n);
    },
  );

  it('keeps text as text, and placeholders, literals and plurals as parts', () => {
    const compiled = compileCatalogue({
      plain: 'Cat',
      greet: 'Hello {name}!',
      brace: "Type {'{'} to start",
      count: 'no animals | one animal | {count} animals',
    });
    expect(compiled).toEqual({
      plain: 'Cat',
      greet: ['Hello ', { n: 'name' }, '!'],
      brace: 'Type { to start',
      count: { p: ['no animals', 'one animal', [{ n: 'count' }, ' animals']] },
    });
    const source = { count: 'no animals | one animal | {count} animals', two: 'one | {n} many' };
    const { kennel, vueI18n } = bothReadings(source);
    expect(kennel).toEqual(vueI18n);
    expect(kennel.get('count #7')).toBe('7 animals');
    expect(kennel.get('two named #1')).toBe('one');
  });

  it('fails on a form the app does not read, naming the message', () => {
    expect(() => compileCatalogue({ linked: { cat: '@:common.cat and more' } })).toThrow(
      /"linked\.cat"/,
    );
    expect(() => compileCatalogue({ list: 'Hello {0}' })).toThrow(/"list"/);
  });

  it('fails on a key named as a plural message is marked, naming it', () => {
    expect(() => compileCatalogue({ area: { p: 'Page' } })).toThrow(/"area\.p"/);
  });

  it('fails on a message that does not parse, naming it', () => {
    expect(() => compileCatalogue({ lists: { broken: 'Hello {name' } })).toThrow(/"lists\.broken"/);
  });

  it('fails on a value that is not text', () => {
    expect(() => compileCatalogue({ count: 3 } as unknown as Tree)).toThrow(/"count"/);
  });
});

describe('compileCatalogues', () => {
  it('takes the catalogue files only', () => {
    expect(isCatalogueFile('/app/src/i18n/en/animals.json')).toBe(true);
    expect(isCatalogueFile('C:\\app\\src\\i18n\\es\\import.json?import')).toBe(true);
    expect(isCatalogueFile('/app/src/i18n/messages.ts')).toBe(false);
    expect(isCatalogueFile('/app/package.json')).toBe(false);
  });

  it('loads a catalogue file as a JavaScript module of compiled messages', async () => {
    const plugin = compileCatalogues();
    const load = plugin.load as (id: string) => Promise<{ code: string; moduleType: string }>;
    const result = await load.call({}, join(I18N, 'en', 'app.json'));
    expect(result.moduleType).toBe('js');
    const body = result.code.replace(/^export default /, '').replace(/;\s*$/, '');
    const source = JSON.parse(readFileSync(join(I18N, 'en', 'app.json'), 'utf8')) as Tree;
    expect(JSON.parse(body)).toEqual(compileCatalogue(source));
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import {
  compileCatalogue,
  compileCatalogues,
  isCatalogueFile,
} from '../../../build/vite/compile-catalogues';

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

/** Every named placeholder of a message, each given a value of its own. */
function namedValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const m of message.matchAll(/\{\s*(\w+)\s*\}/g)) values[m[1]!] = `<${m[1]!}>`;
  return values;
}

/** Translates every key of `messages` as the app would, for each plural count. */
function rendered(messages: Tree, source: Tree): Map<string, string> {
  const i18n = createI18n({ legacy: false, locale: 'xx', messages: { xx: messages } });
  const out = new Map<string, string>();
  for (const [key, text] of leaves(source)) {
    for (const count of [0, 1, 2, 7]) {
      out.set(`${key} #${count}`, i18n.global.t(key, { ...namedValues(text), count }, count));
    }
  }
  return out;
}

describe('compileCatalogue', () => {
  it.each(['en', 'es'])('compiles the %s catalogue to messages that read as the source', (lang) => {
    const source = catalogue(lang);
    const compiled = compileCatalogue(source) as Tree;
    // Each message is a syntax tree (type 0, a resource): the runtime never needs the compiler.
    const notTrees = leaves(source)
      .map(([key]) => [
        key,
        key.split('.').reduce<unknown>((node, k) => (node as Tree)[k], compiled),
      ])
      .filter(([, message]) => (message as { t?: unknown } | undefined)?.t !== 0);
    expect(notTrees).toEqual([]);
    expect(rendered(compiled, source)).toEqual(rendered(source, source));
  });

  it('keeps placeholders, plurals and linked messages', () => {
    const compiled = compileCatalogue({
      common: { cat: 'Cat' },
      greet: 'Hello {name}!',
      count: 'no animals | one animal | {count} animals',
      linked: '@:common.cat and {n}',
    }) as Tree;
    const i18n = createI18n({ legacy: false, locale: 'en', messages: { en: compiled } });
    const { t } = i18n.global;
    expect(t('greet', { name: 'Luna' })).toBe('Hello Luna!');
    expect(t('count', 0)).toBe('no animals');
    expect(t('count', 1)).toBe('one animal');
    expect(t('count', { count: 12 }, 12)).toBe('12 animals');
    expect(t('linked', { n: 2 })).toBe('Cat and 2');
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

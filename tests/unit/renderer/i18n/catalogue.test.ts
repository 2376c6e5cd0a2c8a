import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseSfc } from '@vue/compiler-sfc';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const SRC = join(__dirname, '../../../../src');

/** A language's source catalogue, as written (the app's is compiled at build time). */
function catalogue(language: string): Tree {
  const dir = join(SRC, 'i18n', language);
  const tree: Tree = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    tree[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree;
  }
  return tree;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(vue|ts)$/.test(entry.name) ? [path] : [];
  });
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => m[1]!).sort();

const english = leaves(catalogue('en'));
const spanish = leaves(catalogue('es'));

describe('the message catalogue', () => {
  it('has every English key in Spanish and no Spanish key English lacks', () => {
    const missingInSpanish = [...english.keys()].filter((k) => !spanish.has(k));
    const extraInSpanish = [...spanish.keys()].filter((k) => !english.has(k));
    expect(missingInSpanish).toEqual([]);
    expect(extraInSpanish).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = [...english, ...spanish].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const differ = [...english]
      .filter(([key]) => spanish.has(key))
      .filter(([key, text]) => placeholders(text).join() !== placeholders(spanish.get(key)!).join())
      .map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it('has every key the code asks for', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:\$t|\bt|\btc|\$tc|i18nKey)\(\s*'([\w.-]+)'/g)) {
        used.set(m[1]!, relative(SRC, file));
      }
      for (const m of text.matchAll(/keypath="([\w.-]+)"/g)) used.set(m[1]!, relative(SRC, file));
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([key]) => !english.has(key)).map(([k, f]) => `${k} (${f})`);
    expect(missing).toEqual([]);
  });
});

/** Attributes whose value staff read or hear. */
const SPOKEN_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);

interface TemplateNode {
  type: number;
  content?: unknown;
  name?: string;
  value?: { content: string } | undefined;
  props?: TemplateNode[];
  children?: TemplateNode[];
  loc: { start: { line: number } };
}

/** Text in a template that did not come through the catalogue. */
function literalText(node: TemplateNode, out: string[]): void {
  // 2 = text, 6 = static attribute (see @vue/compiler-core NodeTypes).
  if (node.type === 2 && typeof node.content === 'string' && /\p{L}/u.test(node.content)) {
    out.push(`line ${node.loc.start.line}: "${node.content.trim()}"`);
  }
  for (const prop of node.props ?? []) {
    if (
      prop.type === 6 &&
      SPOKEN_ATTRIBUTES.has(prop.name ?? '') &&
      /\p{L}/u.test(prop.value?.content ?? '')
    ) {
      out.push(`line ${prop.loc.start.line}: ${prop.name}="${prop.value?.content}"`);
    }
  }
  for (const child of node.children ?? []) literalText(child, out);
}

describe('the templates', () => {
  const components = sourceFiles(SRC).filter((f) => f.endsWith('.vue'));

  it.each(components.map((f) => [relative(SRC, f), f]))(
    '%s has no words outside the catalogue',
    (_name, file) => {
      const { descriptor } = parseSfc(readFileSync(file, 'utf8'));
      const found: string[] = [];
      if (descriptor.template?.ast)
        literalText(descriptor.template.ast as unknown as TemplateNode, found);
      expect(found).toEqual([]);
    },
  );
});

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Imports that would tie a part of the Node side to a host it must run without. */
const NODE_SIDE_BOUNDARIES = [
  {
    files: ['electron/web/**/*.ts'],
    group: ['**/main', '**/main/**'],
    message:
      "The browser-mode host must not depend on Electron's main folder or Electron: share through electron/core.",
  },
  {
    files: ['electron/core/**/*.ts'],
    group: ['**/main', '**/main/**', '**/web', '**/web/**'],
    message: 'The core runs in both hosts and imports neither of them, nor Electron.',
  },
];

/** Relative imports that exist at run time: `import type` and `export type` are left out. */
const RUNTIME_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** @type {Map<string, { mtimeMs: number; imports: string[] }>} */
const importsByFile = new Map();

/** The TypeScript file a relative specifier names, or null (a .vue file, an asset). */
function resolveImport(/** @type {string} */ from, /** @type {string} */ specifier) {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The files `file` imports at run time, read once per change of the file. */
function runtimeImports(/** @type {string} */ file) {
  const { mtimeMs } = statSync(file);
  const known = importsByFile.get(file);
  if (known !== undefined && known.mtimeMs === mtimeMs) return known.imports;
  const imports = [...readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)]
    .map((match) => resolveImport(file, match[1] ?? ''))
    .filter((target) => target !== null);
  importsByFile.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * Import cycles (two stores that import each other, say) make the order in
 * which modules initialise an accident. This follows every run-time relative
 * import of a file and reports the one that leads back to it.
 * @type {import('eslint').Rule.RuleModule}
 */
const noImportCycle = {
  meta: {
    type: 'problem',
    messages: { cycle: 'Import cycle: {{path}}. Let a third module connect the two.' },
    schema: [],
  },
  create(context) {
    const self = context.filename;
    const cwd = context.cwd;
    /** A path from `start` back to `self`, or null. */
    const pathBack = (/** @type {string} */ start) => {
      /** @type {Map<string, string | null>} */
      const cameFrom = new Map([[start, null]]);
      const queue = [start];
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        for (const next of runtimeImports(file)) {
          if (next === self) {
            const chain = [];
            for (let at = /** @type {string | null} */ (file); at !== null;) {
              chain.unshift(at);
              at = cameFrom.get(at) ?? null;
            }
            return [self, ...chain, self];
          }
          if (!cameFrom.has(next)) {
            cameFrom.set(next, file);
            queue.push(next);
          }
        }
      }
      return null;
    };
    return {
      Program(program) {
        for (const target of runtimeImports(self)) {
          const cycle = pathBack(target);
          if (cycle === null) continue;
          const shown = cycle.map((file) => file.slice(cwd.length + 1)).join(' → ');
          context.report({ node: program, messageId: 'cycle', data: { path: shown } });
          return;
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'electron/contract/openapi.gen.ts',
      // electron-vite's bundled config, written beside its source for the length of a build
      // (which may run beside lint).
      '*.config.ts.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    rules: {
      'vue/block-lang': ['error', { script: { lang: 'ts' } }],
    },
  },
  {
    files: ['src/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['electron/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts', '*.config.ts', '*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...NODE_SIDE_BOUNDARIES.map(({ files, group, message }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message }], patterns: [{ group, message }] },
      ],
    },
  })),
  {
    files: ['src/**/*.ts', 'electron/**/*.ts', 'server/**/*.ts'],
    plugins: { kennel: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'kennel/no-import-cycle': 'error' },
  },
  {
    // A focused or skipped test silently runs less than the suite says, and an
    // unseeded die makes a failure that cannot be replayed.
    files: ['tests/**/*.ts'],
    ignores: ['tests/helpers/seed.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee[property.name=/^(only|skip|fixme)$/]',
          message: 'Focused and skipped tests are not allowed: every test runs, every time.',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Draw from the test seed instead (tests/helpers/seed.ts), so a failure replays.',
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
);

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';

// An unseeded die makes a failure that cannot be replayed: tests draw from their seed
// (tests/helpers/seed.ts), the reference service from its fault seed (server/prng.ts).
const SEEDED =
  'Draw from a seed instead (seededRandom: tests/helpers/seed.ts, server/prng.ts), so a failure replays.';
const CRYPTO_DICE = [
  'randomBytes',
  'randomInt',
  'randomUUID',
  'getRandomValues',
  'randomFill',
  'randomFillSync',
];
const UNSEEDED_PROPERTIES = [
  // Also refuses Math['random'] and `const { random } = Math`.
  { object: 'Math', property: 'random', message: SEEDED },
  // Any object: crypto, globalThis.crypto, crypto.webcrypto, a `node:crypto` namespace, a destructuring.
  ...CRYPTO_DICE.map((property) => ({ property, message: SEEDED })),
];
const UNSEEDED_SYNTAX = [
  {
    // globalThis.Math.random, window['Math'].random, ...: Math reached through another object.
    selector:
      "MemberExpression:matches([property.name='random'][computed=false], [property.value='random']):matches([object.property.name='Math'][object.computed=false], [object.property.value='Math'])",
    message: SEEDED,
  },
  {
    // import { randomBytes } from 'node:crypto' (a namespace import is fine: its members are refused above).
    selector: `ImportDeclaration[source.value=/^(node:)?crypto$/] > ImportSpecifier[imported.name=/^(${CRYPTO_DICE.join('|')})$/]`,
    message: SEEDED,
  },
];
// A focused or skipped test silently runs less than the suite says.
const NOT_EVERY_TEST =
  'Focused, skipped, todo and expected-to-fail tests are not allowed: every test runs, every time.';
const SKIP_OR_FOCUS = '/^(only|skip|skipIf|runIf|todo|fails|fail|fixme)$/';
const SKIPPED_OR_FOCUSED = [
  {
    // it.only, describe.skip, it.skipIf(...), it.runIf(...), it.todo, it.fails, test.fixme,
    // test.fail(), test.describe.only, testInfo.skip(), it.only.each, it['only'], ...
    selector: `MemberExpression:matches([property.name=${SKIP_OR_FOCUS}][computed=false], [property.value=${SKIP_OR_FOCUS}])`,
    message: NOT_EVERY_TEST,
  },
  {
    // vitest's options argument: it('…', { skip: true }, () => …)
    selector:
      'CallExpression:matches([callee.name=/^(it|test|describe|suite)$/], [callee.object.name=/^(it|test|describe|suite)$/]) > ObjectExpression > Property[key.name=/^(only|skip|todo|fails)$/]',
    message: NOT_EVERY_TEST,
  },
  {
    // vitest counts a test without a body as a todo.
    selector:
      'CallExpression[callee.name=/^(it|test)$/][arguments.length=1][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
    message: NOT_EVERY_TEST,
  },
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
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
    files: ['src/**/*.{ts,vue,js}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['electron/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts', '*.config.ts', '*.js', '*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/**/*.{ts,js}', 'server/**/*.{ts,js}'],
    rules: {
      'no-restricted-syntax': ['error', ...UNSEEDED_SYNTAX, ...SKIPPED_OR_FOCUSED],
      'no-restricted-properties': ['error', ...UNSEEDED_PROPERTIES],
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

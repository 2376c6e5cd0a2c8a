// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';

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

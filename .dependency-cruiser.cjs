/**
 * Kennel's layers, checked by `npm run lint` (docs/architecture.md draws them).
 * An import may point down or sideways within its layer, never up, and no
 * module may reach itself again through its imports.
 */

// The renderer's layers, lowest first.
const RENDERER_LAYERS = [
  // Pure helpers every layer may use: words, dates, text folding, the page's storage.
  ['base', '^src/(browser|files|format|i18n|styles|text)/'],
  // The records on this computer (Dexie) and the bridge to the Node side.
  ['data', '^src/(api|bridge|data)/'],
  // What Kennel knows how to do, without Vue state: intake rules, sync, import, cards…
  [
    'domain',
    '^src/(animals|cards|catalogue|categories|desk-file|diagnostics|errors|history|import|orders|overview|print|records|status|sync|theme)/',
  ],
  // Pinia stores: the state the screens share.
  ['state', '^src/stores/'],
  // Wiring between stores and the page: the profile session, shortcuts, the scanner.
  ['wiring', '^src/composables/'],
  // Screens.
  ['views', '^src/components/'],
  // The entry point and the root component.
  ['app', '^src/(main\\.ts|App\\.vue)$'],
];

const climbingRules = RENDERER_LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `renderer-${name}-does-not-climb`,
  comment: `The ${name} layer imports only from its own layer or the ones below it.`,
  severity: 'error',
  from: { path },
  to: { path: RENDERER_LAYERS.slice(index + 1).map(([, above]) => above) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...climbingRules,
    {
      name: 'intake-rules-do-not-climb-to-import',
      comment:
        'The intake rules (src/animals) serve the add form and the import alike: the import builds on them, never the other way.',
      severity: 'error',
      from: { path: '^src/animals/' },
      to: { path: '^src/import/' },
    },
    {
      name: 'renderer-only-knows-the-contract',
      comment: 'The renderer reaches the Node side through the bridge contract only.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(electron/(?!contract/)|server/|scripts/)' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by both sides, so it imports neither.',
      severity: 'error',
      from: { path: '^electron/contract/' },
      to: { path: '^(src/|server/|electron/(core|main|preload|web)/)' },
    },
    {
      name: 'core-knows-no-host',
      comment:
        'The core runs unchanged in Electron and in the web host: it imports neither, nor Electron.',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: '^(src/|server/|electron/(main|preload|web)/|node_modules/electron/)' },
    },
    {
      name: 'hosts-stay-apart',
      comment: 'Electron main, the preload and the web host each stand on the core alone.',
      severity: 'error',
      from: { path: '^electron/(main|preload|web)/' },
      to: { path: '^(src/|server/)' },
    },
    {
      name: 'preload-only-knows-the-contract',
      comment: 'The sandboxed preload exposes the contract; it holds no core code.',
      severity: 'error',
      from: { path: '^electron/preload/' },
      to: { path: '^electron/(core|main|web)/' },
    },
    {
      name: 'main-and-web-apart',
      comment: 'Electron main and the web host are two hosts of one core, not of each other.',
      severity: 'error',
      from: { path: '^electron/(main|web)/' },
      to: { path: '^electron/(main|web)/', pathNot: '^electron/$1/' },
    },
    {
      name: 'service-is-separate',
      comment: 'The reference service is a stand-in for the real one: it shares no app code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src/|electron/(core|main|preload|web)/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.web.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.vue', '.js', '.mjs', '.cjs', '.json'] },
  },
};

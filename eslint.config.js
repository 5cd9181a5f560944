// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Arrows point one way: cli (and later server, web) -> core. Core imports nothing of ours and no
// Node built-ins; nothing imports the web client.
const coreBoundaries = {
  patterns: [
    { group: ['@ubongo/*'], message: 'core depends on no other package of ours' },
    { group: ['node:*'], message: 'core is pure: no Node built-ins' },
    { group: ['../../*'], message: 'core does not reach outside its own package' },
  ],
};
const serverBoundaries = {
  patterns: [
    {
      group: ['@ubongo/cli', '@ubongo/cli/*', '@ubongo/web', '@ubongo/web/*'],
      message: 'the server imports core only',
    },
    { group: ['../../core/*', '../../*/src/*'], message: 'import other packages by their name, not by path' },
  ],
};
// The services and processes tests start are test support, in no package's build.
const testSupportOutOfProduction = {
  group: ['@ubongo/test-support', '@ubongo/test-support/*'],
  message: 'test support is for tests and benches, not for what ships',
};
const appBoundaries = {
  patterns: [
    { group: ['@ubongo/web', '@ubongo/web/*'], message: 'nothing imports the web client' },
    { group: ['../../core/*', '../../*/src/*'], message: 'import other packages by their name, not by path' },
  ],
};

// The web client renders what the server says and sends intents. From core it takes types
// (the protocol and the views), and as values only an allow-list: geometry for drawing, and the
// protocol's vocabulary (its version and the lists of editions, levels, sides and lengths the
// server accepts). No engine, ranking, move table, solver or checker: the server decides.
const WEB_FROM_CORE = [
  // geometry and drawing
  'cellCentre',
  'cellCorners',
  'cellsExtent',
  'mirrorCell',
  'gridOf',
  'DIE_SYMBOLS',
  // the protocol's vocabulary
  'PROTOCOL_VERSION',
  'CLOSE_CODES',
  'MATCHMAKE_ERROR_CODES',
  'RACE_EDITIONS',
  'DECK_EDITIONS',
  'BOT_LEVELS',
  'SIDES',
  'GEMS',
  'SOLO_MODES',
  'SOLO_LIMITS',
  'HOURGLASS_SECONDS',
  'GAME_ROUNDS',
  'PIECE_SETS',
  'MAX_TRAIL_MOVES',
  // a trail's lies, made and played back (geometry of the protocol's trail, core's trail-replay.ts)
  'lieOf',
  'trailAt',
  'trailLength',
  'isPositioned',
  'GHOST_KINDS',
  // the standings' legend, and the how-to page's pictures of the rules
  'GEM_POINTS',
  'JEWEL_COLOURS',
  'FIXED_SCORING',
  'API',
  // the board editor (docs/boards.md): the decks' piece sets to draw a picker from, and the puzzle
  // file format read and written by core's own parser and writer, as the CLI does (Import, Export)
  'CLASSIC_PIECES',
  'EXTREME_PIECES',
  'puzzleFromSpec',
  'puzzleToSpec',
  'BOARD_ID_PATTERN',
  // a challenge's address (`#/challenge/ID`, docs/challenges.md)
  'CHALLENGE_ID_PATTERN',
];
const webBoundaries = {
  paths: [
    {
      name: '@ubongo/core',
      allowImportNames: WEB_FROM_CORE,
      allowTypeImports: true,
      message: 'the client holds no rules: it imports core’s types, geometry and the protocol’s vocabulary only',
    },
  ],
  patterns: [
    {
      group: ['@ubongo/server', '@ubongo/server/*', '@ubongo/cli', '@ubongo/cli/*'],
      message: 'the client talks to the server over the network',
    },
    testSupportOutOfProduction,
    { group: ['@ubongo/core/decks'], message: 'the client asks the server for decks' },
    { group: ['node:*'], message: 'the client runs in browsers' },
    { group: ['../../*/src/*', '../../core/*'], message: 'import other packages by their name, not by path' },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The packages' own builds, and one more project for the tests and configs they exclude.
        project: [
          './packages/*/tsconfig.json',
          './bench/tsconfig.json',
          './tsconfig.test.json',
          './packages/web/tsconfig.test.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Typed arrays read with noUncheckedIndexedAccess need `as number`; these are not mistakes.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts', 'packages/core/src/test-support/**'],
    rules: { 'no-restricted-imports': ['error', coreBoundaries] },
  },
  {
    files: ['packages/server/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverBoundaries.patterns, testSupportOutOfProduction] }],
    },
  },
  {
    files: ['packages/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', serverBoundaries] },
  },
  {
    files: ['packages/cli/**/*.ts', 'packages/cli/**/*.js'],
    ignores: ['packages/cli/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...appBoundaries.patterns, testSupportOutOfProduction] }],
    },
  },
  {
    files: ['packages/cli/src/**/*.test.ts', 'packages/test-support/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', appBoundaries] },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/**/*.test.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: { '@typescript-eslint/no-restricted-imports': ['error', webBoundaries] },
  },
  {
    // The one module of the client that holds rules: practice offline, with no server to ask (docs/web.md, "Offline").
    files: ['packages/web/src/offline.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: webBoundaries.patterns.filter((p) => !p.group.includes('@ubongo/core/decks')) },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
);

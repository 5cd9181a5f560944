// @ts-check
import js from '@eslint/js';
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
const appBoundaries = {
  patterns: [
    { group: ['@ubongo/web', '@ubongo/web/*'], message: 'nothing imports the web client' },
    { group: ['../../core/*', '../../*/src/*'], message: 'import other packages by their name, not by path' },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The packages' own builds, and one more project for the tests and configs they exclude.
        project: ['./packages/*/tsconfig.json', './bench/tsconfig.json', './tsconfig.test.json'],
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
    rules: { 'no-restricted-imports': ['error', serverBoundaries] },
  },
  {
    files: ['packages/cli/**/*.ts', 'packages/cli/**/*.js'],
    rules: { 'no-restricted-imports': ['error', appBoundaries] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
);

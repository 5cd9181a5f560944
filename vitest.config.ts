import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run the TypeScript sources of core, not its build.
    alias: [
      { find: /^@ubongo\/core$/, replacement: fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)) },
      {
        find: /^@ubongo\/core\/decks$/,
        replacement: fileURLToPath(new URL('./packages/core/src/decks.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    // Two cores here: one worker per core.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});

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
      {
        find: /^@ubongo\/core\/solve$/,
        replacement: fileURLToPath(new URL('./packages/core/src/solve.ts', import.meta.url)),
      },
    ],
  },
  test: {
    // The web client's components run in jsdom (a comment at the top of each such file says so);
    // its browser tests (e2e) drive Chromium against the built client.
    include: ['packages/*/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx', 'packages/web/e2e/**/*.test.ts'],
    // Two cores here: one worker per core.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Polls wait for a real server and a real browser, on a machine that may be busy.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});

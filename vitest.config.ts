import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/*
 * Tests run in three lanes (vitest projects), chosen by where a file lives, unless its name says
 * otherwise:
 * - unit: core, cli and the web client's sources (jsdom components included): no process, socket,
 *   database server or browser. `npm run test:unit`, after every change.
 * - server: the server's and test-support's tests: real sockets, SQLite, PostgreSQL, Redis, nginx,
 *   server processes.
 * - browser: packages/web/e2e, Chromium against the built client.
 * A test named *.unit.test.ts is in the unit lane wherever it lives (a server test that needs none of
 * that), one named *.server.test.ts in the server lane (a cli test that runs the built command).
 */
const UNIT = [
  'packages/core/src/**/*.test.ts',
  'packages/cli/src/**/*.test.ts',
  'packages/web/src/**/*.test.{ts,tsx}',
  'packages/*/src/**/*.unit.test.ts',
];
const SERVER = [
  'packages/server/src/**/*.test.ts',
  'packages/test-support/src/**/*.test.ts',
  'packages/*/src/**/*.server.test.ts',
];
const BROWSER = ['packages/web/e2e/**/*.test.ts'];

export default defineConfig({
  resolve: {
    // Tests run the TypeScript sources of core and test-support, not their builds.
    alias: [
      { find: /^@ubongo\/core$/, replacement: source('./packages/core/src/index.ts') },
      { find: /^@ubongo\/core\/decks$/, replacement: source('./packages/core/src/decks.ts') },
      { find: /^@ubongo\/core\/solve$/, replacement: source('./packages/core/src/solve.ts') },
      { find: /^@ubongo\/test-support$/, replacement: source('./packages/test-support/src/index.ts') },
      { find: /^@ubongo\/test-support\/(.+)$/, replacement: source('./packages/test-support/src/$1.ts') },
    ],
  },
  test: {
    // Two cores here: one worker per core.
    maxWorkers: 2,
    testTimeout: 30_000,
    // A hook starts or stops a server, a database or a browser: on a busy machine that takes more than 10 s.
    hookTimeout: 60_000,
    // Polls wait for a real server and a real browser, on a machine that may be busy.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    projects: [
      // The web client's components run in jsdom (a comment at the top of each such file says so).
      { extends: true, test: { name: 'unit', include: UNIT, exclude: ['**/node_modules/**', '**/*.server.test.ts'] } },
      {
        extends: true,
        test: { name: 'server', include: SERVER, exclude: ['**/node_modules/**', '**/*.unit.test.ts'] },
      },
      // A failed browser test runs once more, said in the output as "(retry x1)": on a busy machine a
      // finger's drag is now and then not heard by the page (two in 1,343 tests in one clean-clone
      // run; neither reproduced alone). The count shows; the cause is still to find.
      { extends: true, test: { name: 'browser', include: BROWSER, retry: 1 } },
    ],
  },
});

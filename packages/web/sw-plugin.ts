import { join } from 'node:path';
import type { Plugin } from 'vite';
import { generateSW } from 'workbox-build';

/*
 * The service worker (docs/web.md, "Offline"), written by Workbox (workbox-build's generateSW)
 * once the build is on disk: it precaches the build's own files, each under a revision (its
 * content's hash), so a new build is a new worker that fetches only the files that changed and
 * drops the rest when it takes over.
 *
 * - The app shell (the page, every script, style sheet and font of the build, the icons, the
 *   manifest) is precached when the worker installs: the game opens, and practice plays, offline.
 *   The decks are in the build (the offline practice's chunk), so they are precached with it.
 * - The page (a navigation to `/`) is asked of the network first, so a new build reaches players
 *   at once; the precached page answers only when the network does not. A
 *   navigation anywhere else (an API answer opened in a tab) is the network's alone.
 * - Outdated precaches (an older Workbox's) are deleted; the caches of the hand-written worker
 *   before it (`ubongo-<hash>`) are deleted by the page (main.tsx) once this one controls it.
 * - Everything else of the build is answered from the precache.
 * - Nothing else is touched: the API (`/api/*`, per player and live), `/healthz`, `/metrics`, the
 *   matchmaker and the game socket go to the network as if there were no worker.
 */

/** The files of the build the worker precaches (public/'s icons and manifest are copied into it). */
const SHELL = ['index.html', '**/*.{js,css,woff2,png,svg,webmanifest}'];

export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'ubongo-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { count, size, warnings } = await generateSW({
        globDirectory: outDir,
        globPatterns: SHELL,
        // Not the worker itself, nor what no page loads (the source maps are `hidden`).
        globIgnores: ['sw.js', '**/*.map'],
        // The decks' chunk is larger than Workbox's default 2 MB limit would ever need; a bound all the same.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Files whose names carry their hash are their own revision.
        dontCacheBustURLsMatching: /^assets\//,
        swDest: join(outDir, 'sw.js'),
        // One file, no workbox-*.js beside it for the server to serve.
        inlineWorkboxRuntime: true,
        sourcemap: false,
        mode: 'production',
        // A new build's worker takes over at once; the page offers to reload (UpdateNote.tsx).
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        cacheId: 'ubongo',
        // `/` is not answered from the precache (it would be cache-first): the route below has it.
        directoryIndex: null,
        runtimeCaching: [
          {
            // The page: the network's, else the precached one (the build the precached files are of:
            // a newer server's page kept instead would ask for files this worker does not have).
            urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname === '/',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
      });
      for (const warning of warnings) this.warn(warning);
      this.info(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} kB`);
    },
  };
}

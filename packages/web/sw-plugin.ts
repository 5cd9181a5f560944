import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/*
 * The service worker (docs/web.md, "Offline"), written by the build: it knows the build's own
 * files, so a new build is a new worker with a new cache, and the old cache goes when it takes over.
 *
 * - The app shell (the page, every script, style sheet and font of the build, the icons, the
 *   manifest) is cached when the worker installs: the game opens, and practice plays, offline.
 *   The decks are in the build (the offline practice's chunk), so they are cached with it.
 * - The page (a navigation to `/`) is asked of the network first, so a new build reaches players
 *   at once; the cached page answers only when the network does not, and only an HTML page is kept
 *   as it (a navigation elsewhere, an API answer opened in a tab, is the network's alone).
 * - The worker's version is a hash of the contents of everything it keeps (the bundle, the page
 *   and public/'s files), so any change to any of them is a new worker.
 * - Everything else of the build is answered from the cache, then the network.
 * - Nothing else is touched: the API (`/api/*`, per player and live), `/healthz`, the matchmaker
 *   and the game socket go to the network as if there were no worker.
 */

/** The files of the bundle the worker keeps, besides the page (`/`) and `PUBLIC`. */
const SHELL = /\.(js|css|woff2|png|svg)$/;

/** The files of public/ the worker keeps (the build copies them as they are). */
const PUBLIC = ['/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png', '/icon-maskable-512.png'];

export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'ubongo-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => SHELL.test(name) && !name.endsWith('.map'))
        .sort();
      const shell = ['/', ...PUBLIC, ...files.map((f) => `/${f}`)];
      // Every file's name and contents: the page, the bundle's files and public/'s.
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        if (!item || name.endsWith('.map')) continue;
        hash.update(`${name}\n`).update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const name of PUBLIC) hash.update(`${name}\n`).update(readFileSync(join(publicDir, name)));
      const version = hash.digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker(version, shell) });
    },
  };
}

/** The worker's source for a build. */
function worker(version: string, shell: readonly string[]): string {
  return `// The Ubongo service worker, written by the build (packages/web/sw-plugin.ts): build ${version}.
const CACHE = 'ubongo-${version}';
const SHELL = ${JSON.stringify(shell)};
const KEPT = new Set(SHELL);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('ubongo-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The page: the network's first (a new build at once), the cached one without a network. A
    // navigation elsewhere (an API answer opened in a tab) is the network's alone.
    if (url.pathname !== '/') return;
    event.respondWith(
      fetch(request)
        .then((answer) => {
          if (answer.ok && (answer.headers.get('content-type') || '').startsWith('text/html')) {
            const copy = answer.clone();
            void caches.open(CACHE).then((cache) => cache.put('/', copy));
          }
          return answer;
        })
        .catch(() => caches.match('/').then((page) => page || Response.error())),
    );
    return;
  }
  if (!KEPT.has(url.pathname)) return;
  event.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(request)));
});
`;
}

import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { pathOf } from './http-common.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors leaves the route alone. */
    cors?: false;
  }
}

/** What `/` says when the web client has not been built. */
export const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Ubongo server</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Ubongo</h1>
<p>The game server is running, but the web client has not been built: run <code>npm run build</code>
(npm install does it) and reload. The HTTP API: <a href="/healthz">/healthz</a>,
/api/games/:id, <a href="/api/records?mode=timed">/api/records</a>, <a href="/api/decks">/api/decks</a>.</p>
</body></html>`;

/** Only names of letters, digits, `-`, `_` and `.` under the folder are served: no `..`, no hidden files, nothing encoded. */
const SAFE_NAME = /^(?:[\w-]+\/)*[\w-][\w.-]*$/;

/** The types of the client's files (RFC 9239's JavaScript type, which the library's table predates). */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Types gzipped besides those the mime database calls compressible (fonts and images are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/**
 * A file's answer as one buffer rather than a stream: before compression, so that small files are
 * left as they are (a stream's size is not looked at); after, so that a gzipped answer says its
 * length.
 */
const isReadable = (payload: unknown): payload is Readable =>
  typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

const whole: onSendHookHandler = (_request, _reply, payload, done) => {
  // zlib's streams and send's alike.
  if (!isReadable(payload)) {
    done(null, payload);
    return;
  }
  const chunks: Buffer[] = [];
  payload.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
  payload.once('error', (e: Error) => {
    done(e);
  });
  payload.once('end', () => {
    done(null, Buffer.concat(chunks));
  });
};

export interface WebFilesOptions {
  readonly webDir: string;
  /** Whether `.map` files are served (development). */
  readonly sourceMaps: boolean;
}

/**
 * The built web client (@fastify/static): hashed `/assets/*` cached for good, the rest
 * revalidated, gzipped (@fastify/compress) when the browser takes it and the file is worth it.
 */
export async function webFiles(app: FastifyInstance, { webDir, sourceMaps }: WebFilesOptions): Promise<void> {
  await app.register(fastifyStatic, { root: webDir, serve: false, index: false, dotfiles: 'deny', contentType: false });
  await app.register(fastifyCompress, { global: false });
  // After @fastify/compress's own hook on each route below.
  app.addHook('onRoute', (route) => {
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), whole];
  });

  // HEAD as a route of its own, so that it goes through the hooks as GET does and says the same length.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    // gzip alone, as before; a route's settings replace the plugin's.
    compress: { encodings: ['gzip'], threshold: 1024, customTypes: COMPRESSIBLE },
    onSend: [whole],
    // The page's own files: no other origin's page reads them, so no CORS (and no `Vary: Origin`).
    config: { cors: false },
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = pathOf(request.url);
      const name = path === '/' ? 'index.html' : path.slice(1);
      if (
        path.startsWith('/api/') ||
        (!sourceMaps && path.endsWith('.map')) ||
        !SAFE_NAME.test(name) ||
        name.includes('..')
      ) {
        reply.callNotFound();
        return reply;
      }
      // send answers HEAD without reading the file, so the gzipped length GET says would be
      // unknown: the file is read as for GET, and Node sends no body to a HEAD all the same.
      if (request.raw.method === 'HEAD') request.raw.method = 'GET';
      const immutable = name.startsWith('assets/');
      void reply.type(TYPES[extname(name)] ?? 'application/octet-stream');
      if (!immutable) void reply.header('cache-control', 'no-cache');
      return reply.sendFile(name, immutable ? { maxAge: 31_536_000_000, immutable: true } : { cacheControl: false });
    },
  });
}

import type {
  AccountErrorAnswer,
  Deck,
  DeckEdition,
  DeckIndex,
  DeckSide,
  Health,
  LeaderboardAnswer,
  ProfileAnswer,
  PuzzleAnswer,
  RaceEdition,
  RecordsAnswer,
  ReplayAnswer,
  ReplayRound,
  SoloMode,
  SoloRecordEntry,
  Side,
} from '@ubongo/core';
import {
  deckFor,
  findTask,
  parseRaceAction,
  parseRaceConfig,
  PROTOCOL_VERSION,
  RACE_EDITIONS,
  raceEngine,
  RoundWatcher,
} from '@ubongo/core';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Accounts } from './accounts.js';
import { AccountError, viewOf } from './accounts.js';
import { readJson, Refused } from './body.js';
import type { Limits } from './limits.js';
import { addressOf } from './limits.js';
import type { Matchmaker } from './matchmaker.js';
import { parseOccupant } from './protocol.js';
import { bestListedRuns } from './solo-bests.js';
import { puzzleDisplay, startOf, taskKey } from './puzzles.js';
import { displayOf, ratingView } from './ratings.js';
import type { SoloRecord, Storage } from './storage.js';

/** A replayed game (`GET /api/games/:id/replay`), as core's protocol says. */
export type Replay = ReplayAnswer;

/** The leaderboards' periods: the last day, the last seven days, all time (ms back from now). */
const PERIODS: Readonly<Record<string, number>> = { day: 86_400_000, week: 7 * 86_400_000, all: Infinity };

/** A stored solo result as people see it: the account and the verification stay in storage. */
const entryOf = (r: SoloRecord): SoloRecordEntry => ({
  player: r.player,
  mode: r.mode,
  limit: r.limit,
  side: r.side,
  solved: r.solved,
  skipped: r.skipped,
  ms: r.ms,
  seed: r.seed,
  finishedAt: r.finishedAt,
});

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * Headers on every answer: the page may load only its own scripts, styles, images and fonts and
 * talk only to its own origin (the game socket included); no framing, no sniffing, no referrer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    // React and the board set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * CORS for the matchmaker and the API: only origins on the allowed list get an answer that lets
 * their pages read it (the page's own origin needs none); no credentials either way.
 */
export function corsHeaders(req: IncomingMessage, allowed: readonly string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin || !allowed.includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'Content-Type, Accept, Authorization',
    'access-control-max-age': '600',
    vary: 'origin',
  };
}

/** What the HTTP side serves with. */
export interface HttpOptions {
  readonly storage: Storage;
  readonly decks: Readonly<Record<DeckEdition, Deck>>;
  readonly startedAt: number;
  /** The built web client, if any. */
  readonly webDir: string | undefined;
  readonly matchmaker: Matchmaker;
  readonly accounts: Accounts;
  readonly limits: Limits;
  /** Whether the client's source maps (`.map`) are served; not in production. */
  readonly sourceMaps: boolean;
  readonly log: (message: string) => void;
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Ubongo server</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Ubongo</h1>
<p>The game server is running, but the web client has not been built: run <code>npm run build</code>
(npm install does it) and reload. The HTTP API: <a href="/healthz">/healthz</a>,
/api/games/:id, <a href="/api/records?mode=timed">/api/records</a>, <a href="/api/decks">/api/decks</a>.</p>
</body></html>`;

const CONTENT_TYPES: Record<string, string> = {
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

/** Types whose files are compressed already: gzip would only cost the server time. */
const COMPRESSED = new Set(['.woff2', '.png', '.ico']);

/** The boards and tasks of each deck, without solutions: what practice offers to choose from. */
const tasksOf = (side: DeckSide): { tasks: { key: string; difficulty: number }[] } => ({
  tasks: side.tasks.map((t) => ({ key: t.key, difficulty: t.difficulty })),
});

function deckIndex(decks: Readonly<Record<DeckEdition, Deck>>): DeckIndex {
  return {
    decks: Object.values(decks).map((deck) => ({
      edition: deck.edition,
      grid: deck.grid,
      boards: deck.boards.map((b) => ({
        id: b.id,
        sides: {
          easy: tasksOf(b.sides.easy),
          hard: tasksOf(b.sides.hard),
        },
      })),
    })),
  };
}

/**
 * A file of the built web client, or undefined. Only names of letters, digits, `-`, `_` and `.`
 * under the folder are served (no `..`, no hidden files); hashed assets are cached for good.
 */
async function staticFile(
  webDir: string,
  pathname: string,
): Promise<{ file: string; body: Buffer; type: string; immutable: boolean } | undefined> {
  const name = pathname === '/' ? 'index.html' : pathname.slice(1);
  if (!/^(?:[\w-]+\/)*[\w-][\w.-]*$/.test(name) || name.includes('..')) return undefined;
  const file = join(webDir, name);
  try {
    const body = await readFile(file);
    return {
      file,
      body,
      type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      immutable: name.startsWith('assets/'),
    };
  } catch {
    return undefined;
  }
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
function acceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q) > 0);
  });
}

/** Gzipped copies of the hashed assets by file, made once: a hashed name never changes content. */
const gzipped = new Map<string, Buffer>();
function gzipOnce(key: string, body: Buffer): Buffer {
  let zipped = gzipped.get(key);
  if (!zipped) {
    zipped = gzipSync(body, { level: 9 });
    if (gzipped.size < 256) gzipped.set(key, zipped);
  }
  return zipped;
}

/** The HTTP side (docs/protocol.md): the matchmaker, health, game records and replays, solo records, the web client. */
export function httpHandler(options: HttpOptions) {
  const { storage, decks, startedAt, webDir, matchmaker, accounts, limits, sourceMaps, log } = options;
  const index = deckIndex(decks);
  async function replay(id: string): Promise<Replay | undefined> {
    const record = await storage.game(id);
    if (!record) return undefined;
    const about = {
      id,
      edition: record.config.edition,
      seats: record.seats.map((s) => {
        // Stored data is outside input: an occupant that is not one is left out (the name stays).
        const occupant = parseOccupant(s.occupant);
        return { id: s.id, name: s.name, kind: s.kind, ...(occupant ? { occupant } : {}) };
      }),
      startedAt: record.startedAt,
    };
    // Stored data is read as the outside input it is: parsed before the engine takes it.
    const config = parseRaceConfig(record.config);
    if (!config.ok) return { ...about, steps: [], matchesRecord: false, finished: false, rounds: [] };
    const engine = raceEngine(decks[deckFor(config.value.edition)]);
    const setup = engine.setup(config.value, record.seed);
    if (!setup.ok) return { ...about, steps: [], matchesRecord: false, finished: false, rounds: [] };
    let state = setup.value;
    const steps: Replay['steps'][number][] = [];
    const watcher = new RoundWatcher(engine);
    const rounds: ReplayRound[] = [];
    let faithful = true;
    for (const { at, action: raw } of record.actions) {
      const action = parseRaceAction(raw);
      const step = action.ok ? engine.apply(state, action.value, at) : action;
      if (!step.ok) {
        faithful = false;
        break;
      }
      state = step.value.state;
      steps.push({ at, action: raw, events: step.value.events });
      const reveal = watcher.step(raw, step.value.events);
      if (reveal) {
        const after = engine.view(state, null);
        rounds.push({ ...reveal, players: after.players, standings: after.standings });
      }
    }
    const result = engine.result(state);
    return {
      ...about,
      steps,
      matchesRecord: faithful && JSON.stringify(result) === JSON.stringify(record.result),
      finished: result !== undefined,
      rounds,
    };
  }

  /** A player's profile: ratings with their history, verified solo bests. */
  async function profileOf(id: string): Promise<ProfileAnswer | undefined> {
    const account = await storage.account(id);
    if (!account) return undefined;
    const ratings = await storage.ratingsOf(id);
    const history = (
      await Promise.all(
        ratings.map(async (r) =>
          (await storage.ratingHistory(id, r.edition)).map((h) => ({
            edition: r.edition,
            game: h.gameId,
            display: displayOf(h),
            at: h.at,
          })),
        ),
      )
    ).flat();
    const verified = (await storage.soloResultsOf(id)).filter((r) => r.verified);
    let solvedMs = 0;
    let solvedCount = 0;
    for (const r of verified) {
      // A run's own puzzles where it kept them; its time shared out over its solves before that.
      const solved = r.puzzles?.filter((p) => p.outcome === 'solved') ?? [];
      solvedMs += solved.length > 0 ? solved.reduce((sum, p) => sum + p.ms, 0) : r.solved > 0 ? r.ms : 0;
      solvedCount += solved.length > 0 ? solved.length : r.solved;
    }
    return {
      account: { id: account.id, name: account.name, username: account.username, since: account.createdAt },
      ratings: ratings.map(ratingView),
      history,
      solo: {
        runs: verified.length,
        best: [...bestListedRuns(verified).values()].map(entryOf),
        averagePuzzleMs: solvedCount > 0 ? Math.round(solvedMs / solvedCount) : null,
      },
    };
  }

  /** The session token a request carries (`Authorization: Bearer ...`). */
  const bearer = (req: IncomingMessage): string | undefined =>
    /^Bearer ([\w-]{20,100})$/.exec(req.headers.authorization ?? '')?.[1];

  const text = (body: Record<string, unknown>, key: string): string => {
    const value = body[key];
    if (typeof value !== 'string') throw new Refused(400, `${key} is a string`);
    return value;
  };

  /** The account routes (docs/accounts.md); whether the request was one. */
  async function accountRoute(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const method = req.method ?? 'GET';
    const is = (m: string, p: string): boolean => method === m && path === p;
    const known = ['/api/accounts', '/api/sessions', '/api/me', '/api/me/claim', '/api/me/password', '/api/me/name'];
    if (!known.includes(path)) return false;
    try {
      if (is('POST', '/api/accounts')) {
        const body = await readJson(req, limits.bodyBytes);
        const name = body['name'];
        if (name !== undefined && typeof name !== 'string') throw new Refused(400, 'name is a string');
        send(res, 201, await accounts.guest(name));
        return true;
      }
      if (is('POST', '/api/sessions')) {
        const body = await readJson(req, limits.bodyBytes);
        const credentials =
          typeof body['id'] === 'string'
            ? { id: text(body, 'id'), secret: text(body, 'secret') }
            : { username: text(body, 'username'), password: text(body, 'password') };
        send(res, 200, await accounts.signIn(credentials, addressOf(req, limits.trustProxy)));
        return true;
      }
      const token = bearer(req);
      const account = await accounts.bySession(token);
      if (!account || token === undefined) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
      if (is('DELETE', '/api/sessions')) {
        await accounts.signOut(token);
        res.writeHead(204);
        res.end();
      } else if (is('GET', '/api/me')) send(res, 200, { account: viewOf(account) });
      else if (is('POST', '/api/me/claim')) {
        const body = await readJson(req, limits.bodyBytes);
        send(res, 200, { account: await accounts.claim(account, text(body, 'username'), text(body, 'password')) });
      } else if (is('POST', '/api/me/password')) {
        const body = await readJson(req, limits.bodyBytes);
        await accounts.changePassword(account, token, text(body, 'old'), text(body, 'new'));
        res.writeHead(204);
        res.end();
      } else if (is('POST', '/api/me/name')) {
        const body = await readJson(req, limits.bodyBytes);
        send(res, 200, { account: await accounts.rename(account, text(body, 'name')) });
      } else send(res, 405, { error: `not ${method} here` });
    } catch (e) {
      if (e instanceof AccountError) {
        if (e.retryAfter !== undefined) res.setHeader('retry-after', String(e.retryAfter));
        const answer: AccountErrorAnswer = {
          error: e.message,
          code: e.code,
          ...(e.params ? { params: e.params } : {}),
        };
        send(res, e.status, answer);
      } else if (e instanceof Refused) send(res, e.status, { error: e.message });
      else throw e;
    }
    return true;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, ...corsHeaders(req, limits.allowedOrigins) }))
      res.setHeader(name, value);
    if (matchmaker.owns(url.pathname)) {
      await matchmaker.handle(req, res, corsHeaders(req, limits.allowedOrigins));
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    if (await accountRoute(req, res, url.pathname)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { error: 'only GET here' });
      return;
    }
    if (url.pathname === '/healthz') {
      send(res, 200, {
        status: 'ok',
        protocol: PROTOCOL_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      } satisfies Health);
      return;
    }
    const game = /^\/api\/games\/([A-Za-z0-9-]{1,64})(\/replay)?$/.exec(url.pathname);
    if (game) {
      const id = game[1] ?? '';
      const body = game[2] ? await replay(id) : await storage.game(id);
      if (body) send(res, 200, body);
      else send(res, 404, { error: `no game ${id}` });
      return;
    }
    if (url.pathname === '/api/records') {
      const mode = url.searchParams.get('mode');
      const limit = url.searchParams.get('limit');
      const side = url.searchParams.get('side');
      const top = url.searchParams.get('top');
      const period = url.searchParams.get('period');
      const problem =
        mode !== 'timed' && mode !== 'count'
          ? 'mode is timed or count'
          : period !== null && !(period in PERIODS)
            ? 'period is day, week or all'
            : limit !== null && !['5', '10', '20'].includes(limit)
              ? 'limit is 5, 10 or 20'
              : side !== null && side !== 'easy' && side !== 'hard'
                ? 'side is easy or hard'
                : top !== null && !/^([1-9]|[1-9]\d|100)$/.test(top)
                  ? 'top is 1 to 100'
                  : undefined;
      if (problem) {
        send(res, 400, { error: problem });
        return;
      }
      const records = await storage.records({
        mode: mode as SoloMode,
        ...(limit === null ? {} : { limit: Number(limit) }),
        ...(side === null ? {} : { side: side as Side }),
        ...(top === null ? {} : { top: Number(top) }),
        ...(period === null || period === 'all' ? {} : { since: Date.now() - (PERIODS[period] ?? 0) }),
      });
      // The entries as people see them: the account and the verification stay in storage.
      const entries = records.map(entryOf);
      send(res, 200, { records: entries } satisfies RecordsAnswer);
      return;
    }
    const player = /^\/api\/players\/([\w-]{1,64})$/.exec(url.pathname);
    if (player) {
      const profile = await profileOf(player[1] ?? '');
      if (profile) send(res, 200, profile);
      else send(res, 404, { error: `no player ${player[1] ?? ''}` });
      return;
    }
    if (url.pathname === '/api/leaderboard') {
      const edition = url.searchParams.get('edition');
      const top = url.searchParams.get('top');
      if (!RACE_EDITIONS.some((e) => e === edition) || (top !== null && !/^([1-9]|[1-9]\d|100)$/.test(top))) {
        send(res, 400, { error: `edition is ${RACE_EDITIONS.join(', ')}; top is 1 to 100` });
        return;
      }
      const board = await storage.leaderboard(edition as RaceEdition, top === null ? 20 : Number(top));
      send(res, 200, {
        edition: edition as RaceEdition,
        players: board.map((r) => ({ id: r.accountId, name: r.name, rating: ratingView(r) })),
      } satisfies LeaderboardAnswer);
      return;
    }
    const puzzle = /^\/api\/puzzles\/(classic|extreme)\/([\w-]{1,16})\/(easy|hard)\/([\w-]{1,16})$/.exec(url.pathname);
    if (puzzle) {
      const [, edition = 'classic', board = '', side = 'easy', key = ''] = puzzle;
      const ref = { board, side: side as Side, key };
      const task = findTask(decks[edition as DeckEdition], ref);
      if (!task) {
        send(res, 404, { error: `no task ${key} on ${edition} board ${board} ${side}` });
        return;
      }
      const rated = await storage.puzzleRating(taskKey(edition as DeckEdition, ref));
      const r = rated ?? { ...startOf(task.difficulty), attempts: 0 };
      send(res, 200, {
        task: taskKey(edition as DeckEdition, ref),
        difficulty: task.difficulty,
        display: puzzleDisplay(r),
        mu: r.mu,
        sigma: r.sigma,
        attempts: r.attempts,
      } satisfies PuzzleAnswer);
      return;
    }
    if (url.pathname === '/api/decks') {
      send(res, 200, index);
      return;
    }
    if (!url.pathname.startsWith('/api/') && (sourceMaps || !url.pathname.endsWith('.map'))) {
      const file = webDir === undefined ? undefined : await staticFile(webDir, url.pathname);
      if (file) {
        const zip =
          file.body.length > 1024 &&
          !COMPRESSED.has(extname(file.file)) &&
          acceptsGzip(req.headers['accept-encoding'] ?? '');
        const body = zip ? (file.immutable ? gzipOnce(file.file, file.body) : gzipSync(file.body)) : file.body;
        res.writeHead(200, {
          'content-type': file.type,
          'content-length': body.length,
          'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          vary: 'accept-encoding',
          ...(zip ? { 'content-encoding': 'gzip' } : {}),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      if (url.pathname === '/' || url.pathname === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(NOT_BUILT);
        return;
      }
    }
    send(res, 404, { error: `nothing at ${url.pathname}` });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
      log(
        `http ${req.method ?? '?'} ${(req.url ?? '').slice(0, 200)} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
    });
  };
}

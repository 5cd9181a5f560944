import type { Deck, DeckEdition, RaceAction, RaceEvent, SoloMode, Side } from '@ubongo/core';
import { raceEngine } from '@ubongo/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROTOCOL_VERSION } from './protocol.js';
import type { Storage } from './storage.js';

/** A replayed game: every accepted action with the events it caused, and whether the replay ends as the record says. */
export interface Replay {
  readonly id: string;
  readonly steps: readonly {
    readonly at: number;
    readonly action: RaceAction;
    readonly events: readonly RaceEvent[];
  }[];
  readonly matchesRecord: boolean;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

const LANDING = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Ubongo server</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Ubongo</h1>
<p>The game server is running: rooms on this address's WebSocket, and the HTTP API:</p>
<ul><li><a href="/healthz">/healthz</a></li><li>/api/games/:id and /api/games/:id/replay</li>
<li><a href="/api/records?mode=timed">/api/records?mode=timed</a></li></ul>
<p>The browser client is not part of this build yet; see docs/protocol.md to write one.</p>
</body></html>`;

/** The HTTP API (docs/protocol.md): health, game records and replays, solo records. */
export function httpHandler(storage: Storage, decks: Readonly<Record<DeckEdition, Deck>>, startedAt: number) {
  async function replay(id: string): Promise<Replay | undefined> {
    const record = await storage.game(id);
    if (!record) return undefined;
    const engine = raceEngine(decks[record.config.edition === 'extreme' ? 'extreme' : 'classic']);
    const setup = engine.setup(record.config, record.seed);
    if (!setup.ok) return { id, steps: [], matchesRecord: false };
    let state = setup.value;
    const steps: Replay['steps'][number][] = [];
    let faithful = true;
    for (const { at, action } of record.actions) {
      const step = engine.apply(state, action, at);
      if (!step.ok) {
        faithful = false;
        break;
      }
      state = step.value.state;
      steps.push({ at, action, events: step.value.events });
    }
    const result = engine.result(state);
    return { id, steps, matchesRecord: faithful && JSON.stringify(result) === JSON.stringify(record.result) };
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { error: 'only GET here' });
      return;
    }
    if (url.pathname === '/healthz') {
      send(res, 200, {
        status: 'ok',
        protocol: PROTOCOL_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
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
      const problem =
        mode !== 'timed' && mode !== 'count'
          ? 'mode is timed or count'
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
      });
      send(res, 200, { records });
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(LANDING);
      return;
    }
    send(res, 404, { error: `nothing at ${url.pathname}` });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
      console.error('ubongo: http', e);
    });
  };
}

import { arenaStatus } from '@ubongo/core';
import { z } from 'zod';
import { arenaAnswer, arenaResultsOf, arenaView } from './arenas.js';
import type { Http, HttpOptions } from '../http/http-common.js';
import { Refused } from '../http/http-common.js';
import { route } from '../http/route.js';
import type { Stores } from '../storage/stores.js';

const arenaId = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, { error: 'an arena id is letters, digits, - and _' }),
});
const playerId = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/, { error: 'a player id is letters, digits, - and _' }),
});

/** Arenas listed: the finished of the last week (the latest 10) and those to come (the next 10). */
const LISTED = { finishedDays: 7, finished: 10, upcoming: 10 } as const;

/** The arenas' routes (docs/arenas.md): the list, an arena with its standings, entering its lobby, a player's arenas. */
export function arenaRoutes(
  app: Http,
  { stores, clock }: Pick<HttpOptions, 'clock'> & { readonly stores: Pick<Stores, 'accounts' | 'arenas'> },
): void {
  const find = async (id: string) => {
    const arena = await stores.arenas.arena(id);
    if (!arena) throw new Refused(404, `no arena ${id}`);
    return arena;
  };
  route(app, 'GET /api/arenas', {}, async () => {
    const now = clock.now();
    const found = await stores.arenas.arenas(now - LISTED.finishedDays * 86_400_000, Number.MAX_SAFE_INTEGER, 500);
    const finished = found.filter((a) => arenaStatus(a, now) === 'finished').slice(-LISTED.finished);
    const running = found.filter((a) => arenaStatus(a, now) === 'running');
    const upcoming = found.filter((a) => arenaStatus(a, now) === 'upcoming').slice(0, LISTED.upcoming);
    const arenas = await Promise.all(
      [...running, ...upcoming, ...finished.reverse()].map(async (a) =>
        arenaView(a, now, (await stores.arenas.arenaEntries(a.id)).length),
      ),
    );
    return { serverNow: now, arenas };
  });

  route(app, 'GET /api/arenas/:id', { params: arenaId }, async ({ params, me }) =>
    arenaAnswer(stores.arenas, await find(params.id), clock, me?.account.id),
  );

  route(app, 'POST /api/arenas/:id/join', { params: arenaId }, async ({ params, me: { account } }) => {
    const arena = await find(params.id);
    // Its games are rated: a guest could not sit at its tables.
    if (account.username === null) throw new Refused(403, 'an arena’s games are rated: claim a username first');
    if (arenaStatus(arena, clock.now()) === 'finished') throw new Refused(409, `the arena ${arena.id} is over`);
    await stores.arenas.enterArena(arena.id, account.id, clock.now());
    return arenaAnswer(stores.arenas, arena, clock, account.id);
  });

  route(app, 'DELETE /api/arenas/:id/join', { params: arenaId }, async ({ params, me }) => {
    const arena = await find(params.id);
    await stores.arenas.leaveArenaLobby(arena.id, me.account.id);
  });

  route(app, 'GET /api/players/:id/arenas', { params: playerId }, async ({ params }) => {
    if (!(await stores.accounts.account(params.id))) throw new Refused(404, `no player ${params.id}`);
    return { arenas: await arenaResultsOf(stores.arenas, params.id, clock.now()) };
  });
}

import type { ArenasAnswer, PlayerArenasAnswer } from '@ubongo/core';
import { arenaStatus } from '@ubongo/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { arenaAnswer, arenaResultsOf, arenaView } from './arenas.js';
import type { Http, HttpOptions } from '../http/http-common.js';
import { Refused } from '../http/http-common.js';
import type { Account } from '../accounts/store.js';
import type { Stores } from '../storage/stores.js';

/** The session token a request carries (`Authorization: Bearer ...`), if any. */
const bearer = (request: FastifyRequest): string | undefined =>
  /^Bearer ([\w-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];

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
  {
    stores,
    accounts,
    clock,
  }: Pick<HttpOptions, 'accounts' | 'clock'> & { readonly stores: Pick<Stores, 'accounts' | 'arenas'> },
): void {
  const find = async (id: string) => {
    const arena = await stores.arenas.arena(id);
    if (!arena) throw new Refused(404, `no arena ${id}`);
    return arena;
  };
  const member = async (request: FastifyRequest): Promise<Account> => {
    const account = await accounts.bySession(bearer(request));
    if (!account) throw new Refused(401, 'sign in first');
    return account;
  };

  app.get('/api/arenas', { schema: { summary: 'Arenas to come, running and just finished' } }, async () => {
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
    return { serverNow: now, arenas } satisfies ArenasAnswer;
  });

  app.get(
    '/api/arenas/:id',
    { schema: { summary: 'An arena: its standings, its podium once over', params: arenaId } },
    async (request) => {
      const arena = await find(request.params.id);
      const account = await accounts.bySession(bearer(request));
      return arenaAnswer(stores.arenas, arena, clock, account?.id);
    },
  );

  app.post(
    '/api/arenas/:id/join',
    { schema: { summary: 'Enter an arena’s lobby, or say you are still in it', params: arenaId } },
    async (request) => {
      const account = await member(request);
      const arena = await find(request.params.id);
      // Its games are rated: a guest could not sit at its tables.
      if (account.username === null) throw new Refused(403, 'an arena’s games are rated: claim a username first');
      if (arenaStatus(arena, clock.now()) === 'finished') throw new Refused(409, `the arena ${arena.id} is over`);
      await stores.arenas.enterArena(arena.id, account.id, clock.now());
      return arenaAnswer(stores.arenas, arena, clock, account.id);
    },
  );

  app.delete(
    '/api/arenas/:id/join',
    { schema: { summary: 'Leave an arena’s lobby (your points stay)', params: arenaId } },
    async (request, reply) => {
      const account = await member(request);
      const arena = await find(request.params.id);
      await stores.arenas.leaveArenaLobby(arena.id, account.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/players/:id/arenas',
    { schema: { summary: 'The arenas a player played, with their places', params: playerId } },
    async (request) => {
      if (!(await stores.accounts.account(request.params.id))) throw new Refused(404, `no player ${request.params.id}`);
      return {
        arenas: await arenaResultsOf(stores.arenas, request.params.id, clock.now()),
      } satisfies PlayerArenasAnswer;
    },
  );
}

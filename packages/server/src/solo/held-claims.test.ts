import type { TrailMove } from '@ubongo/core';
import { findTask, humanFloorSeconds, PROTOCOL_VERSION } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { byHand, humanPause, member as memberAt, Player, solve } from '@ubongo/test-support/player';

/*
 * A rated race over a real server, socket and SQLite file: a player whose every claim comes just
 * after its floor with one place per piece passes each claim's floor, and the run of its claims is
 * flagged (docs/accounts.md, "Reviewed results"): in the review queue with the game's id, rated
 * (a timing model is not proof: only the impossible is held); the person beside it is not.
 */

// Slow enough that the band over the floor (25%) is wider than a busy machine's round trip.
const TIME_SCALE = 4;

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: TIME_SCALE,
  }),
);

const member = (username: string) => memberAt(served.ws, username);

it('flags the claims of a rated race that come at the floor with made-up trails for the review queue, and holds none', async () => {
  const [forger, person] = await Promise.all(['fay_f', 'pia_p'].map(member));
  if (!forger || !person) throw new Error('no members');
  const table = Player.wrap<'race'>(
    forger.client,
    await forger.client.create('race', {
      protocol: PROTOCOL_VERSION,
      settings: { rated: true, rounds: 3, variant: 'fixed', hourglassSeconds: 300 },
    }),
  );
  const { code } = await table.waitFor('lobby');
  const other = Player.wrap<'race'>(person.client, await person.client.joinById(code, { protocol: PROTOCOL_VERSION }));
  await table.waitFor('lobby', (l) => l.seats.length === 2);
  table.send('start');
  const deck = shippedDeck('classic');
  let forgerSeat = '';
  for (let round = 1; round <= 3; round++) {
    await Promise.all(
      [table, other].map(async (p) => {
        const { view } = await p.waitFor(
          'view',
          (m) => m.view.phase === 'playing' && m.view.round?.number === round && m.view.task !== null,
          30_000,
        );
        if (!view.task || view.you === null) throw new Error('no task');
        const placements = solve(view.task);
        if (p === other) {
          await humanPause(view.task, TIME_SCALE);
          p.send('claim', byHand(placements));
        } else {
          forgerSeat = view.you;
          const deal = view.round?.deals.find((d) => d.player === view.you);
          const task = deal && findTask(deck, deal);
          if (!task) throw new Error('no deal');
          const wait = humanFloorSeconds(task.difficulty, task.pieces.length) + 0.1;
          await new Promise((resolve) => setTimeout(resolve, (wait * 1000) / TIME_SCALE));
          const step = (wait * 1000) / (placements.length + 1);
          const trail = placements.map((q, i): TrailMove => [Math.round(step * (i + 1)), 'place', q.piece]);
          p.send('claim', { placements, trail });
        }
        const you = view.you;
        await p.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === you), 30_000);
      }),
    );
  }
  const { game } = await table.waitFor('saved', () => true, 30_000);
  // Flagged, not held: the model's finding orders the review queue; the claims are rated as any other.
  await expect.poll(() => served.server.stores.reviews.queue(10)).toHaveLength(1);
  const [flagged] = await served.server.stores.reviews.queue(10);
  expect(flagged).toMatchObject({
    kind: 'claim',
    gameId: game,
    player: forgerSeat,
    accountId: forger.id,
    review: 'none',
  });
  expect(flagged?.reasons.some((r) => r.startsWith('floor: '))).toBe(true);
  expect(await served.server.stores.reviews.reviews()).toEqual([]);
  expect(await served.server.stores.reviews.heldPlayers(game)).toEqual([]);
}, 120_000);

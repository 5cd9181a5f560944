import type { RaceEdition, RaceSettings, RaceViewMessage } from '@ubongo/core';
import { Player, solve } from './player.js';

/*
 * A race table played by scripted people over a real socket: what the server's game tests share
 * (server.test.ts plays games, tables.test.ts what happens around them).
 */

/** A view of round `round` under way, with the player's task. */
export const playing =
  (round: number) =>
  (m: RaceViewMessage): boolean =>
    m.view.phase === 'playing' && m.view.round?.number === round && m.view.task !== null;

/** Ana opens a private table of `edition` (2 rounds, a 20 s hourglass unless `extra` says otherwise) at `url`. */
export async function newTable(
  url: string,
  edition: RaceEdition,
  extra: Partial<RaceSettings> = {},
): Promise<Player<'race'>> {
  const host = await Player.create(url, 'race', {
    name: 'Ana',
    settings: { edition, rounds: 2, hourglassSeconds: 20, ...extra },
  });
  await host.waitFor('lobby');
  return host;
}

/** Solves round `round`'s task as the player, whose task must be on a `grid` grid; resolves once it is said solved. */
export async function solveRound(player: Player<'race'>, round: number, grid: 'square' | 'hex'): Promise<void> {
  const { view } = await player.waitFor('view', playing(round));
  if (!view.task) throw new Error('no task');
  if (view.task.grid !== grid) throw new Error(`round ${round}: a ${view.task.grid} task, not ${grid}`);
  player.send('claim', { placements: solve(view.task) });
  await player.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === view.you));
}

/**
 * Plays a classic game as a person from the start on: solves each round dealt to them (a
 * tie-break round too) until the game is finished. Only messages from `since` on count, so that
 * it serves for a rematch too.
 */
export async function solveEveryRound(person: Player<'race'>, since: number): Promise<void> {
  const fresh = (m: unknown): boolean => person.received.findIndex((r) => r.message === m) >= since;
  let last = 0;
  for (;;) {
    const { view } = await person.waitFor(
      'view',
      (m) =>
        fresh(m) &&
        (m.view.phase === 'finished' ||
          (m.view.phase === 'playing' && m.view.task !== null && (m.view.round?.number ?? 0) > last)),
    );
    if (view.phase === 'finished' || !view.task || !view.round) return;
    last = view.round.number;
    person.send('claim', { placements: solve(view.task) });
  }
}

/** The host starts a classic game and each of `people` plays it through; resolves with the saved game's id. */
export async function playGame(host: Player<'race'>, people: readonly Player<'race'>[]): Promise<string> {
  const saved = host.next('saved');
  const played = people.map((p) => solveEveryRound(p, p.received.length));
  host.send('start');
  await Promise.all(played);
  return (await saved).game;
}

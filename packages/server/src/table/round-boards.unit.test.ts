import type { Progress, ProposedPlacement, RaceEvent, RaceServerMessages } from '@ubongo/core';
import { botLaid, findTask, solveFirst } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { LocalInPlay } from '../practice/in-play.js';
import { Attempts } from '../rating/puzzles.js';
import type { RaceMasterServices } from './race-master.js';
import { RaceMaster } from './race-master.js';
import { openMemoryStores } from '../storage/memory.js';
import { Table } from './table.js';

/*
 * The boards of a round in play as the table watches them (round-boards.ts): who is sent where the
 * pieces lie, what a report may hold, how a bot's board fills. In memory, with a clock the test
 * moves and a fake transport: no socket, no timer.
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };

/** A transport that keeps what each connection is sent: two seated people (s1, s2) and a watcher (w). */
class Transport {
  readonly sent: { to: string; type: string; body: unknown }[] = [];
  readonly clients = ['s1', 's2', 'w'].map((sessionId) => ({
    sessionId,
    send: (type: string, body: unknown) => this.sent.push({ to: sessionId, type, body }),
  }));

  broadcast(type: string, body: unknown): void {
    for (const c of this.clients) c.send(type, body);
  }

  /** The last message of `type` sent to `to`. */
  last<K extends keyof RaceServerMessages>(to: string, type: K): RaceServerMessages[K] | undefined {
    return this.sent.filter((m) => m.to === to && m.type === type).at(-1)?.body as RaceServerMessages[K] | undefined;
  }
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A table of `seats` (people by session id, else a bot) with its first round dealt. */
async function dealt(people: readonly string[], bot = false) {
  const stores = openMemoryStores();
  const clock = { t: 1_000_000, timeScale: 1, now: () => clock.t };
  const services: RaceMasterServices = {
    stores,
    attempts: new Attempts(stores),
    inPlay: new LocalInPlay(),
    clock,
    decks,
    seed: () => 42,
    log: () => undefined,
  };
  const transport = new Transport();
  const table = new Table();
  for (const p of people) table.sit(p, p, 'easy', undefined);
  if (bot) table.addBot('casual', 'easy');
  const master = new RaceMaster(services, { id: 'ROOM01', public: false }, table, transport, () => undefined);
  expect(master.start()).toBeUndefined();
  await settle();
  let events: readonly RaceEvent[] = [];
  while (!events.some((e) => e.type === 'round-started')) {
    const next = master.game?.next();
    if (!next) throw new Error('no step planned');
    clock.t = Math.max(clock.t, next.at);
    const step = await master.act(next.action);
    events = step.ok ? step.value : [];
  }
  const started = events.find((e) => e.type === 'round-started');
  const solutionOf = (player: string): readonly ProposedPlacement[] => {
    const deal = started?.type === 'round-started' ? started.deals.find((d) => d.player === player) : undefined;
    const task = deal && findTask(decks.classic, deal);
    if (!task) throw new Error(`no task dealt to ${player}`);
    return task.solution;
  };
  return { master, transport, clock, solutionOf };
}

const boardOf = (progress: { players: Readonly<Record<string, Progress>> } | undefined, player: string) =>
  progress?.players[player];

describe('the boards of a round in play', () => {
  it('sends where the pieces lie to watchers, only the counts to a seated player still at their board', async () => {
    const { master, transport, clock, solutionOf } = await dealt(['s1', 's2']);
    // Watchers are sent every task with the view; a seated player still playing, none but theirs.
    expect(Object.keys(transport.last('w', 'view')?.tasks ?? {})).toEqual(['p1', 'p2']);
    expect(transport.last('s2', 'view')?.tasks).toBeUndefined();
    const two = solutionOf('p1').slice(0, 2);
    expect(master.boards.report('p1', 2, two)).toBeNull();
    expect(boardOf(transport.last('w', 'progress'), 'p1')).toEqual({
      down: 2,
      of: solutionOf('p1').length,
      placements: two,
    });
    expect(boardOf(transport.last('s2', 'progress'), 'p1')).toEqual({ down: 2, of: solutionOf('p1').length });
    // Once p2 has solved, p2 sees the boards: p1's as it lies, and p2's own as claimed.
    clock.t += 1000;
    const claimed = await master.act({ type: 'claim', player: 'p2', placements: solutionOf('p2') }, true);
    expect(claimed.ok).toBe(true);
    const seen = transport.last('s2', 'view');
    expect(Object.keys(seen?.tasks ?? {})).toEqual(['p1', 'p2']);
    expect(seen?.progress.p1?.placements).toEqual(two);
    expect(seen?.progress.p2?.placements).toEqual(solutionOf('p2'));
    // p1, still at their board, sees p2's count but not where p2's pieces lie.
    expect(transport.last('s1', 'view')?.progress.p2).toEqual({
      down: solutionOf('p2').length,
      of: solutionOf('p2').length,
    });
    expect(transport.last('s1', 'view')?.tasks).toBeUndefined();
  });

  it('refuses a board that is not the task pieces in their shapes, or comes too fast, and sends nothing', async () => {
    const { master, transport, clock, solutionOf } = await dealt(['s1', 's2']);
    const [first, second] = solutionOf('p1');
    if (!first || !second) throw new Error('a task of fewer than two pieces');
    const sent = transport.sent.length;
    expect(master.boards.report('p1', 2, [first])?.code).toBe('message/malformed');
    expect(master.boards.report('p1', 1, [{ piece: 'nope', cells: first.cells }])?.code).toBe('message/malformed');
    const bent = { piece: first.piece, cells: first.cells.map(([x, y], i) => [x + i * 3, y] as const) };
    expect(master.boards.report('p1', 1, [bent])?.code).toBe('message/malformed');
    const far = { piece: first.piece, cells: first.cells.map(([x, y]) => [x + 40, y] as const) };
    expect(master.boards.report('p1', 1, [far])?.code).toBe('message/malformed');
    expect(master.boards.report('p1', 2, [first, first])?.code).toBe('message/malformed');
    expect(transport.sent.length).toBe(sent);
    // A burst of boards, then one every so often.
    for (let i = 0; i < 5; i++)
      expect(master.boards.report('p1', (i % 2) + 1, [first, second].slice(0, (i % 2) + 1))).toBeNull();
    expect(master.boards.report('p1', 2, [first, second])?.code).toBe('message/too-fast');
    clock.t += 200;
    expect(master.boards.report('p1', 2, [first, second])).toBeNull();
    expect(master.boards.report('p1', 1, [first])?.code).toBe('message/too-fast');
    // A count alone (an older client) is still taken.
    clock.t += 200;
    expect(master.boards.report('p1', 1)).toBeNull();
    expect(transport.sent.filter((m) => m.to === 'w' && m.type === 'progress')).toHaveLength(7);
    expect(boardOf(transport.last('w', 'progress'), 'p1')).toEqual({ down: 1, of: solutionOf('p1').length });
    // A piece moved, the count the same: the watcher is told, the seated player still at their board is not.
    clock.t += 200;
    expect(master.boards.report('p1', 1, [second])).toBeNull();
    expect(transport.sent.filter((m) => m.to === 'w' && m.type === 'progress')).toHaveLength(8);
    expect(transport.sent.filter((m) => m.to === 's2' && m.type === 'progress')).toHaveLength(7);
  });

  it("fills a bot's board piece by piece over its solve time, with the solution it claims", async () => {
    const { master, transport, clock } = await dealt(['s1'], true);
    const game = master.game;
    const plan = game?.botPlans()[0];
    if (!game || !plan) throw new Error('no bot plan');
    const solution = solveFirst(plan.task).solution ?? [];
    expect(solution.length).toBeGreaterThan(1);
    const downs: number[] = [];
    for (let t = plan.from; t < plan.at; t += Math.max(1, Math.floor((plan.at - plan.from) / 20))) {
      clock.t = t;
      master.boards.bots(t);
      downs.push(boardOf(transport.last('w', 'progress'), 'p2')?.placements?.length ?? 0);
    }
    expect(downs[0]).toBe(0);
    expect(downs.at(-1)).toBe(solution.length - 1);
    expect([...downs].sort((a, b) => a - b)).toEqual(downs);
    expect(boardOf(transport.last('w', 'progress'), 'p2')?.placements).toEqual(solution.slice(0, -1));
    // The seated person still at their board sees the bot's count only.
    expect(boardOf(transport.last('s1', 'progress'), 'p2')).toEqual({ down: solution.length - 1, of: solution.length });
    // Its claim is its last piece: the board whole, as it claimed it.
    clock.t = plan.at;
    const next = game.next();
    expect(next?.action.type).toBe('claim');
    if (next) expect((await master.act(next.action)).ok).toBe(true);
    expect(transport.last('w', 'view')?.progress.p2?.placements).toEqual(solution);
    expect(botLaid(solution, plan.from, plan.at, plan.at).down).toHaveLength(solution.length - 1);
  });
});

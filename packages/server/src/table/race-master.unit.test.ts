import type { RaceAction, RaceEvent, TrailMove } from '@ubongo/core';
import { findTask } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { LocalInPlay } from '../practice/in-play.js';
import { Attempts } from '../rating/puzzles.js';
import { RaceGame } from './race-game.js';
import type { RaceMasterServices } from './race-master.js';
import { RaceMaster, RECONNECT_SECONDS } from './race-master.js';
import type { JournalEntry } from './store.js';
import { openMemoryStores } from '../storage/memory.js';
import type { Stores } from '../storage/stores.js';
import { settingsOf, Table } from './table.js';

/*
 * What follows an accepted step of a race, with the in-memory store, a clock the test moves and a
 * fake transport: no server, no socket, no timer. The test plays the referee's part by acting its
 * plans at their times, as the room's one timer does.
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };

/** A transport that keeps what the master sends: to everyone, and to each connection. */
class Transport {
  readonly sent: { to: string; type: string; body: unknown }[] = [];
  readonly clients = ['s1', 's2'].map((sessionId) => ({
    sessionId,
    send: (type: string, body: unknown) => this.sent.push({ to: sessionId, type, body }),
  }));

  broadcast(type: string, body: unknown): void {
    this.sent.push({ to: 'all', type, body });
  }

  types(to = 'all'): string[] {
    return this.sent.filter((m) => m.to === to).map((m) => m.type);
  }
}

function setup(stores = openMemoryStores()) {
  const clock = { t: 1_000_000, timeScale: 1, now: () => clock.t };
  const logged: string[] = [];
  const services: RaceMasterServices = {
    stores,
    attempts: new Attempts(stores),
    inPlay: new LocalInPlay(),
    clock,
    decks,
    seed: () => 42,
    log: (m) => logged.push(m),
  };
  const transport = new Transport();
  const table = new Table();
  let began = 0;
  const master = new RaceMaster(services, { id: 'ROOM01', public: false }, table, transport, () => began++);
  return { stores, clock, services, transport, table, master, logged, began: () => began };
}

type Setup = ReturnType<typeof setup>;

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Plays the referee's plans at their times until the game is over (or `until` says stop); each
 * step's events go to `seen`.
 */
async function play(
  { master, clock }: Setup,
  seen: (events: readonly RaceEvent[]) => Promise<void> | void = () => undefined,
) {
  for (let i = 0; i < 500 && master.game && !master.game.finished; i++) {
    const next = master.game.next();
    if (!next) break;
    clock.t = Math.max(clock.t, next.at);
    const step = await master.act(next.action);
    if (step.ok) await seen(step.value);
    await settle();
  }
  expect(master.game?.finished).toBe(true);
}

async function account(stores: Stores, id: string, username: string | null): Promise<void> {
  await stores.accounts.createAccount({ id, secretHash: id, name: id, username, passwordHash: null, createdAt: 0 });
}

describe('RaceMaster', () => {
  it('plays a game to its end: each step told once the journal holds it, then the game saved', async () => {
    const s = setup();
    const { master, table, transport, stores } = s;
    table.configure({ rounds: 2 });
    table.addBot('casual', 'easy');
    table.addBot('expert', 'easy');
    expect(master.start()).toBeUndefined();
    const id = master.game?.id ?? '';
    // Nobody is told before the journal holds the game.
    expect(master.beginning).toBe(true);
    master.sendViews();
    expect(transport.sent).toEqual([]);
    await settle();
    expect(s.began()).toBe(1);
    expect((await stores.games.liveGames()).map((j) => j.game.id)).toEqual([id]);
    let steps = 0;
    await play(s, () => {
      steps++;
    });
    await expect.poll(() => transport.types()).toContain('saved');
    const record = await stores.games.game(id);
    expect(record?.result).toBeDefined();
    expect(record?.actions).toHaveLength(steps);
    // Every step went out as its events, each followed by every connection's view.
    expect(transport.types().filter((t) => t === 'events')).toHaveLength(steps);
    expect(transport.types('s1').filter((t) => t === 'view')).toHaveLength(steps);
    // The saved game is no longer under way.
    expect(await stores.games.liveGames()).toEqual([]);
  });

  it('tells a step only once the journal holds it', async () => {
    let open: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = openMemoryStores();
    const journal = slow.games.journal.bind(slow.games);
    slow.games.journal = async (gameId: string, seq: number, entry: JournalEntry): Promise<void> => {
      await gate;
      await journal(gameId, seq, entry);
    };
    const s = setup(slow);
    s.table.addBot('casual', 'easy');
    s.master.start();
    await settle();
    const next = s.master.game?.next();
    if (!next) throw new Error('no first step planned');
    s.clock.t = next.at;
    const step = s.master.act(next.action);
    await settle();
    expect(s.transport.types()).not.toContain('events');
    open?.();
    expect((await step).ok).toBe(true);
    expect(s.transport.types()).toContain('events');
  });

  it('takes nothing it cannot store: a claim whose write fails is refused, unannounced, and accepted when sent again', async () => {
    const stores = openMemoryStores();
    let down = false;
    const journal = stores.games.journal.bind(stores.games);
    stores.games.journal = async (gameId: string, seq: number, entry: JournalEntry): Promise<void> => {
      if (down) throw new Error('disk I/O error');
      await journal(gameId, seq, entry);
    };
    const s = setup(stores);
    s.table.sit('s1', 'Ana', 'easy', undefined);
    s.table.addBot('casual', 'easy');
    s.master.start();
    await settle();
    // The referee deals round 1.
    let dealt: RaceEvent | undefined;
    for (let i = 0; i < 5 && !dealt; i++) {
      const next = s.master.game?.next();
      if (!next) throw new Error('no step planned');
      s.clock.t = Math.max(s.clock.t, next.at);
      const step = await s.master.act(next.action);
      dealt = step.ok ? step.value.find((e) => e.type === 'round-started') : undefined;
    }
    const deal = dealt?.type === 'round-started' ? dealt.deals.find((d) => d.player === 'p1') : undefined;
    const task = deal && findTask(decks.classic, deal);
    if (!task) throw new Error('no task dealt');
    const claim: RaceAction = { type: 'claim', player: 'p1', placements: task.solution };
    const before = JSON.stringify(s.master.game?.view('p1'));
    const sentBefore = s.transport.sent.length;
    down = true;
    // A claim and the referee's next step, both while the store is down: neither is taken.
    const refused = await s.master.act(claim, true);
    expect(refused.ok ? null : refused.error.code).toBe('message/not-saved');
    const next = s.master.game?.next();
    if (!next) throw new Error('no step planned');
    expect((await s.master.act(next.action)).ok).toBe(false);
    // Nothing changed, nothing announced but (once) that the store is down; the referee's plan stands.
    expect(JSON.stringify(s.master.game?.view('p1'))).toBe(before);
    expect(s.transport.sent.slice(sentBefore).map((m) => [m.type, (m.body as { code?: string }).code])).toEqual([
      ['rejected', 'message/not-saved'],
    ]);
    expect(s.master.game?.next()).toEqual(next);
    // The person leaves meanwhile: no bot is announced until the store holds it.
    const ana = s.table.seats[0];
    if (!ana) throw new Error('no seat');
    expect(s.master.leave(ana, 'left')).toBe('replaced');
    await settle();
    expect(s.transport.types()).not.toContain('notice');
    expect(ana.occupant.kind).toBe('human');
    const [kept] = await stores.games.liveGames();
    const stored = kept?.entries.length ?? 0;
    // The store is back: the claim is sent again and taken, after the stand-in that was due.
    down = false;
    const accepted = await s.master.act(claim, true);
    expect(accepted.ok && accepted.value.some((e) => e.type === 'solved' && e.player === 'p1')).toBe(true);
    expect(s.transport.types().slice(-2)).toEqual(['notice', 'events']);
    expect(ana.occupant.kind).toBe('stand-in');
    const [after] = await stores.games.liveGames();
    expect(after?.entries.slice(stored).map(({ seq, entry }) => [seq, entry.kind])).toEqual([
      [stored, 'stand-in'],
      [stored + 1, 'action'],
    ]);
  });

  it('does not start a game whose journal cannot be opened: the table is told and stays in its lobby', async () => {
    const noGames = openMemoryStores();
    noGames.games.beginGame = async (): Promise<void> => {
      await Promise.resolve();
      throw new Error('database is read-only');
    };
    const began: boolean[] = [];
    const s = setup(noGames);
    const master = new RaceMaster(s.services, { id: 'ROOM02', public: false }, s.table, s.transport, (stored) =>
      began.push(stored),
    );
    s.table.addBot('casual', 'easy');
    expect(master.start()).toBeUndefined();
    await settle();
    expect(began).toEqual([false]);
    expect(master.game).toBeNull();
    expect(s.transport.sent.map((m) => [m.type, (m.body as { to?: string }).to])).toEqual([['rejected', 'start']]);
    // Not tried again at once: a store that is down is not hammered.
    expect(master.start()).toMatch(/try again/);
  });

  it('answers a refused action with why, changing nothing; drops a refused plan of its own and logs it', async () => {
    const s = setup();
    s.table.addBot('casual', 'easy');
    s.master.start();
    await settle();
    const claim: RaceAction = { type: 'claim', player: 'p1', placements: [] };
    const refused = await s.master.act(claim, true);
    expect(refused.ok).toBe(false);
    expect(s.logged).toEqual([]);
    await s.master.act(claim);
    expect(s.logged).toEqual([expect.stringMatching(/^room ROOM01: the referee's claim was refused: /)]);
  });

  it('rates the people with a username at a rated table, one whose solve came faster than a person can last', async () => {
    const s = setup();
    const { master, table, stores } = s;
    for (const id of ['ana', 'ben', 'cat']) {
      await account(stores, id, id);
      table.sit(`s-${id}`, id, 'easy', { id, claimed: true });
    }
    table.configure({ rounds: 1, rated: true });
    expect(master.start()).toBeUndefined();
    await settle();
    // cat claims the board the moment it is dealt, with a trail no hand could make.
    await play(s, async (events) => {
      const started = events.find((e) => e.type === 'round-started');
      const deal = started?.type === 'round-started' ? started.deals.find((d) => d.player === 'p3') : undefined;
      const task = deal && findTask(decks.classic, deal);
      if (!deal || !task) return;
      const trail = task.solution.map((p, i): TrailMove => [i, 'place', p.piece]);
      const claimed = await master.act({ type: 'claim', player: 'p3', placements: task.solution, trail }, true);
      expect(claimed.ok).toBe(true);
    });
    await expect.poll(() => s.transport.types()).toContain('saved');
    const games = async (id: string) => (await stores.ratings.ratingsOf(id)).map((r) => r.games);
    expect(await games('ana')).toEqual([1]);
    expect(await games('ben')).toEqual([1]);
    expect(await games('cat')).toEqual([1]);
    expect((await stores.ratings.ratedGames('cat', 'classic', 0)).map((g) => g.place)).toEqual([4]);
    expect((await stores.accounts.flaggedAccounts()).map((f) => f.account.id)).toEqual(['cat']);
  });

  it('keeps a game under way in the journal when the server stops, and stores it as interrupted otherwise', async () => {
    for (const stopping of [true, false]) {
      const s = setup();
      s.table.addBot('casual', 'easy');
      s.master.start();
      await settle();
      const id = s.master.game?.id ?? '';
      await s.master.dispose(stopping);
      expect((await s.stores.games.liveGames()).map((j) => j.game.id)).toEqual(stopping ? [id] : []);
      const record = await s.stores.games.game(id);
      expect(record === undefined).toBe(stopping);
      expect(record?.result).toBeUndefined();
    }
  });

  it('after a restart waits for its people: bots for those still away, or the game stored as interrupted', async () => {
    for (const someoneBack of [true, false]) {
      const s = setup();
      const { table, stores, clock } = s;
      table.sit('s-ana', 'ana', 'easy', { id: 'ana', claimed: false });
      table.sit('s-ben', 'ben', 'easy', { id: 'ben', claimed: false });
      table.numberSeats();
      const config = { ...table.settings, players: table.seats.map((t) => ({ id: t.id, side: t.side })) };
      const started = RaceGame.start(decks.classic, config, 1, clock.t, {}, 'g-resumed');
      if (!started.ok) throw new Error(started.error.message);
      const live = started.value.live('ROOM01', false, table.journalSeats(), false);
      await stores.games.beginGame(live);
      const resumed = new RaceMaster(
        s.services,
        { id: 'ROOM01', public: false },
        Table.resumed(settingsOf(live.config), live.seats),
        s.transport,
        () => undefined,
      );
      expect(resumed.resume(started.value)).toBe(clock.t + RECONNECT_SECONDS * 1000);
      if (someoneBack) {
        const ana = resumed.table.seats[0];
        if (!ana) throw new Error('no seat');
        resumed.table.sitBack(ana, 's1', 'key', undefined);
      }
      const ended = resumed.endWait();
      if (someoneBack) {
        expect(ended).toBe('go-on');
        await expect.poll(() => s.transport.types()).toEqual(['notice']);
        expect(resumed.table.seats.map((t) => t.occupant.kind)).toEqual(['human', 'stand-in']);
        expect(s.transport.types()).toEqual(['notice']);
        await expect
          .poll(async () => (await stores.games.liveGames())[0]?.entries.map((e) => e.entry.kind))
          .toEqual(['stand-in']);
      } else {
        await ended;
        expect(resumed.resumeBy).toBeNull();
        expect((await stores.games.game('g-resumed'))?.result).toBeUndefined();
        expect(await stores.games.liveGames()).toEqual([]);
      }
    }
  });
});

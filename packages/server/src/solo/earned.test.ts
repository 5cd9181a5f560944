import type {
  SoloServerMessages,
  DeckEdition,
  MeAnswer,
  PracticeServerMessages,
  ProfileAnswer,
  PuzzleAnswer,
  RecordsAnswer,
  SoloRunAnswer,
} from '@ubongo/core';
import { deckFor, PROTOCOL_VERSION } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { nearLevel } from '../rating/puzzles.js';
import { openSqliteStores } from '../storage/index.js';
import { byHand, humanPause, Player, signedIn, solve } from '@ubongo/test-support/player';

/*
 * Records that are earned, over a real server and a real SQLite file: a run solved at machine
 * speed is kept but marked and listed nowhere, its account flagged for review; practice does not
 * solve what the same account has been dealt in play.
 */

const TIME_SCALE = 20;

const served = serverPerFile((base) => startServer({ ...base, timeScale: TIME_SCALE }));

/** The tasks dealt to the person, whose first attempts count. */
const dealt: { board: string; side: string; key: string }[] = [];

/**
 * Plays five easy puzzles, each claimed at once (a program), or after a person's least time with
 * the moves of a hand, or after that time with no moves (a program that waits).
 */

async function run(name: string, pace: 'machine' | 'human' | 'waits'): Promise<SoloServerMessages['recorded']> {
  const player = await Player.create(served.ws, 'solo', { name, mode: 'count', limit: 5, side: 'easy' });
  player.send('start');
  for (let n = 0; n < 5; n++) {
    const v = await player.waitFor('view', (m) => m.solved === n && m.task !== null);
    if (!v.task || !v.current) throw new Error('no puzzle');
    if (pace === 'human') dealt.push(v.current);
    if (pace !== 'machine') await humanPause(v.task, TIME_SCALE);
    const placements = solve(v.task);
    player.send('claim', pace === 'human' ? byHand(placements) : { placements });
  }
  const recorded = await player.waitFor('recorded');
  await player.room.leave();
  return recorded;
}

/** The runs listed on a board: verified, dealt shuffled (the public boards add who may be on them: pages.test.ts). */
async function listed(): Promise<string[]> {
  const records = await served.server.stores.soloRuns.records({
    from: 'anyone',
    mode: 'count',
    limit: 5,
    side: 'easy',
    top: 100,
  });
  return records.map((r) => r.player);
}

describe('records that are earned', () => {
  it('keeps a run solved at machine speed out of the records and flags its account; a person’s run is listed', async () => {
    // The player is told why, as codes for the client to put into words.
    const robo = await run('Robo Ruth', 'machine');
    expect(robo).toMatchObject({ verified: false, newBest: false, held: false, signals: [] });
    // Under the floor; on a starved machine the server's measure may pass it, and the missing trail shows.
    expect(robo.unverified.length).toBeGreaterThan(0);
    expect(await run('Patient Pia', 'human')).toMatchObject({ verified: true, newBest: true, unverified: [] });
    expect(await run('Waiting Walt', 'waits')).toMatchObject({ verified: false, newBest: false, unverified: ['hand'] });
    // A person's verified solves count as first attempts for the tasks' ratings; a machine's do not.
    const first = dealt[0];
    if (!first) throw new Error('no task dealt');
    await expect
      .poll(async () => {
        const res = await fetch(`${served.http}/api/puzzles/classic/${first.board}/${first.side}/${first.key}`);
        return ((await res.json()) as PuzzleAnswer).attempts;
      })
      .toBeGreaterThanOrEqual(1);
    expect((await fetch(`${served.http}/api/puzzles/classic/C99/easy/1`)).status).toBe(404);
    const names = await listed();
    expect(names).toContain('Patient Pia');
    expect(names).not.toContain('Robo Ruth');
    expect(names).not.toContain('Waiting Walt');
    // Flagged for review, with the measure (`ubongo admin flagged` lists it; the CLI's tests show it).
    const stores = await openSqliteStores(served.dataDir);
    const flagged = await stores.accounts.flaggedAccounts();
    await stores.close();
    expect(flagged.map((f) => f.account.name)).toEqual(['Robo Ruth', 'Waiting Walt']);
    // At machine speed it is under the floor; on a starved machine the server's own measure can pass the
    // floor, and then the missing trail gives it away.
    expect(flagged[0]?.reason).toMatch(
      /^solved C\d+ easy \S+ in \d+\.\d\d s, (under the human floor of \d\.\d\d s|with no move trail)$/,
    );
    expect(flagged[1]?.reason).toMatch(/^solved C\d+ easy \S+ in \d+\.\d\d s, with no move trail$/);
  });
});

describe('dealing at the player’s level', () => {
  it('deals a run from the tasks nearest the player’s level, keeps each puzzle with its moves, and lists it nowhere', async () => {
    const client = await signedIn(served.ws, 'Level Lena');
    const me = (await (
      await fetch(`${served.http}/api/me`, { headers: { authorization: `Bearer ${client.auth.token}` } })
    ).json()) as MeAnswer;
    const near = await nearLevel(served.server.stores, shippedDeck('classic'), 'hard', me.account.id);
    const player = Player.wrap<'solo'>(
      client,
      await client.create('solo', {
        protocol: PROTOCOL_VERSION,
        mode: 'count',
        limit: 5,
        side: 'hard',
        dealing: 'level',
      }),
    );
    player.send('start');
    const dealt: string[] = [];
    for (let n = 0; n < 5; n++) {
      const v = await player.waitFor('view', (m) => m.solved === n && m.task !== null);
      if (!v.task || !v.current) throw new Error('no puzzle');
      dealt.push(`${v.current.board}/${v.current.key}`);
      await humanPause(v.task, TIME_SCALE);
      player.send('claim', byHand(solve(v.task)));
    }
    expect(await player.waitFor('recorded')).toMatchObject({ verified: true });
    const pool = new Set(near.map((t) => `${t.board}/${t.key}`));
    expect(dealt.every((d) => pool.has(d))).toBe(true);
    const records = (await (
      await fetch(`${served.http}/api/records?mode=count&limit=5&side=hard&top=100`)
    ).json()) as RecordsAnswer;
    expect(records.records.map((r) => r.player)).not.toContain('Level Lena');
    const [run] = await served.server.stores.soloRuns.soloResultsOf(me.account.id);
    expect(run?.dealing).toBe('level');
    expect(run?.puzzles?.map((p) => `${p.board}/${p.key}`)).toEqual(dealt);
    // The list gives each puzzle's time; the run itself (its replay) its moves.
    expect(run?.puzzles?.every((p) => p.outcome === 'solved' && p.ms > 0 && p.trail === undefined)).toBe(true);
    const full = await (await fetch(`${served.http}/api/runs/${run?.id ?? 0}`)).json();
    expect(full).toMatchObject({ trails: true, run: { run: run?.id, verified: true, dealing: 'level' } });
    expect((full as SoloRunAnswer).puzzles.every((p) => p.outcome === 'solved' && (p.trail?.length ?? 0) > 0)).toBe(
      true,
    );
    // The profile counts the run and its puzzles' times, but it is no one's best.
    const profile = (await (await fetch(`${served.http}/api/players/${me.account.id}`)).json()) as ProfileAnswer;
    expect(profile.solo).toMatchObject({ runs: 1, best: [] });
    const mean = (run?.puzzles ?? []).reduce((sum, p) => sum + p.ms, 0) / 5;
    expect(profile.solo.averagePuzzleMs).toBe(Math.round(mean));
    // Five first attempts solved: the player's level went up.
    expect((await served.server.stores.ratings.solverRating(me.account.id, 'classic'))?.mu).toBeGreaterThan(25);
    // Practice deals at the same level, a task of the side asked for.
    const practice = Player.wrap<'practice'>(client, await client.create('practice', { protocol: PROTOCOL_VERSION }));
    practice.send('level', { edition: 'classic', side: 'easy' });
    const task = await practice.waitFor('practice');
    expect(task).toMatchObject({ edition: 'classic', side: 'easy' });
    await player.room.leave();
    await practice.room.leave();
  });
});

describe('practice and games in play', () => {
  it('refuses the hint and the solution of a task the same account has in a solo run still in play', async () => {
    const client = await signedIn(served.ws, 'Sly');
    const solo = Player.wrap<'solo'>(
      client,
      await client.create('solo', { protocol: PROTOCOL_VERSION, mode: 'count', limit: 5, side: 'hard' }),
    );
    solo.send('start');
    const { current } = await solo.waitFor('view', (m) => m.current !== null);
    if (!current) throw new Error('no puzzle');
    const task = { edition: 'classic' as DeckEdition, board: current.board, side: current.side, key: current.key };
    const practice = Player.wrap<'practice'>(client, await client.create('practice', { protocol: PROTOCOL_VERSION }));
    practice.send('task', task);
    await practice.waitFor('practice', (m) => m.board === task.board);
    practice.send('solution');
    expect(await practice.next('rejected')).toMatchObject({ to: 'solution', code: 'message/not-allowed' });
    practice.send('hint');
    expect(await practice.next('rejected')).toMatchObject({ to: 'hint', code: 'message/not-allowed' });
    // Another account practises it freely.
    const other = await Player.create(served.ws, 'practice', { name: 'Honest' });
    other.send('task', task);
    await other.waitFor('practice', (m) => m.board === task.board);
    other.send('solution');
    expect((await other.next('solution')).placements.length).toBeGreaterThan(0);
    // The run over, the task is free to practise.
    await solo.room.leave();
    await expect
      .poll(async () => {
        practice.send('solution');
        const answer = await Promise.race([practice.next('solution'), practice.next('rejected')]);
        return 'placements' in (answer as PracticeServerMessages['solution']);
      })
      .toBe(true);
  });

  it('refuses the solution of the board a race has dealt to the account this round', async () => {
    const client = await signedIn(served.ws, 'Ray');
    const table = Player.wrap<'race'>(
      client,
      await client.create('race', { protocol: PROTOCOL_VERSION, settings: { rounds: 1, hourglassSeconds: 300 } }),
    );
    table.send('add-bot', { level: 'beginner' });
    await table.waitFor('lobby', (l) => l.seats.length === 2);
    table.send('start');
    const { view } = await table.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    const deal = view.round?.deals.find((d) => d.player === view.you);
    if (!deal) throw new Error('no deal');
    const practice = Player.wrap<'practice'>(client, await client.create('practice', { protocol: PROTOCOL_VERSION }));
    practice.send('task', { edition: deckFor(view.edition), board: deal.board, side: deal.side, key: deal.key });
    await practice.waitFor('practice', (m) => m.board === deal.board);
    practice.send('solution');
    expect(await practice.next('rejected')).toMatchObject({ to: 'solution', code: 'message/not-allowed' });
    await table.room.leave();
    await practice.room.leave();
  });
});

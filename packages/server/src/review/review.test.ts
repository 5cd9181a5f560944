import type { RecordsAnswer, ReviewQueueAnswer } from '@ubongo/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import type { Review } from '../solo/store.js';
import { member } from '@ubongo/test-support/player';

/*
 * The review queue and its decisions over a real server, a real socket and a real SQLite file
 * (docs/accounts.md, "Reviewed results"): only a reviewer reads the queue and decides; reported
 * entries come first, then flagged, held, the rest; an approval marks an entry reviewed, a
 * rejection takes it off the board, a ban takes every entry of the account off; a report after a
 * decision raises the entry again; bad input is refused and changes nothing.
 */

const people: Record<string, { id: string; session: string }> = {};

const served = serverPerFile((base) => startServer(base));

beforeAll(async () => {
  for (const name of ['ana', 'bob', 'cyd', 'dee', 'eve']) {
    const { id, session } = await member(served.ws, name);
    people[name] = { id, session };
  }
});

/** A request as `who` (none: no session): its status and body. */
async function as(
  who: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const session = who === null ? undefined : people[who]?.session;
  const res = await fetch(`${served.http}${path}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Stores a verified count 5 run of `who`'s, `ms` long, with its review and flags. */
async function run(who: string, ms: number, review: Review, reasons: string[]): Promise<number> {
  const account = people[who];
  if (!account) throw new Error(`no ${who}`);
  return served.server.stores.soloRuns.saveSolo({
    mode: 'count',
    limit: 5,
    side: 'easy',
    solved: 5,
    skipped: 0,
    ms,
    player: who,
    seed: 1,
    finishedAt: Date.now() - 60_000 + ms,
    accountId: account.id,
    verified: true,
    dealing: 'shuffled',
    review,
    reasons,
  });
}

const board = async (): Promise<RecordsAnswer['records']> =>
  ((await as(null, 'GET', '/api/records?mode=count&limit=5&side=easy')).body as RecordsAnswer).records;
const queue = async (who = 'ana'): Promise<ReviewQueueAnswer['entries']> =>
  ((await as(who, 'GET', '/api/review')).body as ReviewQueueAnswer).entries;

describe('the review queue', () => {
  it('is the reviewers’ alone, reported first, and its decisions change the boards', async () => {
    const flagged = await run('bob', 40_000, 'none', ['pace: faster than its history']);
    const held = await run('bob', 30_000, 'held', ['reused: a trail seen before']);
    const clean = await run('cyd', 50_000, 'none', []);
    const own = await run('ana', 60_000, 'none', []);

    expect((await as(null, 'GET', '/api/review')).status).toBe(401);
    expect(await as('dee', 'GET', '/api/review')).toMatchObject({ status: 403 });
    expect((await as('ana', 'GET', '/api/me')).body).toMatchObject({ role: 'none' });
    await served.server.stores.reviews.setRole(people.ana?.id ?? '', 'reviewer');
    expect((await as('ana', 'GET', '/api/me')).body).toMatchObject({ role: 'reviewer' });
    expect((await as('dee', 'GET', '/api/me')).body).toMatchObject({ role: 'none' });

    // A held run is no one's to read but its owner's and a reviewer's.
    expect((await as('dee', 'GET', `/api/runs/${held}`)).status).toBe(404);
    expect(await as('ana', 'GET', `/api/runs/${held}`)).toMatchObject({ status: 200, body: { run: { run: held } } });

    expect(
      await as('cyd', 'POST', '/api/reports', { kind: 'run', target: String(flagged), reason: 'too quick' }),
    ).toMatchObject({ status: 201 });
    expect(
      await as('cyd', 'POST', '/api/reports', { kind: 'player', target: people.bob?.id, reason: 'a script' }),
    ).toMatchObject({ status: 201 });
    const ids = (await queue()).map((e) => e.id);
    expect(ids.slice(0, 2).sort()).toEqual([`player-${people.bob?.id}`, `run-${flagged}`].sort());
    expect(ids.slice(2)).toEqual([`run-${held}`, `run-${own}`, `run-${clean}`]);
    expect((await queue()).find((e) => e.id === `run-${flagged}`)).toMatchObject({
      kind: 'run',
      account: { username: 'bob' },
      review: 'none',
      flags: ['pace: faster than its history'],
      reports: [{ reason: 'too quick' }],
      run: { run: flagged, ms: 40_000 },
    });

    // Refused, nothing changed: not a reviewer, a bad decision, a bad or unknown id, one's own result.
    expect((await as('dee', 'POST', `/api/review/run-${clean}`, { decision: 'reject' })).status).toBe(403);
    expect(await as('ana', 'POST', `/api/review/run-${clean}`, { decision: 'maybe' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('approve, reject or ban') as unknown },
    });
    // A path that names no entry is nothing (404), as every path the API does not have.
    expect((await as('ana', 'POST', '/api/review/run-1%20or%201', { decision: 'approve' })).status).toBe(404);
    expect((await as('ana', 'POST', '/api/review/run-999999', { decision: 'approve' })).status).toBe(404);
    expect((await as('ana', 'POST', `/api/review/run-${own}`, { decision: 'approve' })).status).toBe(403);
    expect((await as('ana', 'POST', `/api/review/player-${people.bob?.id}`, { decision: 'reject' })).status).toBe(400);
    expect((await board()).map((e) => [e.run, e.reviewed])).toEqual([
      [flagged, false],
      [clean, false],
      [own, false],
    ]);

    // Approved: reviewed on the board, its reports settled, off the queue; a new report raises it again.
    expect(await as('ana', 'POST', `/api/review/run-${flagged}`, { decision: 'approve' })).toMatchObject({
      status: 200,
      body: { id: `run-${flagged}`, review: 'approved', banned: false },
    });
    expect((await board()).find((e) => e.run === flagged)).toMatchObject({ reviewed: true });
    // "Best on this server" asks for reviewed results only: the approved run alone.
    const reviewedOnly = await as(null, 'GET', '/api/records?mode=count&limit=5&side=easy&reviewed=true');
    expect((reviewedOnly.body as RecordsAnswer).records.map((e) => e.run)).toEqual([flagged]);
    expect((await as(null, 'GET', '/api/records?mode=count&reviewed=maybe')).status).toBe(400);
    expect((await queue()).map((e) => e.id)).not.toContain(`run-${flagged}`);
    await as('eve', 'POST', '/api/reports', { kind: 'run', target: String(flagged), reason: 'still too quick' });
    expect((await queue()).find((e) => e.id === `run-${flagged}`)).toMatchObject({
      review: 'approved',
      reports: [{ reason: 'still too quick' }],
    });

    // Rejected: off the board. Banned: every entry of the account off every board and the queue.
    expect((await as('ana', 'POST', `/api/review/run-${clean}`, { decision: 'reject' })).body).toMatchObject({
      review: 'rejected',
    });
    expect((await board()).map((e) => e.run)).toEqual([flagged, own]);
    expect((await as('ana', 'POST', `/api/review/player-${people.bob?.id}`, { decision: 'ban' })).body).toMatchObject({
      banned: true,
    });
    expect((await board()).map((e) => e.run)).toEqual([own]);
    expect((await queue()).map((e) => e.id)).toEqual([`run-${own}`]);
  });
});

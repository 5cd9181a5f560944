import type { GuestAnswer, ProfileAnswer, RecordsAnswer } from '@ubongo/core';
import { expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { member } from '@ubongo/test-support/player';

/*
 * Who a row is, over a real server and SQLite file: solo records and profiles carry the account's
 * public id, so that a client matches "you" by account. The attack of issue 37: a guest renamed to a
 * record holder's name is another account, and the records say so.
 */

const DAY = 86_400_000;

const served = serverPerFile((base) => startServer(base));

it('lists each record with its account’s id: a guest who takes the holder’s name is not the holder', async () => {
  const marta = await member(served.ws, 'marta43114');
  const renamed = await fetch(`${served.http}/api/me/name`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${marta.session}` },
    body: JSON.stringify({ name: 'Marta' }),
  });
  expect(renamed.status).toBe(200);
  const now = Date.now();
  for (const [i, at] of [now - DAY, now - 60_000, now].entries())
    await served.server.stores.soloRuns.saveSolo({
      player: 'Marta',
      mode: 'timed',
      limit: 5,
      side: 'easy',
      solved: 6 + i,
      skipped: 0,
      ms: 300_000,
      seed: 1,
      finishedAt: at,
      accountId: marta.id,
      verified: true,
    });
  // The impostor: a guest named Marta, then renamed to exactly the holder's name.
  const guest = (await (
    await fetch(`${served.http}/api/accounts`, { method: 'POST', body: JSON.stringify({ name: 'Mar' }) })
  ).json()) as GuestAnswer;
  const taken = await fetch(`${served.http}/api/me/name`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.session}` },
    body: JSON.stringify({ name: 'Marta' }),
  });
  expect(taken.status).toBe(200);
  expect(guest.account.id).not.toBe(marta.id);

  const { records } = (await (
    await fetch(`${served.http}/api/records?mode=timed&limit=5&side=easy&top=10`)
  ).json()) as RecordsAnswer;
  // One entry a player, their best (docs/accounts.md, "Reviewed results").
  expect(records.map((r) => [r.player, r.username, r.account, r.solved])).toEqual([
    ['Marta', 'marta43114', marta.id, 8],
  ]);
  // The same name, another account: none of the rows is the guest's.
  expect(records.filter((r) => r.account === guest.account.id)).toEqual([]);
  // A profile's bests carry the id too.
  const profile = (await (await fetch(`${served.http}/api/players/${marta.id}`)).json()) as ProfileAnswer;
  expect(profile.solo.best.map((b) => b.account)).toEqual([marta.id]);
});

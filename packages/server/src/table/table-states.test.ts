import { describe, expect, it } from 'vitest';
import type { GuestAnswer } from '@ubongo/core';
import { MATCHMAKE_ERROR_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { member, Player, signedIn } from '@ubongo/test-support/player';

/*
 * Tables that say what they are, over a real socket: a quick-match table asked for as rated is
 * refused with a code of its own (nobody is seated at a table that would never start), and a
 * table that cannot start as it stands says why to everyone at it (the lobby's `blocked`).
 */

const served = serverPerFile((base) => startServer({ ...base, timeScale: 20 }));

/** What a matchmaking call was refused with. */
async function refusal(call: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await call;
  } catch (e) {
    return { code: (e as { code?: unknown }).code, message: e instanceof Error ? e.message : String(e) };
  }
  throw new Error('it was not refused');
}

describe('a rated quick-match table', () => {
  it('is refused with its own code, by create and by joinOrCreate alike, and nobody is seated', async () => {
    const eve = await signedIn(served.ws, 'Eve');
    const rated = { protocol: PROTOCOL_VERSION, public: true, settings: { rated: true } };
    expect(await refusal(eve.create('race', rated))).toEqual({
      code: MATCHMAKE_ERROR_CODES.publicRated,
      message: 'quick-match tables are casual: a rated table is a private one, joined by its code',
    });
    // No public table yet: joinOrCreate creates, and is refused the same way.
    expect((await refusal(eve.joinOrCreate('race', rated))).code).toBe(MATCHMAKE_ERROR_CODES.publicRated);
    // With a casual quick-match table open, a join asking for rated is refused; the table keeps its one person.
    const quinnClient = await signedIn(served.ws, 'Quinn');
    const quinn = Player.wrap<'race'>(
      quinnClient,
      await quinnClient.joinOrCreate('race', { protocol: PROTOCOL_VERSION, public: true }),
    );
    await quinn.waitFor('lobby');
    expect((await refusal(eve.joinOrCreate('race', rated))).code).toBe(MATCHMAKE_ERROR_CODES.publicRated);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await quinn.waitFor('lobby')).seats.map((s) => s.kind === 'human' && s.name)).toEqual(['Quinn']);
    // Over plain HTTP the refusal is the matchmaker's status, with the code and the words.
    const session = (await (
      await fetch(`${served.http}/api/accounts`, { method: 'POST', body: '{}' })
    ).json()) as GuestAnswer;
    const res = await fetch(`${served.http}/matchmake/create/race`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.session}` },
      body: JSON.stringify(rated),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: unknown; error: string };
    expect(body.code).toBe(422);
    expect(body.error).toMatch(/^quick-match tables are casual/);
    await quinn.room.leave();
  });
});

describe('a table that cannot start', () => {
  it('tells everyone at a rated table who plays as a guest, until nobody does', async () => {
    const rita = await member(served.ws, 'rita_t');
    const host = Player.wrap<'race'>(
      rita.client,
      await rita.client.create('race', { protocol: PROTOCOL_VERSION, settings: { rated: true } }),
    );
    const { code } = await host.waitFor('lobby');
    expect((await host.waitFor('lobby')).blocked).toBeNull();
    const guest = await Player.join(served.ws, code, { name: 'Guesty' });
    const blocked = { reason: 'guests-at-rated', seats: [1] };
    // Everyone at the table hears it: the host, the guest, and a spectator.
    await host.waitFor('lobby', (l) => l.seats.length === 2);
    expect((await host.waitFor('lobby')).blocked).toEqual(blocked);
    expect((await guest.waitFor('lobby')).blocked).toEqual(blocked);
    const watcher = await Player.join(served.ws, code, { name: 'Wat', spectate: true });
    expect((await watcher.waitFor('lobby')).blocked).toEqual(blocked);
    // Each seat says whose account it is and whether a guest sits there, to everyone, before the start.
    const seats = (await watcher.waitFor('lobby')).seats.map((s) => ({
      account: s.account,
      guest: s.guest,
      username: s.username,
    }));
    expect(seats[0]).toEqual({ account: rita.id, guest: false, username: 'rita_t' });
    expect(seats[1]?.username).toBeUndefined();
    expect(seats[1]?.guest).toBe(true);
    expect(seats[1]?.account).toMatch(/^[\w-]{16}$/);
    expect(seats[1]?.account).not.toBe(rita.id);
    // The host makes the table casual: nothing keeps it from starting.
    host.send('settings', { rated: false });
    await guest.waitFor('lobby', (l) => !l.settings.rated);
    expect((await guest.waitFor('lobby')).blocked).toBeNull();
    // Rated again, and the guest leaves: nothing either.
    host.send('settings', { rated: true });
    await host.waitFor('lobby', (l) => l.settings.rated && l.blocked !== null);
    await guest.room.leave();
    await host.waitFor('lobby', (l) => l.seats.length === 1);
    expect((await host.waitFor('lobby')).blocked).toBeNull();
    // Started, it is no longer blocked by anything.
    host.send('add-bot', { level: 'beginner' });
    host.send('start');
    const started = await host.waitFor('lobby', (l) => l.started);
    expect(started.blocked).toBeNull();
    // A bot's seat is nobody's account.
    expect(started.seats.map((s) => [s.kind, s.account, s.guest])).toEqual([
      ['human', rita.id, false],
      ['bot', undefined, undefined],
    ]);
  });

  it('tells a person alone at a quick-match table that it waits for a second person', async () => {
    // Another table's quick match may be open: a new one is made by create.
    const ann = await signedIn(served.ws, 'Ann');
    const alone = Player.wrap<'race'>(ann, await ann.create('race', { protocol: PROTOCOL_VERSION, public: true }));
    expect((await alone.waitFor('lobby')).blocked).toEqual({ reason: 'too-few-people', people: 1, need: 2 });
    const { code } = await alone.waitFor('lobby');
    const bob = await Player.join(served.ws, code, { name: 'Bob' });
    const two = await bob.waitFor('lobby', (l) => l.seats.length === 2);
    expect(two.blocked).toBeNull();
    expect(two.startsAt).not.toBeNull();
    await Promise.all([alone.room.leave(), bob.room.leave()]);
  });
});

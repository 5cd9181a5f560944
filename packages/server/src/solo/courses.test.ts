import { describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { Player } from '@ubongo/test-support/player';

// The courses' hook in the solo room (courses.ts), over a real socket: what a course does with its
// runs is each course's own test.

const served = serverPerFile((base) => startServer(base));

const run = { name: 'Cy', mode: 'count', limit: 5, side: 'easy' } as const;

describe('courses in the solo room', () => {
  it('a course the player may not play is refused at start, and nothing starts', async () => {
    // Level 10,000 is past the end of any campaign.
    const cy = await Player.create(served.ws, 'solo', { ...run, course: { kind: 'campaign', level: 10_000 } });
    cy.send('start');
    const refused = await cy.waitFor('rejected');
    expect(refused).toMatchObject({ to: 'start', code: 'message/course-refused' });
    expect(refused.message.length).toBeGreaterThan(0);
    await cy.room.leave();
  });

  it.each([
    ['an unknown course', { kind: 'grand-tour' }],
    ['a campaign level that is no number', { kind: 'campaign', level: 'one' }],
    ['a campaign level 0', { kind: 'campaign', level: 0 }],
    ['a daily puzzle with a day of its choosing', { kind: 'daily', day: '2026-01-01' }],
  ])('%s is refused at creation', async (_, course) => {
    await expect(Player.create(served.ws, 'solo', { ...run, course } as never)).rejects.toThrow(/course/);
  });

  it('a course is asked for by `course`, never by a dealing alone', async () => {
    await expect(Player.create(served.ws, 'solo', { ...run, dealing: 'daily' } as never)).rejects.toThrow(/dealing/);
  });
});

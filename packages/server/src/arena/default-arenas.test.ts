import type { ArenasAnswer } from '@ubongo/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerProcess } from '@ubongo/test-support';

/*
 * `npm start` with no UBONGO_ARENAS lists arenas at once (an hourly classic one: this period's and
 * the next), so the Arenas tile never leads to an empty page; `UBONGO_ARENAS=off` makes none, and a
 * bad timetable stops the start naming the variable.
 */

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function arenasWith(value: string): Promise<{ code: number | null; answer?: ArenasAnswer; err: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-default-arenas-'));
  folders.push(dir);
  let answer: ArenasAnswer | undefined;
  const run = await runServerProcess({ UBONGO_DATA_DIR: dir, UBONGO_ARENAS: value }, async (http) => {
    answer = (await (await fetch(`${http}/api/arenas`)).json()) as ArenasAnswer;
  });
  return { code: run.code, err: run.err, ...(answer === undefined ? {} : { answer }) };
}

describe('the default arenas', () => {
  it('lists an hourly classic arena on a server started with no timetable', async () => {
    const { answer } = await arenasWith('');
    const arenas = answer?.arenas ?? [];
    expect(arenas.length).toBeGreaterThanOrEqual(1);
    for (const arena of arenas) expect(arena).toMatchObject({ edition: 'classic', rounds: 3, name: '' });
    const hour = 3_600_000;
    expect(arenas.some((a) => a.startsAt % hour === 0 && a.endsAt - a.startsAt === hour / 2)).toBe(true);
  });

  it('lists none when the operator turned them off, and refuses a bad timetable', async () => {
    expect((await arenasWith('off')).answer?.arenas).toEqual([]);
    const bad = await arenasWith('hourly');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^UBONGO_ARENAS: an arena timetable line is EDITION\/EVERY\/MINUTES/);
  });
});

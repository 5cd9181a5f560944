import type { Arena, Arenas } from '@ubongo/server';
import { GAME_ROUNDS, RACE_EDITIONS } from '@ubongo/core';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { DatabaseOptions } from './database.js';
import { openDatabase } from './database.js';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo admin arena`, a part of `ubongo admin --help`. */
export const ARENA_HELP = `  arena list           the arenas of the last week and to come (docs/arenas.md)
  arena add --start WHEN --minutes N [--edition E] [--rounds N] [--name NAME]
                       schedules an arena: WHEN an ISO date (2026-12-01T18:00Z) or +MINUTES from now;
                       edition classic (default), extreme or jewels; 1 to 9 rounds a game (3)
  arena cancel ID      removes an arena nobody has entered
`;

/** What `ubongo admin arena` does on the database. */
interface ArenaStore {
  readonly arenas: Pick<Arenas, 'arenas' | 'createArena' | 'cancelArena' | 'arenaEntries'>;
  close(): Promise<void>;
}

const line = (a: Arena, players: number): string =>
  `${new Date(a.startsAt).toISOString()}  ${a.id}  ${a.edition}  ${Math.round((a.endsAt - a.startsAt) / 60_000)} min  ${a.rounds} rounds  ${players} players${a.name === '' ? '' : `  ${a.name}`}\n`;

/** When an arena starts: an ISO date, or `+MINUTES` from `now`. */
function startOf(raw: string, now: number): number {
  const ahead = /^\+(\d{1,6})$/.exec(raw);
  if (ahead) return now + Number(ahead[1]) * 60_000;
  const at = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(at)) throw new UsageError(`--start is an ISO date (2026-12-01T18:00Z) or +MINUTES, got ${raw}`);
  return at;
}

/**
 * `ubongo admin arena list|add|cancel`: the arenas an operator schedules, in the server's
 * database (the server picks them up there: docs/arenas.md). Times are the wall clock's.
 */
export async function arenaCommand(
  args: string[],
  io: Io,
  open: (values: DatabaseOptions, io: Io) => Promise<ArenaStore> = openDatabase,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      json: { type: 'boolean' },
      start: { type: 'string' },
      minutes: { type: 'string' },
      edition: { type: 'string' },
      rounds: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [what, ...extra] = positionals;
  const now = Date.now();
  let made: Arena | undefined;
  if (what === 'add') {
    if (extra.length > 0) throw new UsageError(`admin arena add takes options only; run 'ubongo admin --help'`);
    if (values.start === undefined || values.minutes === undefined)
      throw new UsageError('admin arena add needs --start and --minutes');
    const startsAt = startOf(values.start, now);
    const minutes = /^\d{1,4}$/.test(values.minutes) ? Number(values.minutes) : NaN;
    if (!(minutes >= 1 && minutes <= 24 * 60)) throw new UsageError('--minutes is 1 to 1440');
    const edition = RACE_EDITIONS.find((e) => e === (values.edition ?? 'classic'));
    if (!edition) throw new UsageError(`--edition is ${RACE_EDITIONS.join(', ')}`);
    const rounds = /^\d$/.test(values.rounds ?? '3') ? Number(values.rounds ?? '3') : NaN;
    if (!(rounds >= GAME_ROUNDS.min && rounds <= GAME_ROUNDS.max)) throw new UsageError('--rounds is 1 to 9');
    const name = (values.name ?? '').trim();
    if (name.length > 60) throw new UsageError('--name is at most 60 characters');
    if (startsAt + minutes * 60_000 <= now) throw new UsageError('that arena would be over already');
    made = {
      id: `a-${randomBytes(6).toString('base64url').replace(/[^\w]/g, 'x')}`,
      name,
      edition,
      rounds,
      startsAt,
      endsAt: startsAt + minutes * 60_000,
      createdAt: now,
    };
  } else if (what === 'cancel') {
    if (extra.length !== 1) throw new UsageError('admin arena cancel takes the arena’s id');
  } else if (what !== 'list' || extra.length > 0)
    throw new UsageError(`admin arena takes 'list', 'add' or 'cancel ID'; run 'ubongo admin --help'`);
  const stores = await open(values, io);
  try {
    if (made) {
      await stores.arenas.createArena(made);
      io.out(values.json ? `${JSON.stringify(made)}\n` : line(made, 0));
      return EXIT.ok;
    }
    if (what === 'cancel') {
      const id = extra[0] ?? '';
      if (await stores.arenas.cancelArena(id)) {
        io.out(`arena ${id} cancelled\n`);
        return EXIT.ok;
      }
      io.err(`ubongo: no arena ${id} that nobody has entered\n`);
      return EXIT.none;
    }
    const arenas = await stores.arenas.arenas(now - 7 * 86_400_000, Number.MAX_SAFE_INTEGER, 500);
    for (const a of arenas) {
      const players = (await stores.arenas.arenaEntries(a.id)).length;
      io.out(values.json ? `${JSON.stringify({ ...a, players })}\n` : line(a, players));
    }
    if (!values.json) io.out(`${arenas.length} arena${arenas.length === 1 ? '' : 's'}\n`);
    return arenas.length > 0 ? EXIT.ok : EXIT.none;
  } finally {
    await stores.close();
  }
}

import type { PlayerBoards } from '@ubongo/server';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo admin boards`, a part of `ubongo admin --help`. */
export const BOARDS_HELP = `  boards               the boards players shared, newest first (docs/boards.md), hidden ones marked
  boards hide ID       hides a shared board: served to no one, its times neither (reports: admin reports)
  boards show ID       shows a hidden board again
`;

/** How many boards `ubongo admin boards` lists. */
const LISTED = 200;

/** `ubongo admin boards [hide ID | show ID]`: what players shared, and an operator's hiding of one. */
export async function adminBoards(
  store: Pick<PlayerBoards, 'boardList' | 'hideBoard'>,
  args: readonly string[],
  io: Io,
  json: boolean | undefined,
): Promise<number> {
  const [verb, id, ...extra] = args;
  if (verb === 'hide' || verb === 'show') {
    if (id === undefined || extra.length > 0) throw new UsageError(`admin boards ${verb} takes one board id`);
    if (!(await store.hideBoard(id, verb === 'hide' ? Date.now() : null))) {
      io.err(`ubongo: no board ${id}\n`);
      return EXIT.none;
    }
    io.out(
      json
        ? `${JSON.stringify({ id, hidden: verb === 'hide' })}\n`
        : `board ${id} ${verb === 'hide' ? 'hidden' : 'shown'}\n`,
    );
    return EXIT.ok;
  }
  if (verb !== undefined) throw new UsageError(`admin boards takes nothing, 'hide ID' or 'show ID'`);
  const boards = await store.boardList(LISTED);
  for (const b of boards) {
    const at = new Date(b.createdAt).toISOString();
    const hiddenAt = b.hiddenAt === null ? null : new Date(b.hiddenAt).toISOString();
    io.out(
      json
        ? `${JSON.stringify({ id: b.id, accountId: b.accountId, name: b.name, grid: b.grid, solutions: b.solutions, difficulty: b.difficulty, createdAt: at, hiddenAt })}\n`
        : `${at}  ${b.id}  ${b.grid}  ${b.solutions} solutions, difficulty ${b.difficulty}  by ${b.accountId}${b.name === '' ? '' : `: ${b.name}`}${hiddenAt === null ? '' : `  (hidden ${hiddenAt})`}\n`,
    );
  }
  if (!json) io.out(`${boards.length} board${boards.length === 1 ? '' : 's'}\n`);
  return boards.length > 0 ? EXIT.ok : EXIT.none;
}

import type { BoardAnswer, PuzzleSpec } from '@ubongo/core';
import { BOARD_ID_PATTERN, GRID_NAMES, puzzleFromSpec } from '@ubongo/core';
import { z } from 'zod';
import { AccountError } from '../accounts/accounts.js';
import { normalizeName } from '../accounts/names.js';
import type { Http, HttpOptions } from '../http/http-common.js';
import { Refused } from '../http/http-common.js';
import { route } from '../http/route.js';
import { perMinute, waitSeconds } from '../net/rate-limit.js';
import type { Stores } from '../storage/stores.js';
import { judgeBoard, newBoardId } from './boards.js';
import type { PlayerBoard } from './store.js';

/** Boards one account may share in a day (the last 24 hours). */
export const BOARDS_PER_DAY = 20;

/** Boards one account may send to be judged in a minute, kept or refused: each is a search. */
export const BOARD_TRIES_PER_MINUTE = 10;

const DAY_MS = 86_400_000;

const cell = z.tuple([z.number().int(), z.number().int()]).readonly();

// Bounds on the shape alone, generous: the puzzle format's parser and the board's check say the rest.
const boardBody = z.object({
  grid: z.enum(GRID_NAMES, { error: 'grid is square or hex' }),
  region: z.union([z.array(z.string().max(64)).max(64).readonly(), z.array(cell).max(256).readonly()], {
    error: 'region is rows of text or a list of [x, y] cells',
  }),
  pieces: z
    .array(z.union([z.string().max(16), z.array(cell).max(64).readonly()]), {
      error: 'pieces is a list of piece ids',
    })
    .max(32, { error: 'pieces is a list of at most 32' })
    .readonly(),
  name: z.string().max(200, { error: 'name is at most 24 characters' }).optional(),
});

const boardId = z.object({
  id: z.string().regex(BOARD_ID_PATTERN, { error: 'id is a board’s share code' }),
});

/** A board as `GET /api/boards/:id` serves it, its author's account read. */
async function answerOf(board: PlayerBoard, stores: Pick<Stores, 'accounts'>): Promise<BoardAnswer> {
  const parsed = puzzleFromSpec(board.spec);
  // A stored board's file was read back through the parser (board-rows.ts): it parses.
  if (!parsed.ok) throw new Error(`board ${board.id}: ${parsed.error.message}`);
  const author = await stores.accounts.account(board.accountId);
  return {
    id: board.id,
    name: board.name,
    grid: board.grid,
    spec: board.spec,
    puzzle: parsed.value,
    solutions: board.solutions,
    difficulty: board.difficulty,
    author: { account: board.accountId, name: author?.name ?? '', username: author?.username ?? null },
    createdAt: board.createdAt,
  };
}

/**
 * Boards players make (docs/boards.md): `POST /api/boards` takes a board in the puzzle file format
 * from a player with a username, proves it (boards.ts's `judgeBoard`: solvable, counted, rated) or
 * refuses it with the reason, and keeps it under a share code; `GET /api/boards/:id` serves one,
 * `GET /api/boards/:id/times` its times board. A board an operator hid is served to no one.
 */
export function boardRoutes(
  app: Http,
  options: Pick<HttpOptions, 'rateLimits'> & { readonly stores: Pick<Stores, 'accounts' | 'boards'> },
): void {
  const { stores } = options;
  const tries = options.rateLimits.limit('boards:', perMinute(BOARD_TRIES_PER_MINUTE));
  const shown = async (id: string): Promise<PlayerBoard> => {
    const board = await stores.boards.board(id);
    if (!board || board.hiddenAt !== null) throw new Refused(404, `no board ${id}`);
    return board;
  };

  route(app, 'POST /api/boards', { body: boardBody }, async ({ body, me: { account } }) => {
    if (account.username === null) throw new Refused(403, 'claim a username before sharing a board');
    const now = Date.now();
    const made = await stores.boards.boardsMadeSince(account.id, now - DAY_MS);
    if (made >= BOARDS_PER_DAY) throw new Refused(429, `at most ${BOARDS_PER_DAY} boards a day: try again tomorrow`);
    const ms = await tries.take(account.id);
    if (ms > 0) {
      const seconds = waitSeconds(ms);
      throw new Refused(429, `at most ${BOARD_TRIES_PER_MINUTE} boards a minute: try again in ${seconds} s`, {
        'retry-after': String(seconds),
      });
    }
    const { name: rawName, ...file } = body;
    let name = '';
    if (rawName !== undefined && rawName.trim() !== '') {
      const checked = normalizeName(rawName);
      if (!checked.ok) {
        const { code, message, params } = checked.problem;
        throw new AccountError(400, code, `name: ${message}`, params);
      }
      name = checked.name;
    }
    const judged = judgeBoard(file as PuzzleSpec);
    if (!judged.ok) throw judged.error;
    const { spec, measures } = judged.value;
    for (;;) {
      const id = newBoardId();
      const board = { id, accountId: account.id, name, grid: spec.grid, spec, createdAt: now, ...measures };
      if (await stores.boards.saveBoard(board))
        return { id, solutions: measures.solutions, difficulty: measures.difficulty };
    }
  });

  route(app, 'GET /api/boards/:id', { params: boardId }, async ({ params }) =>
    answerOf(await shown(params.id), stores),
  );

  route(app, 'GET /api/boards/:id/times', { params: boardId }, async ({ params }) => {
    await shown(params.id);
    const entries = await stores.boards.boardTimes(params.id, 20);
    return {
      id: params.id,
      entries: entries.map((e, i) => ({
        place: i + 1,
        account: e.accountId,
        player: e.name,
        username: e.username,
        run: e.run,
        ms: e.ms,
        reviewed: e.reviewed,
      })),
    };
  });
}

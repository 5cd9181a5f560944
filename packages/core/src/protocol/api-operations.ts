import type { ApiRoute, ApiRoutes, ApiSession } from './api.js';

/*
 * How each operation of the HTTP API (api.ts's `ApiRoutes`) is answered and signed in: its
 * summary, success status, refusals, session and cost. The OpenAPI document and the client read it.
 */

/** How each operation is answered and signed in: its success status, its refusals, its session. */
export interface ApiOperation {
  readonly summary: string;
  readonly status: 200 | 201 | 204;
  /** The refusals it may answer besides 429 (the per-address budget) and 500, each with `ApiErrorAnswer`. */
  readonly errors: readonly number[];
  readonly session: ApiSession;
  /**
   * Points a request costs its address's API budget (about what it costs the database;
   * docs/operations.md): 0 for the operations with limits of their own (accounts, friends'
   * changes, the matchmaker).
   */
  readonly cost: number;
}

/** Every operation's summary, statuses and session: the OpenAPI document's and the client's. */
export const API = {
  'GET /healthz': { summary: 'Health', status: 200, errors: [], session: 'none', cost: 1 },
  'GET /api/openapi.json': { summary: 'This API, as OpenAPI 3', status: 200, errors: [], session: 'none', cost: 1 },
  'GET /api/decks': { summary: 'The decks practice offers', status: 200, errors: [], session: 'none', cost: 1 },
  'GET /api/games/:id': { summary: 'A stored game', status: 200, errors: [404], session: 'none', cost: 3 },
  'GET /api/games/:id/replay': { summary: 'A game replayed', status: 200, errors: [404], session: 'none', cost: 10 },
  'GET /api/records': { summary: 'Solo records', status: 200, errors: [400], session: 'none', cost: 3 },
  'GET /api/runs/:id': {
    summary: 'A solo run replayed',
    status: 200,
    errors: [403, 404],
    session: 'optional',
    cost: 2,
  },
  'GET /api/players/:id': { summary: 'A player’s profile', status: 200, errors: [404], session: 'none', cost: 5 },
  'GET /api/players/:id/runs': {
    summary: 'A player’s solo runs',
    status: 200,
    errors: [400, 404],
    session: 'none',
    cost: 3,
  },
  'GET /api/players/:id/seasons': {
    summary: 'A player’s past seasons',
    status: 200,
    errors: [404],
    session: 'none',
    cost: 5,
  },
  'GET /api/players/:id/arenas': {
    summary: 'The arenas a player played, with their places',
    status: 200,
    errors: [404],
    session: 'none',
    cost: 5,
  },
  'GET /api/leaderboard': { summary: 'A leaderboard', status: 200, errors: [400], session: 'optional', cost: 3 },
  'GET /api/puzzles/:edition/:board/:side/:key': {
    summary: 'A task’s rating',
    status: 200,
    errors: [404],
    session: 'none',
    cost: 1,
  },
  'GET /api/seasons': { summary: 'Seasons of rated play', status: 200, errors: [], session: 'none', cost: 1 },
  'GET /api/seasons/:id/board': {
    summary: 'A season’s board',
    status: 200,
    errors: [400, 404],
    session: 'optional',
    cost: 3,
  },
  'GET /api/arenas': {
    summary: 'Arenas to come, running and just finished',
    status: 200,
    errors: [],
    session: 'none',
    cost: 3,
  },
  'GET /api/arenas/:id': {
    summary: 'An arena: its standings, its podium once over',
    status: 200,
    errors: [404],
    session: 'optional',
    cost: 2,
  },
  'POST /api/arenas/:id/join': {
    summary: 'Enter an arena’s lobby, or say you are still in it',
    status: 200,
    errors: [401, 403, 404, 409],
    session: 'required',
    cost: 2,
  },
  'DELETE /api/arenas/:id/join': {
    summary: 'Leave an arena’s lobby (your points stay)',
    status: 204,
    errors: [401, 404],
    session: 'required',
    cost: 2,
  },
  'GET /api/daily': {
    summary: 'Today’s daily puzzle, and your attempt',
    status: 200,
    errors: [],
    session: 'optional',
    cost: 3,
  },
  'GET /api/daily/archive': {
    summary: 'Past days of the daily puzzle, to play again unranked, and your attempts',
    status: 200,
    errors: [400],
    session: 'optional',
    cost: 3,
  },
  'GET /api/daily/:date/board': {
    summary: 'A day’s daily board',
    status: 200,
    errors: [400, 404],
    session: 'none',
    cost: 3,
  },
  'GET /api/daily/:date/solution': {
    summary: 'A past day’s daily puzzle with a solution',
    status: 200,
    errors: [403, 404],
    session: 'none',
    cost: 1,
  },
  'GET /api/storm/highs': {
    summary: 'Storm’s highs of the day, the week and all time, and yours',
    status: 200,
    errors: [400],
    session: 'optional',
    cost: 5,
  },
  'GET /api/live': { summary: 'The games in play to watch', status: 200, errors: [], session: 'none', cost: 1 },
  'POST /api/reports': {
    summary: 'Report a board entry',
    status: 201,
    errors: [400, 401, 403, 404, 409],
    session: 'required',
    cost: 5,
  },
  'POST /api/boards': {
    summary: 'Share a board you made (the puzzle file format): proven solvable, or refused with why',
    status: 201,
    errors: [400, 401, 403, 422],
    session: 'required',
    cost: 10,
  },
  'GET /api/boards/:id': { summary: 'A shared board', status: 200, errors: [404], session: 'none', cost: 1 },
  'GET /api/boards/:id/times': {
    summary: 'A shared board’s times',
    status: 200,
    errors: [404],
    session: 'none',
    cost: 3,
  },
  'POST /api/challenges': {
    summary: 'Challenge a friend to race your stored run (docs/challenges.md)',
    status: 201,
    errors: [400, 401, 403, 404, 409, 422],
    session: 'required',
    cost: 2,
  },
  'GET /api/challenges': {
    summary: 'The challenges you received and sent, with their status and verdict',
    status: 200,
    errors: [401],
    session: 'required',
    cost: 3,
  },
  'POST /api/challenges/:id/decline': {
    summary: 'Decline a challenge sent to you',
    status: 204,
    errors: [401, 404, 409],
    session: 'required',
    cost: 1,
  },
  'GET /api/review': {
    summary: 'The review queue (reviewers and operators)',
    status: 200,
    errors: [401, 403],
    session: 'required',
    cost: 5,
  },
  'POST /api/review/:id': {
    summary: 'Approve, reject or ban a queue entry (reviewers and operators)',
    status: 200,
    errors: [400, 401, 403, 404],
    session: 'required',
    cost: 2,
  },
  'POST /api/accounts': { summary: 'A new guest account', status: 201, errors: [400, 409], session: 'none', cost: 0 },
  'POST /api/sessions': { summary: 'Sign in', status: 200, errors: [400, 401], session: 'none', cost: 0 },
  'DELETE /api/sessions': { summary: 'Sign out', status: 204, errors: [401], session: 'required', cost: 0 },
  'GET /api/me': { summary: 'The signed-in account', status: 200, errors: [401], session: 'required', cost: 0 },
  'POST /api/me/claim': {
    summary: 'Claim a username',
    status: 200,
    errors: [400, 401, 409],
    session: 'required',
    cost: 0,
  },
  'POST /api/me/password': {
    summary: 'Change the password',
    status: 204,
    errors: [400, 401],
    session: 'required',
    cost: 0,
  },
  'POST /api/me/name': {
    summary: 'Change the name shown',
    status: 200,
    errors: [400, 401, 409],
    session: 'required',
    cost: 0,
  },
  'GET /api/me/held': {
    summary: 'The signed-in account’s runs under review',
    status: 200,
    errors: [401],
    session: 'required',
    cost: 3,
  },
  'GET /api/me/campaign': {
    summary: 'The signed-in account’s campaign: levels, stars, best times',
    status: 200,
    errors: [401],
    session: 'required',
    cost: 3,
  },
  'GET /api/me/costly': {
    summary: 'The boards and pieces that cost you most time, each with a task to practise',
    status: 200,
    errors: [401],
    session: 'required',
    cost: 5,
  },
  'GET /api/me/friends': {
    summary: 'Your friends and where they are',
    status: 200,
    errors: [401],
    session: 'required',
    cost: 3,
  },
  'POST /api/me/follows': {
    summary: 'Follow a player by username',
    status: 200,
    errors: [400, 401, 403, 404, 409],
    session: 'required',
    cost: 0,
  },
  'DELETE /api/me/follows/:id': {
    summary: 'Stop following a player',
    status: 204,
    errors: [401],
    session: 'required',
    cost: 0,
  },
  'POST /api/me/blocks': {
    summary: 'Block a player',
    status: 200,
    errors: [400, 401, 404],
    session: 'required',
    cost: 0,
  },
  'DELETE /api/me/blocks/:id': {
    summary: 'Stop blocking a player',
    status: 204,
    errors: [401],
    session: 'required',
    cost: 0,
  },
  'GET /api/me/invitations': {
    summary: 'Invitations waiting for you (and you are online)',
    status: 200,
    errors: [401],
    session: 'required',
    cost: 1,
  },
  'POST /api/me/invitations': {
    summary: 'Invite a friend to your table',
    status: 201,
    errors: [400, 401, 403, 404, 409],
    session: 'required',
    cost: 0,
  },
  'DELETE /api/me/invitations/:id': {
    summary: 'Decline (or clear) a friend’s invitation',
    status: 204,
    errors: [401],
    session: 'required',
    cost: 0,
  },
  'DELETE /api/me/online': {
    summary: 'The page is closing: you are no longer online for your friends',
    status: 204,
    errors: [401],
    session: 'required',
    cost: 0,
  },
  'POST /matchmake/:method/:room': {
    summary: 'Reserve a seat (colyseus.js)',
    status: 200,
    errors: [400, 403, 404, 410],
    session: 'optional',
    cost: 0,
  },
} as const satisfies { readonly [R in ApiRoute]: ApiOperation & StatusOf<R> };

/** An operation's success status as its type says: 204 where it answers nothing. */
type StatusOf<R extends ApiRoute> = ApiRoutes[R] extends { status: infer S }
  ? { readonly status: S }
  : { readonly status: 200 };

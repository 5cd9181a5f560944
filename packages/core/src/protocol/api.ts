import type { ArenaAnswer, ArenasAnswer, PlayerArenasAnswer } from '../arena.js';
import type { FriendsAnswer, InvitationsAnswer } from '../friends.js';
import type { RaceEdition } from '../game/race.js';
import type { LiveAnswer } from '../watch.js';
import type { AccountView, GuestAnswer, HeldAnswer, MeAnswer, ProfileAnswer, SessionAnswer } from './accounts.js';
import type { Health } from './codes.js';
import type {
  CampaignProgress,
  DailyAnswer,
  DailyBoardAnswer,
  DailySolutionAnswer,
  StormHighsAnswer,
} from './courses.js';
import type {
  LeaderboardAnswer,
  PlayerSeasonsAnswer,
  PuzzleAnswer,
  SeasonBoardAnswer,
  SeasonsAnswer,
} from './ratings.js';
import type { PlayerRunsAnswer, RecordsAnswer, ReportRequest, SoloRunAnswer } from './records.js';
import type { GameRecord, ReplayAnswer } from './replay.js';
import type { DeckIndex } from './practice.js';

/*
 * The HTTP API as one typed map (docs/protocol.md, "HTTP"): each operation `'METHOD /path'` with what it takes
 * (path parameters, query, body) and answers. The server registers every route from it (its zod schemas checked
 * against it), OpenAPI describes each answer from it, and the web client's `api(route, input)` answers typed by it.
 */

/** How an operation takes the bearer session: none, one if sent (it answers more), or one it needs (401 without). */
export type ApiSession = 'none' | 'optional' | 'required';

/** A refused request's body: the words, and for the account routes a code and its parameters. */
export interface ApiErrorAnswer {
  readonly error: string;
  /** Why, for a client to say in its language (`account/...`, `friends/...`, `name/...`: docs/accounts.md). */
  readonly code?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A page of a ranked list: `top` 1 to 100, `cursor` the `next` of the page before. */
type PageQuery = { readonly top?: string; readonly cursor?: string };

/** A path that names one thing by its id. */
type ById = { readonly id: string };

/** A seat the matchmaker reserved (colyseus.js joins the room with it). */
export interface SeatAnswer {
  readonly sessionId: string;
  readonly room: { readonly roomId: string; readonly processId: string; readonly name: string };
  readonly reconnectionToken?: string;
}

/** Each operation: what it takes and what it answers (`status` on success; 204 answers nothing: `undefined`). */
export interface ApiRoutes {
  'GET /healthz': { answer: Health };
  'GET /api/openapi.json': { answer: Readonly<Record<string, unknown>> };
  'GET /api/decks': { answer: DeckIndex };
  'GET /api/games/:id': { params: ById; answer: GameRecord };
  'GET /api/games/:id/replay': { params: ById; answer: ReplayAnswer };
  'GET /api/records': {
    query: PageQuery & {
      readonly mode: 'timed' | 'count';
      readonly period?: 'day' | 'week' | 'all';
      readonly limit?: '5' | '10' | '20';
      readonly side?: 'easy' | 'hard';
    };
    answer: RecordsAnswer;
  };
  'GET /api/runs/:id': { params: ById; answer: SoloRunAnswer };
  'GET /api/players/:id': { params: ById; answer: ProfileAnswer };
  'GET /api/players/:id/runs': { params: ById; query: PageQuery; answer: PlayerRunsAnswer };
  'GET /api/players/:id/seasons': { params: ById; answer: PlayerSeasonsAnswer };
  'GET /api/players/:id/arenas': { params: ById; answer: PlayerArenasAnswer };
  'GET /api/leaderboard': { query: PageQuery & { readonly edition: RaceEdition }; answer: LeaderboardAnswer };
  'GET /api/puzzles/:edition/:board/:side/:key': {
    params: {
      readonly edition: 'classic' | 'extreme';
      readonly board: string;
      readonly side: 'easy' | 'hard';
      readonly key: string;
    };
    answer: PuzzleAnswer;
  };
  'GET /api/seasons': { answer: SeasonsAnswer };
  'GET /api/seasons/:id/board': {
    params: ById;
    query: PageQuery & { readonly edition: RaceEdition };
    answer: SeasonBoardAnswer;
  };
  'GET /api/arenas': { answer: ArenasAnswer };
  'GET /api/arenas/:id': { params: ById; answer: ArenaAnswer };
  'POST /api/arenas/:id/join': { params: ById; answer: ArenaAnswer };
  'DELETE /api/arenas/:id/join': { params: ById; answer: undefined; status: 204 };
  'GET /api/daily': { answer: DailyAnswer };
  'GET /api/daily/:date/board': { params: { readonly date: string }; query: PageQuery; answer: DailyBoardAnswer };
  'GET /api/daily/:date/solution': { params: { readonly date: string }; answer: DailySolutionAnswer };
  'GET /api/storm/highs': { query: { readonly top?: string }; answer: StormHighsAnswer };
  'GET /api/live': { answer: LiveAnswer };
  'POST /api/reports': {
    body: ReportRequest;
    answer: { readonly reported: Omit<ReportRequest, 'reason'> };
    status: 201;
  };
  'POST /api/accounts': { body: { readonly name?: string }; answer: GuestAnswer; status: 201 };
  'POST /api/sessions': {
    body: { readonly id: string; readonly secret: string } | { readonly username: string; readonly password: string };
    answer: SessionAnswer;
  };
  'DELETE /api/sessions': { answer: undefined; status: 204 };
  'GET /api/me': { answer: MeAnswer };
  'POST /api/me/claim': { body: { readonly username: string; readonly password: string }; answer: MeAnswer };
  'POST /api/me/password': { body: { readonly old: string; readonly new: string }; answer: undefined; status: 204 };
  'POST /api/me/name': { body: { readonly name: string }; answer: MeAnswer };
  'GET /api/me/held': { answer: HeldAnswer };
  'GET /api/me/campaign': { answer: CampaignProgress };
  'GET /api/me/friends': { answer: FriendsAnswer };
  'POST /api/me/follows': {
    body: { readonly username: string };
    answer: { readonly account: AccountView; readonly friends: boolean };
  };
  'DELETE /api/me/follows/:id': { params: ById; answer: undefined; status: 204 };
  'POST /api/me/blocks': { body: { readonly account: string }; answer: { readonly blocked: AccountView } };
  'DELETE /api/me/blocks/:id': { params: ById; answer: undefined; status: 204 };
  'GET /api/me/invitations': { answer: InvitationsAnswer };
  'POST /api/me/invitations': {
    body: { readonly to: string };
    answer: { readonly invited: { readonly to: AccountView; readonly code: string } };
    status: 201;
  };
  'DELETE /api/me/invitations/:id': { params: ById; answer: undefined; status: 204 };
  'DELETE /api/me/online': { answer: undefined; status: 204 };
  'POST /matchmake/:method/:room': {
    params: { readonly method: string; readonly room: string };
    body: Readonly<Record<string, unknown>>;
    answer: SeatAnswer;
  };
}

/** An operation of the HTTP API: `'GET /api/records'`. */
export type ApiRoute = keyof ApiRoutes;

/** What an operation takes besides its session: its path parameters, query and body, each where it has one. */
export type ApiInput<R extends ApiRoute> = (ApiRoutes[R] extends { params: infer P }
  ? { readonly params: P }
  : unknown) &
  (ApiRoutes[R] extends { query: infer Q } ? { readonly query: Q } : unknown) &
  (ApiRoutes[R] extends { body: infer B } ? { readonly body: B } : unknown);

/** What an operation answers on success. */
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R]['answer'];

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

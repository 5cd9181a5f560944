import type { ArenaAnswer, ArenasAnswer, PlayerArenasAnswer } from '../arena.js';
import type { FriendsAnswer, InvitationsAnswer } from '../friends.js';
import type { RaceEdition } from '../game/race.js';
import type { LiveAnswer } from '../watch.js';
import type {
  AccountView,
  GuestAnswer,
  HeldAnswer,
  MeAnswer,
  ProfileAnswer,
  SessionAnswer,
  SignedInAnswer,
} from './accounts.js';
import type { BoardAnswer, BoardMade, BoardRequest, BoardTimesAnswer } from './boards.js';
import type { ChallengeMade, ChallengeRequest, ChallengesAnswer } from './challenges.js';
import type { Health } from './codes.js';
import type {
  CampaignProgress,
  DailyAnswer,
  DailyArchiveAnswer,
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
import type { ReviewDecided, ReviewDecision, ReviewQueueAnswer } from './review.js';
import type { CostlyAnswer, DeckIndex } from './practice.js';

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
      /** `true`: only entries a reviewer approved (what "best on this server" shows). */
      readonly reviewed?: 'true' | 'false';
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
  'GET /api/daily/archive': { query: { readonly before?: string; readonly top?: string }; answer: DailyArchiveAnswer };
  'GET /api/daily/:date/board': { params: { readonly date: string }; query: PageQuery; answer: DailyBoardAnswer };
  'GET /api/daily/:date/solution': { params: { readonly date: string }; answer: DailySolutionAnswer };
  'GET /api/storm/highs': { query: { readonly top?: string }; answer: StormHighsAnswer };
  'GET /api/live': { answer: LiveAnswer };
  'POST /api/reports': {
    body: ReportRequest;
    answer: { readonly reported: Omit<ReportRequest, 'reason'> };
    status: 201;
  };
  'POST /api/boards': { body: BoardRequest; answer: BoardMade; status: 201 };
  'GET /api/boards/:id': { params: ById; answer: BoardAnswer };
  'GET /api/boards/:id/times': { params: ById; answer: BoardTimesAnswer };
  'POST /api/challenges': { body: ChallengeRequest; answer: ChallengeMade; status: 201 };
  'GET /api/challenges': { answer: ChallengesAnswer };
  'POST /api/challenges/:id/decline': { params: ById; answer: undefined; status: 204 };
  'GET /api/review': { answer: ReviewQueueAnswer };
  'POST /api/review/:id': { params: ById; body: ReviewDecision; answer: ReviewDecided };
  'POST /api/accounts': { body: { readonly name?: string }; answer: GuestAnswer; status: 201 };
  'POST /api/sessions': {
    body: { readonly id: string; readonly secret: string } | { readonly username: string; readonly password: string };
    answer: SessionAnswer;
  };
  'DELETE /api/sessions': { answer: undefined; status: 204 };
  'GET /api/me': { answer: SignedInAnswer };
  'POST /api/me/claim': { body: { readonly username: string; readonly password: string }; answer: MeAnswer };
  'POST /api/me/password': { body: { readonly old: string; readonly new: string }; answer: undefined; status: 204 };
  'POST /api/me/name': { body: { readonly name: string }; answer: MeAnswer };
  'GET /api/me/held': { answer: HeldAnswer };
  'GET /api/me/campaign': { answer: CampaignProgress };
  'GET /api/me/costly': { answer: CostlyAnswer };
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

import type {
  ArenaAnswer,
  ArenasAnswer,
  CampaignProgress,
  CostlyAnswer,
  DailyAnswer,
  DailyArchiveAnswer,
  DailyBoardAnswer,
  DailySolutionAnswer,
  DeckIndex,
  HeldAnswer,
  LeaderboardAnswer,
  Occupant,
  PlayerArenasAnswer,
  PlayerSeasonsAnswer,
  ProfileAnswer,
  RaceEdition,
  RecordsAnswer,
  ReplayAnswer,
  ReportRequest,
  RoomName,
  Rooms,
  SeasonBoardAnswer,
  SeasonsAnswer,
  Side,
  SoloMode,
  SoloRunAnswer,
  StormHighsAnswer,
  UnnamedOpponent,
} from '@ubongo/core';
import { MATCHMAKE_ERROR_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { Client } from 'colyseus.js';
import type { TFunction } from 'i18next';
import { api, sessionToken } from './account.js';
import { ApiProblem } from './api.js';
import { browserOffline, CannotReach, watchedJoin } from './connection.js';

/*
 * The connection to the game server (docs/protocol.md): rooms through colyseus.js, records and
 * deck lists over HTTP. The client holds no rules; what it sends and receives is typed by core's
 * protocol module, the one the server sends with.
 */

/** The server: the page's own origin, or the dev server's neighbour during `vite` development. */
export const serverUrl = (): string => (import.meta.env.DEV ? 'http://localhost:2567' : window.location.origin);

/**
 * A game socket's (or the matchmaker's) address at the page's own server: a process's public
 * address (docs/operations.md, "Many processes") keeps its path, which picks the process behind
 * nginx (`/p1/`), and takes the server's host and port. So the page works under whichever name it
 * was opened (127.0.0.1 or localhost, a name or its address) and within its own CSP (`connect-src 'self'`).
 */
export function atServer(endpoint: URL, server: string): string {
  const url = new URL(endpoint);
  url.host = new URL(server).host;
  return url.toString();
}

let client: Client | undefined;
/** The one colyseus.js client of the page, signed in with the player's account (account.ts). */
export async function gameClient(): Promise<Client> {
  client ??= new Client(serverUrl(), { urlBuilder: (url) => atServer(url, serverUrl()) });
  client.auth.token = await sessionToken();
  return client;
}

/** A joined room of a kind: its messages are typed by the protocol (the brand exists for the type checker only). */
export type GameRoom<R extends RoomName> = Room & { readonly __protocol?: R };

/** A room's join options, less the protocol version, which is filled in here. */
export type JoinOptions<R extends RoomName> = Omit<Rooms[R]['join'], 'protocol'>;

/** Creates a room of a kind. */
export function createRoom<R extends RoomName>(name: R, options: JoinOptions<R>): Promise<GameRoom<R>> {
  return watchedJoin(gameClient().then((c) => c.create(name, { ...options, protocol: PROTOCOL_VERSION })));
}

/** Joins a race table by its code. */
export function joinTable(code: string, options: JoinOptions<'race'> = {}): Promise<GameRoom<'race'>> {
  return watchedJoin(gameClient().then((c) => c.joinById(code, { ...options, protocol: PROTOCOL_VERSION })));
}

/** A public table with a free seat, or a new one. */
export function quickMatch(options: JoinOptions<'race'>): Promise<GameRoom<'race'>> {
  return watchedJoin(
    gameClient().then((c) => c.joinOrCreate('race', { ...options, public: true, protocol: PROTOCOL_VERSION })),
  );
}

/** An edition's rated queue (players with a username): it finds a table and says its code. */
export function ratedQueue(edition: RaceEdition): Promise<GameRoom<'rated'>> {
  return watchedJoin(gameClient().then((c) => c.joinOrCreate('rated', { edition, protocol: PROTOCOL_VERSION })));
}

/** Comes back to a room after a reload or a dropped connection. */
export function rejoin(token: string): Promise<GameRoom<'race'>> {
  return watchedJoin(gameClient().then((c) => c.reconnect(token)));
}

/** Sends a message of the room's kind; a message with an empty body needs none. */
export function send<R extends RoomName, K extends keyof Rooms[R]['client'] & string>(
  room: GameRoom<R>,
  type: K,
  ...body: Rooms[R]['client'][K] extends Record<string, never> ? [] : [Rooms[R]['client'][K]]
): void {
  room.send(type, body[0] ?? {});
}

/** A solo limit as a board's query names it: only the limits that have boards. */
function boardLimit(limit: number): '5' | '10' | '20' {
  const text = String(limit);
  if (text === '5' || text === '10' || text === '20') return text;
  throw new Error(`no board for a limit of ${limit}`);
}

/** The best solo results for a mode, limit and side. */
export async function fetchRecords(mode: SoloMode, limit: number, side: Side): Promise<RecordsAnswer['records']> {
  return (
    await api('GET /api/records', { query: { mode, limit: boardLimit(limit), side, reviewed: 'true', top: '10' } })
  ).records;
}

/** The best solo results of a mode, limit and side in a period (the last day or week, or all time). */
export async function fetchRecordsOf(
  mode: SoloMode,
  limit: number,
  side: Side,
  period: 'day' | 'week' | 'all',
): Promise<RecordsAnswer['records']> {
  return (await api('GET /api/records', { query: { mode, limit: boardLimit(limit), side, period, top: '20' } }))
    .records;
}

/** A player's profile: ratings, their history, solo bests. */
export const fetchProfile = (id: string): Promise<ProfileAnswer> => api('GET /api/players/:id', { params: { id } });

/** The signed-in account's own runs under review (only it sees them). */
/** The boards and pieces that cost this browser's account most time, each with a task to practise. */
export const fetchCostly = (): Promise<CostlyAnswer> => api('GET /api/me/costly');

export async function fetchHeld(): Promise<HeldAnswer['runs']> {
  return (await api('GET /api/me/held')).runs;
}

/** A stored game played again, round by round. */
export const fetchReplay = (id: string): Promise<ReplayAnswer> => api('GET /api/games/:id/replay', { params: { id } });

/** A solo run with its puzzles and, while kept, their moves (with this browser's session: a daily run shows to a player who has played its day). */
export const fetchRun = (id: string): Promise<SoloRunAnswer> => api('GET /api/runs/:id', { params: { id } });

/** Today's daily puzzle: the date and, for this browser's account, its attempt and streak. */
export const fetchDaily = (): Promise<DailyAnswer> => api('GET /api/daily');

/** Storm's highs of the day, the week and all time, and this browser's account's own. */
export const fetchStormHighs = (): Promise<StormHighsAnswer> => api('GET /api/storm/highs', { query: {} });

/** A day's daily board, fastest first. */
export const fetchDailyBoard = (date: string): Promise<DailyBoardAnswer> =>
  api('GET /api/daily/:date/board', { params: { date }, query: { top: '20' } });

/** Past days of the daily puzzle, newest first (older than `before`, when given), with this browser's account's attempts. */
export const fetchDailyArchive = (before?: string): Promise<DailyArchiveAnswer> =>
  api('GET /api/daily/archive', { query: before === undefined ? { top: '14' } : { before, top: '14' } });

/** A past day's daily puzzle with a solution. */
export const fetchDailySolution = (date: string): Promise<DailySolutionAnswer> =>
  api('GET /api/daily/:date/solution', { params: { date } });

/** An edition's rating board, with this browser's place on it (or the rated games it still needs). */
export const fetchLeaderboard = (edition: RaceEdition): Promise<LeaderboardAnswer> =>
  api('GET /api/leaderboard', { query: { edition, top: '50' } });

/** The season under way and the past ones. */
export const fetchSeasons = (): Promise<SeasonsAnswer> => api('GET /api/seasons');

/** A season's board of an edition. */
export const fetchSeasonBoard = (season: string, edition: RaceEdition): Promise<SeasonBoardAnswer> =>
  api('GET /api/seasons/:id/board', { params: { id: season }, query: { edition, top: '50' } });

/** A player's past seasons. */
export const fetchPlayerSeasons = (id: string): Promise<PlayerSeasonsAnswer> =>
  api('GET /api/players/:id/seasons', { params: { id } });

/** What became of a report, as the server answered it (docs/protocol.md, `POST /api/reports`). */
export type ReportOutcome =
  | { readonly outcome: 'sent' }
  | { readonly outcome: 'already' }
  /** Not signed in (401) or a guest (403): reporting needs an account with a username. */
  | { readonly outcome: 'sign-in' }
  | { readonly outcome: 'too-many'; readonly seconds: number | null }
  | { readonly outcome: 'missing' }
  | { readonly outcome: 'failed'; readonly message: string };

/** Reports a board entry with the player's session; every answer is an outcome, none is thrown. */
export async function sendReport(report: ReportRequest): Promise<ReportOutcome> {
  try {
    await api('POST /api/reports', { body: report });
    return { outcome: 'sent' };
  } catch (e) {
    if (!(e instanceof ApiProblem)) return { outcome: 'failed', message: e instanceof Error ? e.message : String(e) };
    switch (e.status) {
      case 409:
        return { outcome: 'already' };
      case 401:
      case 403:
        return { outcome: 'sign-in' };
      case 404:
        return { outcome: 'missing' };
      case 429:
        return { outcome: 'too-many', seconds: e.retryAfter };
      default:
        return { outcome: 'failed', message: e.message };
    }
  }
}

/** The boards and tasks of both decks. */
export const fetchDecks = (): Promise<DeckIndex> => api('GET /api/decks');

/**
 * A join by an id no room has, or one that takes no one more (the words tell which): Colyseus's
 * code for it, or the HTTP status the matchmaker answers it with (matchmaker.ts), which is what
 * colyseus.js's error carries.
 */
const NO_SUCH_ROOM = [4212, 404];

/**
 * A thrown error in words for people, in their language where the server says why by a code: an
 * account request refused (its `code`), a table that is not there or takes no one more. Anything
 * else in the server's own words.
 */
export function errorText(e: unknown, t: TFunction): string {
  // No answer at all: what to try, never the browser's words ("Failed to fetch", "[object ProgressEvent]").
  if (e instanceof CannotReach) return t(browserOffline() ? 'errors.offline' : 'errors.unreachable');
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof ApiProblem && e.code) return t(`errors.${e.code}`, { ...e.params, defaultValue: message });
  const serverCode = e instanceof Error && e.name === 'ServerError' ? Number((e as { code?: unknown }).code) : null;
  if (serverCode !== null && NO_SUCH_ROOM.includes(serverCode))
    return t(/locked/.test(message) ? 'errors.join/locked' : 'errors.join/not-found');
  if (serverCode === MATCHMAKE_ERROR_CODES.publicRated) return t('errors.create/public-rated');
  if (serverCode === MATCHMAKE_ERROR_CODES.ratedNeedsUsername && /needs-username/.test(message))
    return t('rated.needsUsername');
  // A join or reconnection refused for an account's reason says its code at the end of its words.
  const code = /\((account\/[a-z-]+)\)$/.exec(message)?.[1];
  // (A code with no words kept for it: the server's own words.)
  if (code) return t(`errors.${code}`, { defaultValue: message });
  return message;
}

/** A seat's name for people, in their language: the server sends who sits there as data. */
export function seatName(seat: Occupant | UnnamedOpponent, t: TFunction): string {
  switch (seat.kind) {
    case 'human':
      return seat.name;
    case 'opponent':
      return t('lobby.opponent');
    case 'bot':
      return t('lobby.botName', { n: seat.number, level: t(`levels.${seat.level}`) });
    case 'stand-in':
      return t('lobby.standIn', { name: seat.for });
  }
}

/** The signed-in account's campaign: every level with its stars and best time, and the level to play next. */
export const fetchCampaign = (): Promise<CampaignProgress> => api('GET /api/me/campaign');

/** The arenas: running, to come, just finished (docs/arenas.md). */
export const fetchArenas = (): Promise<ArenasAnswer> => api('GET /api/arenas');

/** An arena with its standings, and where this account stands in it. */
export const fetchArena = (id: string): Promise<ArenaAnswer> => api('GET /api/arenas/:id', { params: { id } });

/** Enters the arena's lobby, or says this player is still in it: the arena as it now stands. */
export const enterArena = (id: string): Promise<ArenaAnswer> => api('POST /api/arenas/:id/join', { params: { id } });

/** Leaves the arena's lobby (the points stay). */
export const leaveArena = (id: string): Promise<void> => api('DELETE /api/arenas/:id/join', { params: { id } });

/** The arenas a player played, with their places. */
export const fetchPlayerArenas = (id: string): Promise<PlayerArenasAnswer> =>
  api('GET /api/players/:id/arenas', { params: { id } });

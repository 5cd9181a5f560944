import type {
  ArenaAnswer,
  ArenasAnswer,
  CampaignProgress,
  DailyAnswer,
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
} from '@ubongo/core';
import { MATCHMAKE_ERROR_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { Client } from 'colyseus.js';
import type { TFunction } from 'i18next';
import { AccountProblem, sessionToken } from './account.js';

/*
 * The connection to the game server (docs/protocol.md): rooms through colyseus.js, records and
 * deck lists over HTTP. The client holds no rules; what it sends and receives is typed by core's
 * protocol module, the one the server sends with.
 */

/** The server: the page's own origin, or the dev server's neighbour during `vite` development. */
export const serverUrl = (): string => (import.meta.env.DEV ? 'http://localhost:2567' : window.location.origin);

let client: Client | undefined;
/** The one colyseus.js client of the page, signed in with the player's account (account.ts). */
export async function gameClient(): Promise<Client> {
  client ??= new Client(serverUrl());
  client.auth.token = await sessionToken();
  return client;
}

/** A joined room of a kind: its messages are typed by the protocol (the brand exists for the type checker only). */
export type GameRoom<R extends RoomName> = Room & { readonly __protocol?: R };

/** A room's join options, less the protocol version, which is filled in here. */
export type JoinOptions<R extends RoomName> = Omit<Rooms[R]['join'], 'protocol'>;

/** Creates a room of a kind. */
export async function createRoom<R extends RoomName>(name: R, options: JoinOptions<R>): Promise<GameRoom<R>> {
  return (await gameClient()).create(name, { ...options, protocol: PROTOCOL_VERSION });
}

/** Joins a race table by its code. */
export async function joinTable(code: string, options: JoinOptions<'race'> = {}): Promise<GameRoom<'race'>> {
  return (await gameClient()).joinById(code, { ...options, protocol: PROTOCOL_VERSION });
}

/** A public table with a free seat, or a new one. */
export async function quickMatch(options: JoinOptions<'race'>): Promise<GameRoom<'race'>> {
  return (await gameClient()).joinOrCreate('race', { ...options, public: true, protocol: PROTOCOL_VERSION });
}

/** An edition's rated queue (players with a username): it finds a table and says its code. */
export async function ratedQueue(edition: RaceEdition): Promise<GameRoom<'rated'>> {
  return (await gameClient()).joinOrCreate('rated', { edition, protocol: PROTOCOL_VERSION });
}

/** Comes back to a room after a reload or a dropped connection. */
export async function rejoin(token: string): Promise<GameRoom<'race'>> {
  return (await gameClient()).reconnect(token);
}

/** Sends a message of the room's kind; a message with an empty body needs none. */
export function send<R extends RoomName, K extends keyof Rooms[R]['client'] & string>(
  room: GameRoom<R>,
  type: K,
  ...body: Rooms[R]['client'][K] extends Record<string, never> ? [] : [Rooms[R]['client'][K]]
): void {
  room.send(type, body[0] ?? {});
}

/** An answer of the API that was not 2xx: its status. */
export class HttpError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`${path}: HTTP ${status}`);
  }
}

async function getJson<T>(path: string): Promise<T> {
  // Same origin: the server that served the page, or Vite's proxy to it during development.
  const res = await fetch(path);
  if (!res.ok) throw new HttpError(path, res.status);
  return (await res.json()) as T;
}

/** The best solo results for a mode, limit and side. */
export async function fetchRecords(mode: SoloMode, limit: number, side: Side): Promise<RecordsAnswer['records']> {
  const body = await getJson<RecordsAnswer>(`/api/records?mode=${mode}&limit=${limit}&side=${side}&top=10`);
  return body.records;
}

/** The best solo results of a mode, limit and side in a period (the last day or week, or all time). */
export async function fetchRecordsOf(
  mode: SoloMode,
  limit: number,
  side: Side,
  period: 'day' | 'week' | 'all',
): Promise<RecordsAnswer['records']> {
  const body = await getJson<RecordsAnswer>(
    `/api/records?mode=${mode}&limit=${limit}&side=${side}&period=${period}&top=20`,
  );
  return body.records;
}

/** A player's profile: ratings, their history, solo bests. */
export function fetchProfile(id: string): Promise<ProfileAnswer> {
  return getJson<ProfileAnswer>(`/api/players/${encodeURIComponent(id)}`);
}

/** The signed-in account's own runs under review (only it sees them). */
export async function fetchHeld(): Promise<HeldAnswer['runs']> {
  const res = await fetch('/api/me/held', { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new Error(`/api/me/held: HTTP ${res.status}`);
  return ((await res.json()) as HeldAnswer).runs;
}

/** A stored game played again, round by round. */
export function fetchReplay(id: string): Promise<ReplayAnswer> {
  return getJson<ReplayAnswer>(`/api/games/${encodeURIComponent(id)}/replay`);
}

/** A solo run with its puzzles and, while kept, their moves (with this browser's session: a daily run shows to a player who has played its day). */
export async function fetchRun(id: string): Promise<SoloRunAnswer> {
  const path = `/api/runs/${encodeURIComponent(id)}`;
  const res = await fetch(path, { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new HttpError(path, res.status);
  return (await res.json()) as SoloRunAnswer;
}

/** Today's daily puzzle: the date and, for this browser's account, its attempt and streak. */
export async function fetchDaily(): Promise<DailyAnswer> {
  const res = await fetch('/api/daily', { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new Error(`/api/daily: HTTP ${res.status}`);
  return (await res.json()) as DailyAnswer;
}

/** Storm's highs of the day, the week and all time, and this browser's account's own. */
export async function fetchStormHighs(): Promise<StormHighsAnswer> {
  const res = await fetch('/api/storm/highs', { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new Error(`/api/storm/highs: HTTP ${res.status}`);
  return (await res.json()) as StormHighsAnswer;
}

/** A day's daily board, fastest first. */
export function fetchDailyBoard(date: string): Promise<DailyBoardAnswer> {
  return getJson<DailyBoardAnswer>(`/api/daily/${encodeURIComponent(date)}/board?top=20`);
}

/** A past day's daily puzzle with a solution. */
export function fetchDailySolution(date: string): Promise<DailySolutionAnswer> {
  return getJson<DailySolutionAnswer>(`/api/daily/${encodeURIComponent(date)}/solution`);
}

/** The best ratings of an edition. */
/** An edition's rating board, with this browser's place on it (or the rated games it still needs). */
export async function fetchLeaderboard(edition: RaceEdition): Promise<LeaderboardAnswer> {
  const path = `/api/leaderboard?edition=${edition}&top=50`;
  const res = await fetch(path, { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new HttpError(path, res.status);
  return (await res.json()) as LeaderboardAnswer;
}

/** The season under way and the past ones. */
export function fetchSeasons(): Promise<SeasonsAnswer> {
  return getJson<SeasonsAnswer>('/api/seasons');
}

/** A season's board of an edition. */
export function fetchSeasonBoard(season: string, edition: RaceEdition): Promise<SeasonBoardAnswer> {
  return getJson<SeasonBoardAnswer>(`/api/seasons/${encodeURIComponent(season)}/board?edition=${edition}&top=50`);
}

/** A player's past seasons. */
export function fetchPlayerSeasons(id: string): Promise<PlayerSeasonsAnswer> {
  return getJson<PlayerSeasonsAnswer>(`/api/players/${encodeURIComponent(id)}/seasons`);
}

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
  let res: Response;
  try {
    res = await fetch('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionToken()}` },
      body: JSON.stringify(report),
    });
  } catch (e) {
    return { outcome: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
  switch (res.status) {
    case 201:
      return { outcome: 'sent' };
    case 409:
      return { outcome: 'already' };
    case 401:
    case 403:
      return { outcome: 'sign-in' };
    case 404:
      return { outcome: 'missing' };
    case 429: {
      const seconds = Number(res.headers.get('retry-after'));
      return { outcome: 'too-many', seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
    }
    default: {
      const body = (await res.json().catch(() => ({}))) as { error?: unknown };
      return { outcome: 'failed', message: typeof body.error === 'string' ? body.error : `HTTP ${res.status}` };
    }
  }
}

/** The boards and tasks of both decks. */
export function fetchDecks(): Promise<DeckIndex> {
  return getJson<DeckIndex>('/api/decks');
}

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
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof AccountProblem && e.code) return t(`errors.${e.code}`, { ...e.params, defaultValue: message });
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
export function seatName(seat: Occupant, t: TFunction): string {
  switch (seat.kind) {
    case 'human':
      return seat.name;
    case 'bot':
      return t('lobby.botName', { n: seat.number, level: t(`levels.${seat.level}`) });
    case 'stand-in':
      return t('lobby.standIn', { name: seat.for });
  }
}

/** The signed-in account's campaign: every level with its stars and best time, and the level to play next. */
export async function fetchCampaign(): Promise<CampaignProgress> {
  const res = await fetch('/api/me/campaign', { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new Error(`/api/me/campaign: HTTP ${res.status}`);
  return (await res.json()) as CampaignProgress;
}

/** The arenas: running, to come, just finished (docs/arenas.md). */
export function fetchArenas(): Promise<ArenasAnswer> {
  return getJson<ArenasAnswer>('/api/arenas');
}

/** An arena with its standings, and where this account stands in it. */
export async function fetchArena(id: string): Promise<ArenaAnswer> {
  const path = `/api/arenas/${encodeURIComponent(id)}`;
  const res = await fetch(path, { headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new HttpError(path, res.status);
  return (await res.json()) as ArenaAnswer;
}

/** Enters the arena's lobby, or says this player is still in it: the arena as it now stands. */
export async function enterArena(id: string): Promise<ArenaAnswer> {
  const path = `/api/arenas/${encodeURIComponent(id)}/join`;
  const res = await fetch(path, { method: 'POST', headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new HttpError(path, res.status);
  return (await res.json()) as ArenaAnswer;
}

/** Leaves the arena's lobby (the points stay). */
export async function leaveArena(id: string): Promise<void> {
  const path = `/api/arenas/${encodeURIComponent(id)}/join`;
  const res = await fetch(path, { method: 'DELETE', headers: { authorization: `Bearer ${await sessionToken()}` } });
  if (!res.ok) throw new HttpError(path, res.status);
}

/** The arenas a player played, with their places. */
export function fetchPlayerArenas(id: string): Promise<PlayerArenasAnswer> {
  return getJson<PlayerArenasAnswer>(`/api/players/${encodeURIComponent(id)}/arenas`);
}

import type { DeckEdition, RaceEdition } from '@ubongo/core';
import type { Account, Accounts, Session } from '../accounts/store.js';
import type { AccountLink, Friends } from '../friends/store.js';
import type { Arena, ArenaEntry, ArenaGameResult, Arenas } from '../arena/store.js';
import type {
  Attempt,
  PlayerRating,
  PuzzleRating,
  RateAttempt,
  RatedGame,
  RatedRecord,
  Ratings,
  SolverRating,
  SolverTime,
  TaskTime,
  TimedAttemptRecord,
} from '../rating/store.js';
import type { CampaignMark, CampaignMarks } from '../solo/courses/campaign-store.js';
import type { DailyAttempt, DailyAttempts, DailyBoardEntry, DailySettling } from '../solo/courses/daily-store.js';
import type { GameRecord, Games, Journal, JournalEntry, LiveGame, LiveTable } from '../table/store.js';
import type {
  RecordQuery,
  RunPage,
  SoloSummary,
  StoredSoloRun,
  TrailPruning,
  SoloRecord,
  SoloRuns,
} from '../solo/store.js';
import type { Named, SeasonResult, Seasons, SeasonStart, SeasonTurn } from '../rating/season-store.js';
import type { HeldClaim, Reviewed, Reviews } from '../solo/review-store.js';
import type { Report, Reports } from '../accounts/report-store.js';
import type { Storage } from '../storage.js';

/** The five stores of one backend as one `Storage`. */
export interface StoreSet {
  readonly games: Games;
  readonly soloRuns: SoloRuns & CampaignMarks & Reports;
  readonly daily: DailyAttempts;
  readonly ratings: Ratings & Seasons;
  readonly accounts: Accounts;
  readonly reviews: Reviews;
  readonly friends: Friends;
  readonly arenas: Arenas;
}

/**
 * A `Storage` made of its five stores: each call goes to the store of its concern. A backend's
 * class (MemoryStorage, SqliteStorage, PostgresStorage) builds its stores and says how to close
 * them; the calls are methods of the class, so that a test may override one.
 */
export abstract class CombinedStorage implements Storage {
  readonly #games: Games;
  readonly #soloRuns: SoloRuns & CampaignMarks & Reports;
  readonly #daily: DailyAttempts;
  readonly #ratings: Ratings & Seasons;
  readonly #accounts: Accounts;
  readonly #reviews: Reviews;
  readonly #friends: Friends;
  readonly #arenas: Arenas;

  protected constructor(stores: StoreSet) {
    this.#games = stores.games;
    this.#soloRuns = stores.soloRuns;
    this.#daily = stores.daily;
    this.#ratings = stores.ratings;
    this.#accounts = stores.accounts;
    this.#reviews = stores.reviews;
    this.#friends = stores.friends;
    this.#arenas = stores.arenas;
  }

  abstract close(): Promise<void>;

  get owner(): string {
    return this.#games.owner;
  }

  saveGame(record: GameRecord): Promise<void> {
    return this.#games.saveGame(record);
  }
  beginGame(game: LiveGame): Promise<void> {
    return this.#games.beginGame(game);
  }
  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    return this.#games.journal(gameId, seq, entry);
  }
  voidJournal(gameId: string, fromSeq: number): Promise<void> {
    return this.#games.voidJournal(gameId, fromSeq);
  }
  liveGames(skip?: (gameId: string, error: Error) => void): Promise<Journal[]> {
    return this.#games.liveGames(skip);
  }
  keepTable(table: LiveTable): Promise<void> {
    return this.#games.keepTable(table);
  }
  dropTable(code: string): Promise<void> {
    return this.#games.dropTable(code);
  }
  liveTables(skip?: (code: string, error: Error) => void): Promise<LiveTable[]> {
    return this.#games.liveTables(skip);
  }
  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    return this.#games.voidedEntries();
  }
  game(id: string): Promise<GameRecord | undefined> {
    return this.#games.game(id);
  }

  saveSolo(record: SoloRecord): Promise<number> {
    return this.#soloRuns.saveSolo(record);
  }
  records(query: RecordQuery): Promise<StoredSoloRun[]> {
    return this.#soloRuns.records(query);
  }
  soloResultsOf(accountId: string, page?: RunPage): Promise<StoredSoloRun[]> {
    return this.#soloRuns.soloResultsOf(accountId, page);
  }
  soloSummary(accountId: string): Promise<SoloSummary> {
    return this.#soloRuns.soloSummary(accountId);
  }
  soloRun(id: number): Promise<StoredSoloRun | undefined> {
    return this.#soloRuns.soloRun(id);
  }
  pruneTrails(rules: TrailPruning): Promise<number> {
    return this.#soloRuns.pruneTrails(rules);
  }
  saveReport(report: Report): Promise<boolean> {
    return this.#soloRuns.saveReport(report);
  }
  reports(): Promise<Report[]> {
    return this.#soloRuns.reports();
  }
  campaignProgress(accountId: string): Promise<CampaignMark[]> {
    return this.#soloRuns.campaignProgress(accountId);
  }
  markCampaignLevel(mark: CampaignMark): Promise<CampaignMark> {
    return this.#soloRuns.markCampaignLevel(mark);
  }

  takeDailyAttempt(accountId: string, day: string, startedAt: number): Promise<boolean> {
    return this.#daily.takeDailyAttempt(accountId, day, startedAt);
  }
  settleDailyAttempt(accountId: string, day: string, run: DailySettling): Promise<void> {
    return this.#daily.settleDailyAttempt(accountId, day, run);
  }
  dailyAttempt(accountId: string, day: string): Promise<DailyAttempt | undefined> {
    return this.#daily.dailyAttempt(accountId, day);
  }
  dailySolvedDays(accountId: string, day: string, top: number): Promise<string[]> {
    return this.#daily.dailySolvedDays(accountId, day, top);
  }
  dailyBoard(day: string, page: { readonly top: number; readonly offset?: number }): Promise<DailyBoardEntry[]> {
    return this.#daily.dailyBoard(day, page);
  }
  dailySecret(): Promise<string> {
    return this.#daily.dailySecret();
  }
  createArena(arena: Arena): Promise<boolean> {
    return this.#arenas.createArena(arena);
  }
  arena(id: string): Promise<Arena | undefined> {
    return this.#arenas.arena(id);
  }
  arenas(from: number, to: number, limit: number): Promise<Arena[]> {
    return this.#arenas.arenas(from, to, limit);
  }
  cancelArena(id: string): Promise<boolean> {
    return this.#arenas.cancelArena(id);
  }
  enterArena(arenaId: string, accountId: string, at: number): Promise<void> {
    return this.#arenas.enterArena(arenaId, accountId, at);
  }
  leaveArenaLobby(arenaId: string, accountId: string): Promise<void> {
    return this.#arenas.leaveArenaLobby(arenaId, accountId);
  }
  arenaEntries(arenaId: string): Promise<ArenaEntry[]> {
    return this.#arenas.arenaEntries(arenaId);
  }
  seatArenaTable(arenaId: string, accountIds: readonly string[], table: string): Promise<boolean> {
    return this.#arenas.seatArenaTable(arenaId, accountIds, table);
  }
  endArenaTable(arenaId: string, table: string, results: readonly ArenaGameResult[]): Promise<void> {
    return this.#arenas.endArenaTable(arenaId, table, results);
  }
  arenasOf(accountId: string, limit: number): Promise<Arena[]> {
    return this.#arenas.arenasOf(accountId, limit);
  }

  ratingsOf(accountId: string): Promise<PlayerRating[]> {
    return this.#ratings.ratingsOf(accountId);
  }
  saveRatings(gameId: string, ratings: readonly (PlayerRating & { readonly place?: number })[]): Promise<void> {
    return this.#ratings.saveRatings(gameId, ratings);
  }
  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    return this.#ratings.ratingHistory(accountId, edition);
  }
  ratedRecord(accountId: string, edition: RaceEdition): Promise<RatedRecord> {
    return this.#ratings.ratedRecord(accountId, edition);
  }
  ratedGames(accountId: string, edition: RaceEdition, since: number): Promise<RatedGame[]> {
    return this.#ratings.ratedGames(accountId, edition, since);
  }
  countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> {
    return this.#ratings.countAttempts(attempts, rate);
  }
  puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    return this.#ratings.puzzleRating(task);
  }
  savePuzzleRating(rating: PuzzleRating): Promise<void> {
    return this.#ratings.savePuzzleRating(rating);
  }
  puzzleRatings(prefix: string): Promise<PuzzleRating[]> {
    return this.#ratings.puzzleRatings(prefix);
  }
  solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined> {
    return this.#ratings.solverRating(accountId, edition);
  }
  saveSolverRating(rating: SolverRating): Promise<void> {
    return this.#ratings.saveSolverRating(rating);
  }
  taskTimes(prefix: string): Promise<TaskTime[]> {
    return this.#ratings.taskTimes(prefix);
  }
  solverTime(accountId: string, edition: DeckEdition): Promise<SolverTime | undefined> {
    return this.#ratings.solverTime(accountId, edition);
  }
  timedAttempts(prefix: string): Promise<TimedAttemptRecord[]> {
    return this.#ratings.timedAttempts(prefix);
  }
  leaderboard(
    edition: RaceEdition,
    top: number,
    skip?: number,
  ): Promise<(PlayerRating & { name: string; username: string | null; lastGame: string | null })[]> {
    return this.#ratings.leaderboard(edition, top, skip);
  }
  turnSeason(turn: SeasonTurn): Promise<boolean> {
    return this.#ratings.turnSeason(turn);
  }
  seasonsTurned(): Promise<SeasonStart[]> {
    return this.#ratings.seasonsTurned();
  }
  seasonBoard(
    edition: RaceEdition,
    since: number,
    top: number,
    skip?: number,
  ): Promise<(Named & { accountId: string; mu: number; sigma: number; games: number })[]> {
    return this.#ratings.seasonBoard(edition, since, top, skip);
  }
  seasonResults(season: string, edition: RaceEdition, top: number, skip?: number): Promise<(SeasonResult & Named)[]> {
    return this.#ratings.seasonResults(season, edition, top, skip);
  }
  playerSeasons(accountId: string): Promise<(SeasonResult & { of: number })[]> {
    return this.#ratings.playerSeasons(accountId);
  }

  createAccount(account: Account): Promise<void> {
    return this.#accounts.createAccount(account);
  }
  account(id: string): Promise<Account | undefined> {
    return this.#accounts.account(id);
  }
  accountByUsername(key: string): Promise<Account | undefined> {
    return this.#accounts.accountByUsername(key);
  }
  accountBySkeleton(skeleton: string): Promise<Account | undefined> {
    return this.#accounts.accountBySkeleton(skeleton);
  }
  claimAccount(id: string, username: string, key: string, passwordHash: string, skeleton: string): Promise<boolean> {
    return this.#accounts.claimAccount(id, username, key, passwordHash, skeleton);
  }
  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.#accounts.setPassword(id, passwordHash);
  }
  renameAccount(id: string, name: string): Promise<void> {
    return this.#accounts.renameAccount(id, name);
  }
  createSession(session: Session): Promise<void> {
    return this.#accounts.createSession(session);
  }
  session(tokenHash: string): Promise<Session | undefined> {
    return this.#accounts.session(tokenHash);
  }
  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    return this.#accounts.revokeSessions(which, at);
  }
  flagAccount(id: string, reason: string, at: number): Promise<void> {
    return this.#accounts.flagAccount(id, reason, at);
  }
  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    return this.#accounts.flaggedAccounts();
  }

  holdClaim(claim: HeldClaim): Promise<void> {
    return this.#reviews.holdClaim(claim);
  }
  heldPlayers(gameId: string): Promise<string[]> {
    return this.#reviews.heldPlayers(gameId);
  }
  reviews(all?: boolean): Promise<Reviewed[]> {
    return this.#reviews.reviews(all);
  }
  decide(id: string, review: 'released' | 'rejected'): Promise<Reviewed | undefined> {
    return this.#reviews.decide(id, review);
  }

  setAccountLink(link: AccountLink): Promise<void> {
    return this.#friends.setAccountLink(link);
  }
  dropAccountLink(from: string, to: string): Promise<void> {
    return this.#friends.dropAccountLink(from, to);
  }
  accountLinks(accountId: string): Promise<AccountLink[]> {
    return this.#friends.accountLinks(accountId);
  }
}

import type {
  Belief,
  RatingChange,
  DeckEdition,
  Occupant,
  PlayerId,
  RaceAction,
  RaceConfig,
  RaceEdition,
  RaceResult,
  RaceSettings,
  SoloDealing,
  SoloMode,
  SoloPuzzleTime,
  SoloRecordEntry,
  Side,
  TrailMove,
} from '@ubongo/core';
import type { ListedDealing } from './leaderboards.js';

/** A seat of a stored game. */
export interface StoredSeat {
  readonly id: string;
  readonly name: string;
  readonly kind: 'human' | 'bot';
  readonly level?: string;
  /** Who sat there, as the lobby said (kept since 2026-11-27: older records have only the name). */
  readonly occupant?: Occupant;
  /** A person's account (kept since 2026-11-28): their name in a replay links to their profile. */
  readonly accountId?: string;
}

/** Everything needed to replay a game exactly: configuration, seed and every accepted action with its time. */
export interface GameRecord {
  readonly id: string;
  readonly config: RaceConfig;
  readonly seed: number;
  readonly seats: readonly StoredSeat[];
  readonly actions: readonly { readonly at: number; readonly action: RaceAction }[];
  /** Undefined for a game the server stopped before it ended. */
  readonly result: RaceResult | undefined;
  readonly startedAt: number;
  readonly finishedAt: number;
}

/** A seat of a game under way, as the journal keeps it: who sits there, and the hash of the seat's key. */
export interface JournalSeat {
  readonly id: PlayerId;
  readonly occupant: Occupant;
  readonly side: Side;
  /** SHA-256 (hex) of the key a person comes back to the seat with after a restart; bots have none. */
  readonly keyHash?: string;
  /** A person's account, and whether it has a username (a rated game's players). */
  readonly accountId?: string;
  readonly claimed?: boolean;
}

/** A seat of a table between games (`LiveTable`): a journal seat, and whether its player is ready. */
export interface TableSeat extends JournalSeat {
  readonly ready: boolean;
}

/**
 * A table between games, kept so that it comes back after a restart (docs/operations.md, the
 * journal): a lobby, or a finished game's table until its rematch. A table whose game is under
 * way is the journal's (`LiveGame`), not kept here.
 */
export interface LiveTable {
  /** The room's id: the table's code, which players come back to. */
  readonly code: string;
  readonly public: boolean;
  readonly settings: RaceSettings;
  readonly seats: readonly TableSeat[];
  /** The host's seat (an index into `seats`); -1 for none. */
  readonly host: number;
  /** The finished game the table shows until a rematch; null for a lobby. */
  readonly game: string | null;
  /** The finished game's rating changes, said again to whoever comes back (`saved`); absent for none. */
  readonly ratings?: readonly RatingChange[];
  /** Game time when it was kept. */
  readonly savedAt: number;
}

/** A game under way, as the journal keeps it: what a restarted server needs to resume it. */
export interface LiveGame {
  /** The game's id (its record's, once stored). */
  readonly id: string;
  /** The room's id: the table's code, which players come back to. */
  readonly room: string;
  readonly public: boolean;
  readonly config: RaceConfig;
  readonly seed: number;
  readonly startedAt: number;
  readonly seats: readonly JournalSeat[];
  /** A rated game (moves its players' ratings when it ends). */
  readonly rated?: boolean;
  /** An arena's game: the arena and the accounts it seated at the table (its points go there when it ends). */
  readonly arena?: LiveArena;
}

/** The arena a game under way is played for (`LiveGame`). */
export interface LiveArena {
  readonly arenaId: string;
  readonly accounts: readonly string[];
}

/** A deck task's rating (puzzles.ts), learned from players' first attempts. */
export interface PuzzleRating {
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly mu: number;
  readonly sigma: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** An attempt at a task, to be counted if it is its account's first (puzzles.ts). */
export interface Attempt {
  readonly accountId: string;
  readonly edition: DeckEdition;
  /** `edition/board/side/key`. */
  readonly task: string;
  /** The task's rating before anyone attempted it (from its difficulty). */
  readonly start: Skill;
  /** A solver rating before any attempt. */
  readonly fresh: Skill;
  readonly solved: boolean;
  readonly at: number;
  /** Its time: ms from the deal to the verified solve; not solved, to when it ended (censored there). */
  readonly ms: number;
  /** Where the time model's beliefs start (core's time-model.ts): the task's from its static difficulty, a new solver's. */
  readonly prior: { readonly task: Belief; readonly solver: Belief };
}

/** A task's belief in the time model (core's time-model.ts): its ln-seconds difficulty, learned from first attempts' times. */
export interface TaskTime {
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly mean: number;
  readonly variance: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** A solver's belief in the time model in one edition: their skill in ln-seconds (0: the casual bot). */
export interface SolverTime {
  readonly accountId: string;
  readonly edition: DeckEdition;
  readonly mean: number;
  readonly variance: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** A first attempt as stored for the batch fit (`ubongo deck calibrate`): who, which task, its time, solved or censored, when. */
export interface TimedAttemptRecord {
  readonly accountId: string;
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly ms: number;
  readonly solved: boolean;
  readonly at: number;
}

/** An openskill rating: mean and uncertainty. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** One game of a solver against a task: both ratings after it. */
export type RateAttempt = (solver: Skill, task: Skill, solved: boolean) => { solver: Skill; task: Skill };

/** A player's rating in one edition (ratings.ts): openskill's mu and sigma, and how many games made it. */
export interface PlayerRating {
  readonly accountId: string;
  readonly edition: RaceEdition;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly updatedAt: number;
}

/** An account's rated play in an edition, as its rating history says it (ratings that cannot be bought, rating-rules.ts). */
export interface RatedRecord {
  /** Rated games it played. */
  readonly games: number;
  /** When its first rated game ended; null: none. */
  readonly firstAt: number | null;
  /** Different accounts rated in the same games. */
  readonly opponents: number;
}

/** An account's rated game: when, its place, and the others rated in it (with their first rated game in the edition). */
export interface RatedGame {
  readonly gameId: string;
  readonly at: number;
  /** 1 best; null for a game rated before places were kept (2026-11-27). */
  readonly place: number | null;
  readonly others: readonly { readonly accountId: string; readonly place: number | null; readonly firstAt: number }[];
}

/** One thing that happened in a game under way, at its game time: an accepted action, or a bot standing in. */
export type JournalEntry =
  | { readonly at: number; readonly kind: 'action'; readonly action: RaceAction }
  | { readonly at: number; readonly kind: 'stand-in'; readonly player: PlayerId };

/** A game under way and its journal so far, in order. */
export interface Journal {
  readonly game: LiveGame;
  readonly entries: readonly { readonly seq: number; readonly entry: JournalEntry }[];
  /** The seq the next entry takes: past every entry the game ever had, set apart ones included. */
  readonly nextSeq: number;
}

/** A player's account: a guest's until claimed with a username and a password. */
export interface Account {
  readonly id: string;
  /** SHA-256 (hex) of the guest's secret, which the browser keeps; '' once revoked (the account claimed). */
  readonly secretHash: string;
  /** The name shown at tables and in records. */
  readonly name: string;
  /** Null for a guest. */
  readonly username: string | null;
  /** scrypt, as `scrypt$N$r$p$salt$hash` (base64url); null for a guest. */
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

/** A signed-in session: the hash of its token, whose account, until when. */
export interface Session {
  readonly tokenHash: string;
  readonly accountId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** When it was signed out; null while it holds. */
  readonly revokedAt: number | null;
}

/** A finished solo game, the record a player tries to beat: its result, who, with which seed, when. */
export interface SoloRecord extends SoloRecordEntry {
  /** The account that played it (null for results stored before accounts). */
  readonly accountId: string | null;
  /** False when a solve came faster than a person can (docs/accounts.md): kept, never listed. */
  readonly verified: boolean;
  /** Each puzzle of the run, in order (none for runs stored before they were kept). */
  readonly puzzles?: readonly SoloPuzzle[];
  /** How the run was dealt: shuffled boards (the default), or tasks at the player's level, never listed. */
  readonly dealing?: SoloDealing;
  /** Where the run stands with review (`Reviews`): 'none' unless the plausibility model held it. */
  readonly review?: Review;
  /** Why the run was held (the model's findings), none if it was not. */
  readonly reasons?: readonly string[];
}

/**
 * A result's review (docs/accounts.md, "Held results"): none; held by the plausibility model
 * (kept, shown to its owner as under review, never listed nor rated); released by an operator
 * (listed as any other); rejected by an operator (kept, never listed).
 */
export const REVIEWS = ['none', 'held', 'released', 'rejected'] as const;
export type Review = (typeof REVIEWS)[number];

/** A rated claim the plausibility model held: the game, the player's seat and account, why, when. */
export interface HeldClaim {
  readonly gameId: string;
  readonly player: string;
  readonly accountId: string;
  readonly reasons: readonly string[];
  readonly at: number;
}

/** A result under review, or reviewed: a solo run or a rated claim, with its id for `Reviews.decide`. */
export type Reviewed = {
  /** `run-N` (a solo run's row) or `claim-N`. */
  readonly id: string;
  readonly review: Review;
  readonly reasons: readonly string[];
  readonly accountId: string | null;
  readonly at: number;
} & (
  | { readonly kind: 'run'; readonly run: SoloRecord }
  | { readonly kind: 'claim'; readonly gameId: string; readonly player: string }
);

/** A puzzle of a solo run (its time from its deal to its solve, setting aside or the run's end), with the moves of a solve. */
export interface SoloPuzzle extends SoloPuzzleTime {
  readonly trail?: readonly TrailMove[];
}

/** A player's level at solving an edition's puzzles, learned from first attempts as the puzzles' are. */
export interface SolverRating {
  readonly accountId: string;
  readonly edition: DeckEdition;
  readonly mu: number;
  readonly sigma: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** Which solo records to list. */
export interface RecordQuery {
  readonly mode: SoloMode;
  readonly limit?: number;
  readonly side?: Side;
  /** How many to list (10 unless said). */
  readonly top?: number;
  /** How many of the list to pass over first (a page's cursor: the place it starts at). */
  readonly skip?: number;
  /** Only results finished at or after this time (a leaderboard of today, of this week). */
  readonly since?: number;
  /**
   * Whose runs: `established` for a public board (claimed accounts with a history, docs/accounts.md,
   * `ESTABLISHED`), `anyone` for every listed run (what an operator or a test looks at).
   */
  readonly from: 'established' | 'anyone';
  /**
   * Which board: the solo records (runs dealt shuffled, the default) or Storm's highs (Storm's runs:
   * `LISTED` but for the dealing, docs/courses.md).
   */
  readonly dealing?: ListedDealing;
  /** Only this account's runs (its own highs). */
  readonly accountId?: string;
}

/**
 * A stored solo run as lists give it: its row `id` (what its replay is fetched by), its result and
 * each puzzle's time, never the puzzles' move trails (`soloRun` alone reads those); the account's
 * username beside the display name (null for a guest or no account).
 */
export interface StoredSoloRun extends SoloRecord {
  readonly id: number;
  readonly username: string | null;
}

/** A page of an account's runs, newest first: `before` is the cursor the last page gave (`runCursor`). */
export interface RunPage {
  readonly top: number;
  readonly before?: { readonly finishedAt: number; readonly id: number };
  /**
   * Which runs by review: 'public' leaves out those held or rejected (leaderboards.ts's
   * `UNLISTED_REVIEWS`: on no public page), 'held' is those alone (their owner's list); every run if unsaid.
   */
  readonly review?: 'public' | 'held';
}

/** An account's solo runs in sum, read without a run's puzzles: what a profile shows. */
export interface SoloSummary {
  /** Verified runs. */
  readonly runs: number;
  /** Over the verified runs: the puzzles solved, and their time (a run's own puzzles where kept, else its time). */
  readonly solvedCount: number;
  readonly solvedMs: number;
  /** The best listed run of each setting (mode, length, side), by setting. */
  readonly best: readonly StoredSoloRun[];
}

/** A report of a board entry by a signed-in player, for an operator to look at. */
export interface Report {
  readonly reporter: string;
  /** A solo run (`run`, its id) or a player on a rating board (`player`, the account id). */
  readonly kind: 'run' | 'player';
  readonly target: string;
  readonly reason: string;
  readonly at: number;
}

/** What `pruneTrails` drops: unverified runs' trails older than a time; an account's beyond a count. */
export interface TrailPruning {
  /** The trails of unverified runs finished before this time go. */
  readonly unverifiedBefore: number;
  /** Each account keeps the trails of at most this many runs: its listed bests, then its newest. */
  readonly keepPerAccount: number;
  /** Only this account's runs (a run just stored); every account's unless said. */
  readonly accountId?: string;
}

/**
 * An account's attempt at a day's daily puzzle (docs/courses.md): taken as its first run of the day
 * starts, settled as that run is stored. Only an attempt counts for the day's board and the streak.
 */
export interface DailyAttempt {
  readonly accountId: string;
  /** The UTC date, `YYYY-MM-DD`. */
  readonly day: string;
  /** When the run started, on the server's clock. */
  readonly startedAt: number;
  /** The stored run, once stored (null: started, never stored, as when the player left). */
  readonly run: number | null;
  readonly solved: boolean;
  /**
   * The time of the solve (or of the run, unsolved), once settled; null while the attempt is not
   * settled (its run under way, or its server gone before it ended).
   */
  readonly ms: number | null;
  readonly verified: boolean;
}

/** A line of a day's board: a counted attempt, solved, verified, not held, by an established player. */
export interface DailyBoardEntry {
  readonly accountId: string;
  readonly name: string;
  readonly username: string | null;
  readonly run: number;
  readonly ms: number;
}

/** What settles a daily attempt: its stored run (none if it was left), and how it went. */
export interface DailySettling {
  readonly id: number | null;
  readonly solved: boolean;
  readonly ms: number;
  readonly verified: boolean;
}

/** A scheduled arena (migration 023, `arenas`; docs/arenas.md). Times are game time. */
export interface Arena {
  readonly id: string;
  readonly name: string;
  readonly edition: RaceEdition;
  /** Rounds of each game. */
  readonly rounds: number;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly createdAt: number;
}

/** A player's entry in an arena (`arena_entries`): their sum, and where they are now. */
export interface ArenaEntry {
  readonly arenaId: string;
  readonly accountId: string;
  /** The account's name and username (from `accounts`). */
  readonly name: string;
  readonly username: string | null;
  readonly joinedAt: number;
  readonly points: number;
  readonly wins: number;
  readonly games: number;
  /** Since when the player waits in the arena's lobby; null when not waiting. */
  readonly waitingSince: number | null;
  /** When the player last said they are in the lobby. */
  readonly seenAt: number;
  /** The table (room code) the player is seated at; null when none. */
  readonly table: string | null;
}

/** An arena game's result for one player, added to their entry. */
export interface ArenaGameResult {
  readonly accountId: string;
  readonly points: number;
  readonly win: boolean;
}

/** Arenas (migration 023): scheduled tournaments, their entries, their tables. */
export interface Arenas {
  /** Stores a new arena; false (and nothing changed) when one has its id. */
  createArena(arena: Arena): Promise<boolean>;
  arena(id: string): Promise<Arena | undefined>;
  /** The arenas that end at or after `from` and start at or before `to`, by start then id, at most `limit`. */
  arenas(from: number, to: number, limit: number): Promise<Arena[]>;
  /** Removes an arena nobody has entered; false (nothing changed) when there is none such. */
  cancelArena(id: string): Promise<boolean>;
  /**
   * An account is in the arena's lobby at `at`: entered (once), waiting from now unless it waits
   * already or sits at a table; `seenAt` is `at`.
   */
  enterArena(arenaId: string, accountId: string, at: number): Promise<void>;
  /** An account leaves the arena's lobby: it no longer waits (its sum stays). */
  leaveArenaLobby(arenaId: string, accountId: string): Promise<void>;
  /** Every entry of an arena, by when it entered. */
  arenaEntries(arenaId: string): Promise<ArenaEntry[]>;
  /**
   * Seats waiting accounts at `table`, all or none: false (nothing changed) unless every one of
   * them waits and sits at no table (another process seated one first).
   */
  seatArenaTable(arenaId: string, accountIds: readonly string[], table: string): Promise<boolean>;
  /**
   * A table is over: its players leave it, and those in `results` who still sat at it get their
   * points, a game, and a win if they won (so a table's results count once).
   */
  endArenaTable(arenaId: string, table: string, results: readonly ArenaGameResult[]): Promise<void>;
  /** The arenas an account entered, the latest start first, at most `limit`. */
  arenasOf(accountId: string, limit: number): Promise<Arena[]>;
}

/** The daily puzzle's attempts (migration 016, `daily_attempts`): one an account a day. */
export interface DailyAttempts {
  /** Takes `accountId`'s attempt of `day` if it has none yet: true if taken now, false if it was taken already. */
  takeDailyAttempt(accountId: string, day: string, startedAt: number): Promise<boolean>;
  /**
   * Settles a taken attempt with its stored run, or with no run (`id` null: the player left it
   * unfinished); a second settling changes nothing.
   */
  settleDailyAttempt(accountId: string, day: string, run: DailySettling): Promise<void>;
  dailyAttempt(accountId: string, day: string): Promise<DailyAttempt | undefined>;
  /**
   * The days of `accountId`'s solved, verified attempts whose run is not held or rejected, up to `day`
   * (included), newest first, at most `top`: what its streak counts.
   */
  dailySolvedDays(accountId: string, day: string, top: number): Promise<string[]>;
  /**
   * The day's board, fastest first (then who started first): solved, verified attempts whose run is
   * not held or rejected, by established claimed accounts (as every public board). `offset` rows skipped.
   */
  dailyBoard(day: string, page: { readonly top: number; readonly offset?: number }): Promise<DailyBoardEntry[]>;
  /**
   * The server's own secret for the daily's draw (migration 020, `server_secrets`), made once, on
   * first asking, and the same for every process of the server ever after.
   */
  dailySecret(): Promise<string>;
}

/** Games: their records, and the journal of each game under way (what a restarted server resumes). */
export interface Games {
  /**
   * The process this store serves: its public address in a cluster, '' for a lone process. The
   * games it begins are that process's; a process restarted under the same name resumes them
   * (docs/operations.md, "Many processes").
   */
  readonly owner: string;
  /** Stores a game: its record replaces any before it, and the game is no longer under way (its journal is done). */
  saveGame(record: GameRecord): Promise<void>;
  /** A game starts: it is under way until `saveGame` stores its record. */
  beginGame(game: LiveGame): Promise<void>;
  /** Appends to a game's journal; durable (against a crash of the process) when the promise resolves. */
  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void>;
  /**
   * The journal of a game from `fromSeq` on no longer counts (a restart plays the interrupted round
   * again); the entries are kept, set apart, and no longer returned by `liveGames`.
   */
  voidJournal(gameId: string, fromSeq: number): Promise<void>;
  /**
   * Every game under way that this store's owner began, with the entries of its journal that
   * count, by game start then seq. A game whose row or journal cannot be read (a CorruptRowError)
   * fails the call, or, given `skip`, is left out and handed to it (it stays in the database, under
   * way), so that one bad game does not keep the others from resuming.
   */
  liveGames(skip?: (gameId: string, error: Error) => void): Promise<Journal[]>;
  /** The entries set apart by `voidJournal`, of every game, by game then seq (what a restart cost). */
  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]>;
  game(id: string): Promise<GameRecord | undefined>;
  /** Keeps a table between games (a lobby, a finished game's table) as this store's owner's; replaces any kept under its code. */
  keepTable(table: LiveTable): Promise<void>;
  /** Forgets the table `code` (closed, or its game began: the journal has it then); none kept is no error. */
  dropTable(code: string): Promise<void>;
  /**
   * Every table between games this store's owner keeps, by code. A row that cannot be read (a
   * CorruptRowError) fails the call, or, given `skip`, is left out and handed to it.
   */
  liveTables(skip?: (code: string, error: Error) => void): Promise<LiveTable[]>;
}

/** Solo runs: each finished one, the records they make, an account's own, its trails. */
export interface SoloRuns {
  /** Stores a finished run; its id (`StoredSoloRun.id`). */
  saveSolo(record: SoloRecord): Promise<number>;
  /**
   * The best listed results (leaderboards.ts's `listable`): most solved then fastest (timed),
   * fastest complete runs (count), from the accounts `query.from` says.
   */
  records(query: RecordQuery): Promise<StoredSoloRun[]>;
  /** An account's solo results, verified or not, newest first (a page of them, given `page`). */
  soloResultsOf(accountId: string, page?: RunPage): Promise<StoredSoloRun[]>;
  /** An account's runs in sum (`SoloSummary`), read from each run's summary. */
  soloSummary(accountId: string): Promise<SoloSummary>;
  /** One run with its puzzles' move trails where still kept (what its replay shows). */
  soloRun(id: number): Promise<StoredSoloRun | undefined>;
  /** Drops move trails as `rules` says (never a listed best's); how many runs lost theirs. */
  pruneTrails(rules: TrailPruning): Promise<number>;
  /** Keeps a report; false (and nothing changed) when this reporter already reported this entry. */
  saveReport(report: Report): Promise<boolean>;
  /** Every report, earliest first. */
  reports(): Promise<Report[]>;
  /** An account's campaign levels solved (docs/decks.md, "The campaign"), by level. */
  campaignProgress(accountId: string): Promise<CampaignMark[]>;
  /**
   * Notes a level solved (verified, not held): the level keeps its best stars and its best time,
   * each on its own. What the level holds now.
   */
  markCampaignLevel(mark: CampaignMark): Promise<CampaignMark>;
}

/** A campaign level an account has solved (`campaign_progress`): its best stars and best time. */
export interface CampaignMark {
  readonly accountId: string;
  /** From 1. */
  readonly level: number;
  /** 1 to 3. */
  readonly stars: number;
  readonly bestMs: number;
  /** When it last changed. */
  readonly at: number;
}

/** Ratings: players' (rated races) with their history, puzzles' and solvers' (first attempts), the leaderboards. */
export interface Ratings {
  /** An account's ratings, one per edition it has played rated. */
  ratingsOf(accountId: string): Promise<PlayerRating[]>;
  /**
   * Stores the ratings a rated game gave, with a history entry each (game, rating after, the
   * player's place if given), at once.
   */
  saveRatings(gameId: string, ratings: readonly (PlayerRating & { readonly place?: number })[]): Promise<void>;
  /** An account's rated play in an edition (its history: games, the first, the accounts met). */
  ratedRecord(accountId: string, edition: RaceEdition): Promise<RatedRecord>;
  /** An account's rated games in an edition that ended at or after `since`, oldest first, with the others rated in each. */
  ratedGames(accountId: string, edition: RaceEdition, since: number): Promise<RatedGame[]>;
  /** An account's rating after each rated game in an edition, oldest first. */
  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]>;
  /**
   * Counts attempts at tasks, in their order, at once: an attempt that is its account's first at
   * its task is noted, and `rate` moves the task's rating (from the attempt's `start` when it has
   * none) and the account's solver rating in the edition (a new player's, `fresh`, when it has
   * none), each counting one attempt more; its time is kept (`timedAttempts`) and moves the task's
   * and the solver's time-model beliefs (`taskTimes`, `solverTime`; from the attempt's `prior`
   * when they have none) by core's `updateBeliefs`. Other attempts change nothing. Says of each attempt
   * whether it counted. Stores that share a database (processes) may count at once and lose
   * nothing: each rating read is locked until its new value is written.
   */
  countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]>;
  puzzleRating(task: string): Promise<PuzzleRating | undefined>;
  savePuzzleRating(rating: PuzzleRating): Promise<void>;
  /** Every task rating whose key starts with `prefix` (e.g. `classic/`), by key. */
  puzzleRatings(prefix: string): Promise<PuzzleRating[]>;
  solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined>;
  saveSolverRating(rating: SolverRating): Promise<void>;
  /** Every task's time-model belief whose key starts with `prefix` (e.g. `classic/`), by key (moved by `countAttempts`). */
  taskTimes(prefix: string): Promise<TaskTime[]>;
  /** An account's time-model belief in an edition; undefined before its first counted attempt. */
  solverTime(accountId: string, edition: DeckEdition): Promise<SolverTime | undefined>;
  /** Every first attempt counted at a task whose key starts with `prefix`, with its time, by when, account and task. */
  timedAttempts(prefix: string): Promise<TimedAttemptRecord[]>;
  /**
   * The best ratings of an edition by mu - 3 sigma (`top` of them after the first `skip`), with the
   * accounts' names and their last rated game: a public board, so claimed accounts with a history
   * only (leaderboards.ts's `ESTABLISHED`, counted in rated games of the edition).
   */
  leaderboard(
    edition: RaceEdition,
    top: number,
    skip?: number,
  ): Promise<(PlayerRating & { name: string; username: string | null; lastGame: string | null })[]>;
}

/** A season of rated play whose turn was taken: its id (`YYYY-MM`) and start (seasons.ts). */
export interface SeasonStart {
  readonly id: string;
  readonly startsAt: number;
}

/** The turn to a new season (seasons.ts): what it ends, and what it does to every rating. */
export interface SeasonTurn extends SeasonStart {
  /** When the turn is taken. */
  readonly at: number;
  /** The season it ends, whose board is kept as it stands (rated games from its start to this one's); none for the first. */
  readonly ending: SeasonStart | null;
  /** A rating's uncertainty after the turn, from what it was. */
  readonly widen: (sigma: number) => number;
  /** The shown number of a rating (ratings.ts). */
  readonly shown: (rating: { readonly mu: number; readonly sigma: number }) => number;
}

/** A player's place on a season's board, for an edition. */
export interface SeasonResult {
  readonly season: string;
  readonly edition: RaceEdition;
  readonly accountId: string;
  readonly place: number;
  readonly mu: number;
  readonly sigma: number;
  /** The shown rating at the season's end. */
  readonly rating: number;
  /** Rated games played in the season. */
  readonly games: number;
}

/** An account's names, beside a board's entry. */
export interface Named {
  readonly name: string;
  readonly username: string | null;
}

/** Seasons of rated play (docs/accounts.md, "Seasons"): their turns and boards. */
export interface Seasons {
  /**
   * Takes a season's turn, once whatever the processes: the ending season's board is kept (the
   * public board's players, leaderboards.ts's `ESTABLISHED`, with a rated game in that season, best
   * first) and every rating's uncertainty widened, at once. False when the turn was taken already.
   */
  turnSeason(turn: SeasonTurn): Promise<boolean>;
  /** The seasons whose turn was taken, newest first. */
  seasonsTurned(): Promise<SeasonStart[]>;
  /** The board of the season under way (rated games since `since`), best first, as the public board's players. */
  seasonBoard(
    edition: RaceEdition,
    since: number,
    top: number,
    skip?: number,
  ): Promise<(Named & { accountId: string; mu: number; sigma: number; games: number })[]>;
  /** A past season's board as it ended, best first. */
  seasonResults(season: string, edition: RaceEdition, top: number, skip?: number): Promise<(SeasonResult & Named)[]>;
  /** An account's places on past seasons' boards, newest season first, each with the number of players on that board. */
  playerSeasons(accountId: string): Promise<(SeasonResult & { of: number })[]>;
}

/** Held results: the solo runs the plausibility model held (their `review`), the rated claims it held. */
export interface Reviews {
  /** Keeps a rated claim held (a game's result is not re-rated when it is released). */
  holdClaim(claim: HeldClaim): Promise<void>;
  /** The players of game `gameId` whose claims were held (decided or not), each once: what a resumed game still knows of them. */
  heldPlayers(gameId: string): Promise<string[]>;
  /** The results held and not yet decided, or (`all`) every result ever held, oldest first. */
  reviews(all?: boolean): Promise<Reviewed[]>;
  /** An operator's decision on result `id`: the result as it now stands, undefined if there is none. */
  decide(id: string, review: 'released' | 'rejected'): Promise<Reviewed | undefined>;
}

/** Accounts: guests and claimed ones, their sessions, the flags for review. */
export interface Accounts {
  /** Creates a guest's account (its username and password, if any given, are ignored: see `claimAccount`). */
  createAccount(account: Account): Promise<void>;
  account(id: string): Promise<Account | undefined>;
  /** The account of a username, whatever its case (`key` is the username's `nameKey`). */
  accountByUsername(key: string): Promise<Account | undefined>;
  /** The account whose username has this TR39 skeleton (skeleton.ts's `usernameSkeleton`): a look-alike's. */
  accountBySkeleton(skeleton: string): Promise<Account | undefined>;
  /**
   * Gives a guest a username and a password and revokes its guest secret; false when another
   * account has the username (in any case, `key`) or a look-alike of it (`skeleton`).
   */
  claimAccount(id: string, username: string, key: string, passwordHash: string, skeleton: string): Promise<boolean>;
  /** A new password; the guest secret is revoked too (if the account still had one). */
  setPassword(id: string, passwordHash: string): Promise<void>;
  renameAccount(id: string, name: string): Promise<void>;
  createSession(session: Session): Promise<void>;
  session(tokenHash: string): Promise<Session | undefined>;
  /** Signs out one session (`tokenHash`), or every session of `accountId` but `except`. */
  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void>;
  /** Marks an account for review, with why and when (the first reason is kept). */
  flagAccount(id: string, reason: string, at: number): Promise<void>;
  /** The accounts marked for review, earliest first. */
  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]>;
}

/** What one account is to another (migration 021): it follows them, or blocks them. */
export const LINK_KINDS = ['follow', 'block'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** One account's link to another: at most one a direction (a block takes a follow's place). */
export interface AccountLink {
  readonly from: string;
  readonly to: string;
  readonly kind: LinkKind;
  readonly at: number;
}

/** Friends: who follows whom, who blocks whom (docs/accounts.md, "Friends"). */
export interface Friends {
  /** `from`'s link to `to` is now `kind`, since `at` (an existing link of `from` to `to` is replaced). */
  setAccountLink(link: AccountLink): Promise<void>;
  /** `from` has no link to `to` any more (none is fine). */
  dropAccountLink(from: string, to: string): Promise<void>;
  /** Every link from or to `accountId`, oldest first (ties by `from`, then `to`). */
  accountLinks(accountId: string): Promise<AccountLink[]>;
}

/**
 * Where games and records are kept: the five stores on one database, closed together. SQLite
 * in-process by default, PostgreSQL (`DATABASE_URL`) for processes that share one database, both
 * through the same queries (storage/kysely-*.ts); `MemoryStorage` for a server that keeps nothing.
 * Each store's implementations pass its contract suite (storage/*.test.ts). The implementations are
 * exported by storage/index.ts: this module is the types only, which they import.
 */
export interface Storage extends Games, SoloRuns, DailyAttempts, Ratings, Seasons, Accounts, Reviews, Friends, Arenas {
  close(): Promise<void>;
}

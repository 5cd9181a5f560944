import type { ClaimProblem, ProposedPlacement } from './checker.js';
import { CLAIM_ERROR_CODES } from './checker.js';
import type { DeckEdition, PieceSet, Side } from './deck.js';
import type { BotLevel } from './game/bot-model.js';
import type { RaceAction, RaceEdition, RaceEvent, RaceView, Variant } from './game/race.js';
import type { SoloClock, SoloDealing, SoloEvent, SoloMode, SoloResult, SoloView } from './game/solo.js';
import type { ReplayRound, RoundReveal } from './game/reveal.js';
import type { Implausibility, TrailMove } from './game/trail.js';
import type { Signal } from './game/plausibility.js';
import { GAME_ERROR_CODES } from './game/types.js';
import type { PlayerId } from './game/types.js';
import type { GridName } from './grid.js';
import type { Puzzle } from './puzzle.js';
import type { Placement } from './solver.js';
import type { ReactionId } from './watch.js';

/*
 * The contract between the game server and its clients (docs/protocol.md): every message either
 * way, by room, as types. The server sends through one typed function per room, the web client
 * receives through one typed hook, the tests import the same types: a message's shape changed on
 * one side only does not compile. Types only, besides the version and the lists of codes.
 */

/** The protocol version; clients send it when they join and are refused if it differs. */
export const PROTOCOL_VERSION = 6;

/**
 * Why the server closes a connection, besides Colyseus's own codes (1000: the client left, 4000:
 * the room closed). `idle`: nobody sent anything for the server's idle time; `flood`: the client kept
 * sending after being told to slow down; `restarting`: the server stops and will be back (the
 * client comes back to its seat, docs/operations.md); `elsewhere`: the seat's reconnection token came
 * back on a new connection while this one was still open (the same person, from a reloaded page or
 * another window), which now holds the seat.
 */
export const CLOSE_CODES = { idle: 4408, elsewhere: 4409, flood: 4429, restarting: 4503 } as const;

/**
 * A room's own refusals of a create or a join (colyseus.js's error `code`, and the matchmaker's
 * HTTP status): `publicRated`, a quick-match table asked for as rated (quick-match tables are
 * casual; a rated table is a private one, by its code).
 */
export const MATCHMAKE_ERROR_CODES = { publicRated: 422, ratedNeedsUsername: 403 } as const;

/**
 * Why the account API (`/api/accounts`, `/api/sessions`, `/api/me/...`) refused a request: its
 * answer's `code`, beside `error` (the same in English words) and `params` (the values those
 * words hold), for a client to say in its own language (docs/accounts.md).
 */
export const ACCOUNT_ERROR_CODES = [
  'account/sign-in-first',
  'account/wrong-login',
  'account/too-many',
  'account/username-format',
  'account/username-taken',
  'account/username-lookalike',
  'account/seat-not-yours',
  'account/has-username',
  'account/claim-first',
  'account/password-short',
  'account/password-long',
  'account/old-password-wrong',
  'friends/yourself',
  'friends/no-such-player',
  'friends/blocked',
  'friends/not-friends',
  'friends/not-at-table',
  'name/empty',
  'name/too-long',
  'name/control',
  'name/bidi',
  'name/zero-width',
  'name/invisible',
  'name/reserved',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/** An account request refused, as its answer's body says. */
export interface AccountErrorAnswer {
  readonly error: string;
  readonly code?: AccountErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Why the server refused a message, besides the engines' own codes. */
export const MESSAGE_ERROR_CODES = [
  'message/malformed',
  'message/unknown',
  'message/too-large',
  'message/too-fast',
  'message/not-allowed',
  'message/wrong-phase',
  'message/failed',
  'message/not-saved',
  'message/needs-username',
  'message/course-refused',
  // Racing a ghost (docs/courses.md, "Racing a ghost"): no recorded run to race; the day's counted attempt races none.
  'message/ghost-none',
  'message/ghost-counted',
] as const;
/** A refusal of the server's own. */
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[number];

/** Every code a `rejected` message may carry: the server's, the engines', the checker's. */
export const ERROR_CODES = [...MESSAGE_ERROR_CODES, ...GAME_ERROR_CODES, ...CLAIM_ERROR_CODES] as const;
/** The code of a refusal. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An account as its owner sees it: its id, the name shown at tables, and its username once claimed. */
export interface AccountView {
  readonly id: string;
  readonly name: string;
  readonly username: string | null;
}

/** `POST /api/accounts`: a new guest account, its secret (the browser keeps it) and a session. */
export interface GuestAnswer {
  readonly account: AccountView;
  readonly secret: string;
  readonly session: string;
}

/** `POST /api/sessions` (sign in): the account and a new session token. */
export interface SessionAnswer {
  readonly account: AccountView;
  readonly session: string;
}

/** `GET /api/me`, and the answers that change the account. */
export interface MeAnswer {
  readonly account: AccountView;
}

/** `GET /api/players/:id`: a player's profile. */
export interface ProfileAnswer {
  readonly account: {
    readonly id: string;
    readonly name: string;
    readonly username: string | null;
    readonly since: number;
  };
  /** One per edition played rated. */
  readonly ratings: readonly RatingView[];
  /** The rating shown after each rated game, per edition, oldest first, with the game to replay. */
  readonly history: readonly {
    readonly edition: RaceEdition;
    readonly game: string;
    readonly display: number;
    readonly at: number;
  }[];
  /**
   * Verified solo results: how many, the best per mode, length and side (of runs dealt shuffled),
   * and the mean time of a solved puzzle (null before the first).
   */
  readonly solo: {
    readonly runs: number;
    readonly best: readonly BoardRunEntry[];
    readonly averagePuzzleMs: number | null;
  };
}

/**
 * `GET /api/me/held`: the signed-in account's solo runs held for review (docs/accounts.md, "Held
 * results"), newest first: under review (`held`), or kept off the boards by an operator (`rejected`).
 */
export interface HeldAnswer {
  readonly runs: readonly (SoloRecordEntry & { readonly review: 'held' | 'rejected' })[];
}

/**
 * `GET /api/games/:id/replay`: a stored game played again by the engine: every accepted action with
 * the events it caused, each round as it ended (every board with its placements or a solution,
 * the gains, the standings after it), and whether the replay ends as the record says.
 */
export interface ReplayAnswer {
  readonly id: string;
  readonly edition: RaceEdition;
  /**
   * Who sat where: `name` in English (a bot as "Bot 1 (expert)"), and who sits there as data for a
   * client to put into words as its lobby does (games stored before it was kept have none).
   */
  readonly seats: readonly {
    readonly id: PlayerId;
    readonly name: string;
    readonly kind: 'human' | 'bot';
    readonly occupant?: Occupant;
    /** A person's account (their profile), and its username; absent for bots and games stored before it was kept. */
    readonly account?: string;
    readonly username?: string;
  }[];
  readonly startedAt: number;
  readonly steps: readonly {
    readonly at: number;
    readonly action: RaceAction;
    readonly events: readonly RaceEvent[];
  }[];
  readonly matchesRecord: boolean;
  /** Whether the game was played to its end: one the server stopped before it has no winner. */
  readonly finished: boolean;
  /** The stored result's winners: none when nobody scored (docs/rules.md §1.9); absent when the game was not finished. */
  readonly winners?: readonly PlayerId[];
  readonly rounds: readonly ReplayRound[];
}

/** `GET /api/puzzles/:edition/:board/:side/:key`: a task's rating, learned from first attempts. */
export interface PuzzleAnswer {
  readonly task: string;
  readonly difficulty: number;
  /** On the players' scale: a task rated like a player it is even with. */
  readonly display: number;
  readonly mu: number;
  readonly sigma: number;
  /** First attempts counted so far (none: the rating is where the difficulty puts it). */
  readonly attempts: number;
}

/** `GET /api/leaderboard?edition=`: the best ratings of an edition. */
export interface LeaderboardAnswer {
  readonly edition: RaceEdition;
  /** Each with the username beside the display name, and the last rated game to replay. */
  readonly players: readonly {
    readonly id: string;
    readonly name: string;
    readonly username: string | null;
    readonly rating: RatingView;
    readonly game: string | null;
  }[];
  /** The cursor of the next page (`cursor=`), null at the end. */
  readonly next: string | null;
}

/** A season of rated play (docs/accounts.md, "Seasons"): its id (`YYYY-MM`, the month it starts), from and until when. */
export interface SeasonView {
  readonly id: string;
  readonly startsAt: number;
  readonly endsAt: number;
}

/** `GET /api/seasons`: the season under way and the past ones, newest first. */
export interface SeasonsAnswer {
  readonly current: SeasonView;
  readonly past: readonly SeasonView[];
}

/** `GET /api/seasons/:id/board?edition=`: a season's board, best first (the current one live, a past one as it ended). */
export interface SeasonBoardAnswer {
  readonly season: SeasonView;
  readonly edition: RaceEdition;
  /** Whether the season is over (its board is final). */
  readonly final: boolean;
  readonly players: readonly {
    readonly place: number;
    readonly id: string;
    readonly name: string;
    readonly username: string | null;
    /** The shown rating (at the season's end for a past one). */
    readonly rating: number;
    /** Rated games played in the season. */
    readonly games: number;
  }[];
  readonly next: string | null;
}

/** `GET /api/players/:id/seasons`: the player's past seasons, newest first, each edition's final rating and place. */
export interface PlayerSeasonsAnswer {
  readonly seasons: readonly {
    readonly season: SeasonView;
    readonly edition: RaceEdition;
    readonly rating: number;
    readonly place: number;
    /** Players on that season's board. */
    readonly of: number;
    readonly games: number;
  }[];
}

/** The reply to a refused message: which message, why, and for a wrong placement each problem. */
export interface Rejected {
  /** The type of the message refused. */
  readonly to: string;
  readonly code: ErrorCode;
  /** A sentence for people (in English; clients show the code's own words). */
  readonly message: string;
  readonly problems?: readonly ClaimProblem[];
}

/** A message with nothing to say but its type. */
export type EmptyBody = Record<string, never>;

/** A room's messages, keyed by type, as one tagged union of `{type, body}`. */
export type Tagged<M> = { [K in keyof M]: { readonly type: K; readonly body: M[K] } }[keyof M];

/** What a view carries so that the client can count the time left: `deadline - serverNow`, scaled. */
export interface Timed {
  /** The server's game time when it sent the message, in ms. */
  readonly serverNow: number;
  /** How much faster than the wall clock game time runs (1 but for tests and demos). */
  readonly timeScale: number;
}

// ---------------------------------------------------------------------------------------------
// The race room: a table of 1 to 4 seats.

/** What the host sets in the lobby. */
export interface RaceSettings {
  readonly edition: RaceEdition;
  readonly variant: Variant;
  readonly hourglassSeconds: number;
  readonly rounds: number;
  /** The pieces each player is handed: the task's, or the whole set as in the box. */
  readonly pieceSet: PieceSet;
  /**
   * A rated game (docs/accounts.md): only people with a username play it, and it moves their
   * rating in its edition; bots may sit there but are not rated. Quick-match tables are casual.
   */
  readonly rated: boolean;
}

/** A player's rating in one edition (openskill's Plackett-Luce model). */
export interface RatingView {
  readonly edition: RaceEdition;
  /** The skill estimate and its uncertainty. */
  readonly mu: number;
  readonly sigma: number;
  /** What leaderboards rank by: mu - 3 sigma, scaled (docs/accounts.md). */
  readonly display: number;
  readonly games: number;
  /** Fewer than 5 rated games: the rating is still settling. */
  readonly provisional: boolean;
}

/**
 * Why a rated player's rating moved less than the game alone would have moved it, or not at all
 * (docs/accounts.md, "Ratings that cannot be bought"): no established account among the other
 * rated players (`no-established-opponent`: the game counts as played, nothing moves), opponents met
 * in rated games within the last 7 days (`repeated-opponent`: the move shrinks), the day's rise
 * reached its limit (`daily-cap`), or a solve that came faster than a person can or without a hand's
 * trail (`implausible`: rated last, below everyone).
 */
export const RATING_LIMITS = ['no-established-opponent', 'repeated-opponent', 'daily-cap', 'implausible'] as const;
/** One of `RATING_LIMITS`. */
export type RatingLimit = (typeof RATING_LIMITS)[number];

/** A rated player's rating through one rated game, as the table is told at its end. */
export interface RatingChange {
  /** The player's id in the game. */
  readonly player: PlayerId;
  /** The shown rating before the game (a new player's 1500) and after it. */
  readonly before: number;
  readonly after: number;
  /** Fewer than 5 rated games, this one included: the rating is still settling. */
  readonly provisional: boolean;
  /** What kept the move short or at nothing, if anything. */
  readonly limits: readonly RatingLimit[];
}

/** Options to create or join a race room. */
export interface RaceJoinOptions {
  readonly protocol: number;
  readonly side?: Side;
  /** Watch without a seat. */
  readonly spectate?: boolean;
  /** A quick-match table. */
  readonly public?: boolean;
  readonly settings?: Partial<RaceSettings>;
  /**
   * The key of a seat in a game under way (the lobby's `seatKey`): after a server restart, the
   * person who held it sits back down with it.
   */
  readonly seatKey?: string;
}

/** What a player sends to a race room. */
export interface RaceClientMessages {
  readonly settings: Partial<RaceSettings>;
  readonly 'add-bot': { readonly level: BotLevel; readonly side?: Side };
  readonly 'remove-seat': { readonly seat: number };
  readonly side: { readonly side: Side };
  readonly ready: { readonly ready: boolean };
  readonly start: EmptyBody;
  readonly rematch: EmptyBody;
  /** The board covered, with the moves that covered it (a claim without them is kept but not verified). */
  readonly claim: { readonly placements: readonly ProposedPlacement[]; readonly trail?: readonly TrailMove[] };
  readonly move: { readonly row: number };
  /** Jewel edition, before the first round: where your pawn starts (you may change it until then). */
  readonly place: { readonly row: number };
  /** Extreme with the whole set, before the sand is turned: you have laid out your colour's pieces. */
  readonly 'lay-out': EmptyBody;
  /**
   * How many pieces you have down on your board this round (0 to the task's pieces), for the
   * others to watch: shown, never judged. While the round is played and you have not solved.
   */
  readonly progress: { readonly down: number };
  /** A preset reaction (watch.ts's `REACTIONS`) shown beside your seat: seated people only, at most `REACTION_ALLOWANCE`. */
  readonly react: { readonly reaction: ReactionId };
}

/** Who sits in a seat: a person, a bot the host added, or a bot playing on for a person who left. */
export type Occupant =
  | { readonly kind: 'human'; readonly name: string }
  | {
      readonly kind: 'bot';
      readonly level: BotLevel;
      /** The bots are numbered from 1 as they are added. */ readonly number: number;
    }
  | { readonly kind: 'stand-in'; readonly level: BotLevel; /** The person it plays for. */ readonly for: string };

/** A seat at the table, as the lobby shows it; the client puts it into words. */
export type LobbySeat = Occupant & {
  /** The player's id in the game (`p1`..`p4`), '' before the game starts. */
  readonly id: PlayerId;
  readonly side: Side;
  /** Whether the person has a live connection (bots always do). */
  readonly connected: boolean;
  readonly ready: boolean;
  /** A person's account's public id (their profile's, `#/player/ID`); absent for bots and stand-ins. */
  readonly account?: string;
  /** A person who plays as a guest (no username: a rated game is not for them); absent for bots. */
  readonly guest?: boolean;
  /** A person's username, shown beside the name; absent for a guest and for bots. */
  readonly username?: string;
};

/** How the table stands: seats, settings, who hosts, who you are. */
export interface LobbyMessage extends Timed {
  readonly protocol: number;
  /** The room's code, to share. */
  readonly code: string;
  readonly public: boolean;
  /** The host's seat index, -1 for none. */
  readonly host: number;
  /** Your seat index, -1 for a spectator. */
  readonly you: number;
  readonly spectators: number;
  readonly settings: RaceSettings;
  /** Seats still free for a person or a bot. */
  readonly free: number;
  /** The variants the chosen edition offers. */
  readonly variants: readonly Variant[];
  readonly started: boolean;
  /** The game's id for the HTTP API, once started. */
  readonly game: string | null;
  /**
   * A quick-match table that has not started: when it starts by itself (game time), once two
   * people sit at it (sooner when all of them are ready); null otherwise.
   */
  readonly startsAt: number | null;
  /** A quick-match table with one person: from when they are offered to play against bots. */
  readonly offerBotsAt: number | null;
  readonly seats: readonly LobbySeat[];
  /** An arena's table: the arena's id (its page, to go back to after the game; docs/arenas.md). */
  readonly arena?: string;
  /**
   * Your seat's key: kept by the client, it brings you back to the seat after the server restarts
   * (join options' `seatKey`), in a game under way, a lobby or a finished game's table alike. Null
   * for spectators.
   */
  readonly seatKey: string | null;
  /**
   * Why the table cannot start as it stands, for everyone at it; null when it can (and once started).
   */
  readonly blocked: StartBlocked | null;
  /**
   * A game resumed after a server restart waits for its people to come back until this game time
   * (then bots stand in for those who did not), and goes on from the start of the interrupted
   * round. A lobby or a finished game's table kept over a restart waits for its people the same
   * way (those not back by then lose their seats). Null otherwise.
   */
  readonly resumeBy: number | null;
  /**
   * A game resumed after a server restart: the round it goes on with (played from its start),
   * until that round is dealt. Null otherwise.
   */
  readonly restartRound: number | null;
}

/**
 * What keeps a table from starting: people playing as guests at a rated table (their seat
 * indexes: a rated game is for players with a username), or a quick-match table with fewer people
 * than it starts with by itself (`people` of `need`).
 */
export type StartBlocked =
  | { readonly reason: 'guests-at-rated'; readonly seats: readonly number[] }
  | { readonly reason: 'too-few-people'; readonly people: number; readonly need: number };

/**
 * A player's progress in the round being played, as their client last reported it: pieces down of
 * the task's pieces. A report, not a fact: shown to everyone at the table, never judged, and never
 * where the pieces lie. Whether and in what order they solved is the view's (`round.solved`).
 */
export interface Progress {
  readonly down: number;
  readonly of: number;
}

/** Everyone's progress in the round being played, by player id (only those who reported; bots never do). */
export type RoundProgress = Readonly<Record<PlayerId, Progress>>;

/** A player's view of the game, and the time to count from. */
export interface RaceViewMessage extends Timed {
  readonly view: RaceView;
  /** The round's progress so far (empty between rounds); `progress` messages bring it up to date. */
  readonly progress: RoundProgress;
  /**
   * While the game waits: when the next round starts (game time). Before the first round of a
   * jewel game, the end of the time to place the pawns.
   */
  readonly nextRoundAt: number | null;
}

/** Something the room tells everyone: a person left and a bot plays on in the seat. */
export interface Notice {
  readonly kind: 'replaced';
  /** The seat's id in the game. */
  readonly seat: PlayerId;
  /** Left on purpose, or did not come back in time. */
  readonly reason: 'left' | 'timeout';
  /** The person who left. */
  readonly name: string;
  readonly level: BotLevel;
}

/** What a race room sends. */
export interface RaceServerMessages {
  readonly lobby: LobbyMessage;
  readonly view: RaceViewMessage;
  readonly events: { readonly events: readonly RaceEvent[] };
  readonly notice: Notice;
  /** Someone's progress changed in round `round`: everyone's as it now stands. */
  readonly progress: { readonly round: number; readonly players: RoundProgress };
  /**
   * The finished game is stored under this id (HTTP API). `rated`: it was played at a rated table;
   * then `ratings` holds each rated player's rating before and after it (none when fewer than two
   * rated players sat there, which moves nobody). Sent to everyone when it is stored, and again to
   * whoever comes (back) to the finished table.
   */
  readonly saved: { readonly game: string; readonly rated: boolean; readonly ratings: readonly RatingChange[] };
  /** A round has ended: every board with its placements or a solution (sent again to whoever comes before the next round). */
  readonly reveal: RoundReveal;
  /** The person at seat `seat` (the lobby's seat index) reacted: shown beside their seat for a moment. */
  readonly reaction: { readonly seat: number; readonly reaction: ReactionId };
  readonly rejected: Rejected;
}

// ---------------------------------------------------------------------------------------------
// The solo room: one player, a timed run or a number of puzzles.

/** A player's best so far in a mode, length and side, as a client may send it. */
export interface SoloBest {
  readonly solved: number;
  readonly ms: number;
}

/** Options to create a solo room. */
export interface SoloJoinOptions {
  readonly protocol: number;
  readonly mode: SoloMode;
  readonly limit: 5 | 10 | 20;
  readonly side: Side;
  /** The task's pieces only (the default), or the whole set as in the box. */
  readonly pieceSet?: PieceSet;
  /**
   * A best the player has done so far, if any: the run is a new best if it beats both this and the
   * account's best listed run on the setting (the web client sends none).
   */
  readonly best?: SoloBest;
  /**
   * Shuffled boards (the default, the rulebooks'), or the tasks nearest the player's level
   * (docs/accounts.md): such a run is kept with the account but is never a record.
   */
  readonly dealing?: Extract<SoloDealing, 'shuffled' | 'level'>;
  /**
   * A course to play in place of the run the other options describe (docs/protocol.md, "Courses"):
   * the course sets the run's mode, length, side, pieces and tasks, and the run is stored with the
   * course's kind as its dealing. The server refuses a course the player may not play now.
   */
  readonly course?: SoloCourse;
  /**
   * A recorded run to race (docs/courses.md, "Racing a ghost"): the account's own best of the
   * setting (`own`) or the best listed run of it (`best`). The run deals the ghost's tasks, the
   * ghost's moves come in `ghost`, and the run counts for nothing but the player's own eyes.
   */
  readonly ghost?: GhostKind;
}

/** Whose recorded run a solo run races: the account's own best, or the best listed run of the setting. */
export const GHOST_KINDS = ['own', 'best'] as const;
export type GhostKind = (typeof GHOST_KINDS)[number];

/**
 * The recorded run a solo run races (`ghost`, sent as the run starts): whose, how it went, and each
 * of its puzzles with when it was dealt (`from`, ms after the run's start: the times of the puzzles
 * before it, as the server measured them), the task as dealt and the moves of its solve where kept
 * (their times from the deal, on its player's clock). The ghost's board at a moment of the run is
 * its puzzle dealt last by then, with its trail played to then (core's `trailAt`).
 */
export interface SoloGhost {
  readonly kind: GhostKind;
  /** The stored run (its page: `GET /api/runs/:id`). */
  readonly run: number;
  readonly player: string;
  readonly username: string | null;
  /** Whether it is the player's own run. */
  readonly own: boolean;
  readonly result: SoloResult;
  readonly puzzles: readonly (SoloPuzzleTime & {
    readonly from: number;
    readonly task: Puzzle;
    readonly trail?: readonly TrailMove[];
  })[];
}

/** A course: a campaign level (numbered from 1), today's daily puzzle, or a Storm run. */
export type SoloCourse =
  { readonly kind: 'campaign'; readonly level: number } | { readonly kind: 'daily' } | { readonly kind: 'storm' };

/** What a course's run came to, beyond the run's own result (`recorded.course`), by the course's kind. */
export type CourseOutcome = CampaignOutcome | DailyOutcome | StormOutcome;

/**
 * What a Storm run came to (docs/courses.md, "Storm"). `score`: the tasks solved. `counted`: the
 * run counts for the highs (an account's run, verified, not held). `highs`: the account's own
 * highs now, this run counted (null where it has none). `missed`: every task set aside or left on
 * the board at the end, in the run's order (`index` into `recorded.puzzles`), drawn with a
 * solution from the deck.
 */
export interface StormOutcome {
  readonly kind: 'storm';
  readonly score: number;
  readonly bestCombo: number;
  readonly counted: boolean;
  readonly highs: StormHighs;
  readonly missed: readonly StormMissed[];
}

/** Best scores of the UTC day, the ISO week (from Monday) and all time; null where there is none. */
export interface StormHighs {
  readonly day: number | null;
  readonly week: number | null;
  readonly all: number | null;
}

/** A task a Storm run missed, with a solution. */
export interface StormMissed {
  /** Its place in the run (`recorded.puzzles[index]`). */
  readonly index: number;
  readonly task: { readonly board: string; readonly side: Side; readonly key: string };
  readonly puzzle: Puzzle;
  readonly solution: readonly Placement[];
}

/** A line of a Storm board (`GET /api/storm/highs`). */
export interface StormHighEntry {
  readonly place: number;
  readonly account: string;
  readonly player: string;
  readonly username: string | null;
  /** The stored run (`#/run/ID`). */
  readonly run: number;
  readonly score: number;
  /** How long the run lasted. */
  readonly ms: number;
}

/**
 * `GET /api/storm/highs`: the best Storm runs of the UTC day, of the ISO week and of all time (runs
 * verified, not held or rejected, by established players, as every public board), best first; for
 * a signed-in account, its own highs.
 */
export interface StormHighsAnswer {
  /** The UTC day, `YYYY-MM-DD`. */
  readonly day: string;
  /** The ISO week's Monday, `YYYY-MM-DD`. */
  readonly week: string;
  readonly boards: {
    readonly day: readonly StormHighEntry[];
    readonly week: readonly StormHighEntry[];
    readonly all: readonly StormHighEntry[];
  };
  /** The signed-in account's own highs; absent without a session. */
  readonly mine?: StormHighs;
  /** Storm's rules, for the screen to say (docs/courses.md): its minutes, its clock, and the ramp's steps (tasks a bucket). */
  readonly rules: { readonly minutes: number; readonly clock: SoloClock; readonly ramp: readonly number[] };
}

/** What a campaign level's run came to (docs/protocol.md, "The campaign"). */
export interface CampaignOutcome {
  readonly kind: 'campaign';
  readonly level: number;
  /** Stars this run earned (0: not solved, not verified, or held). */
  readonly stars: 0 | 1 | 2 | 3;
  /** The level's best stars and best time (ms) now, this run counted; 0 and null before any. */
  readonly bestStars: 0 | 1 | 2 | 3;
  readonly bestMs: number | null;
  /** The level's thresholds: 3 stars within `three` ms, 2 within `two`. */
  readonly thresholds: { readonly three: number; readonly two: number };
  /** The next level's number when this run opened it (undefined: it was open already, or none). */
  readonly opened?: number;
  /** The next level, if there is one, and whether it is open now. */
  readonly next?: { readonly level: number; readonly open: boolean };
}

/** `GET /api/me/campaign`: the account's campaign, every level with its stars and best time. */
export interface CampaignProgress {
  /** The level to play next: the first level open and never solved (the last level once all are). */
  readonly current: number;
  readonly worlds: readonly {
    readonly world: number;
    readonly edition: DeckEdition;
    readonly levels: readonly CampaignLevelProgress[];
  }[];
}

/** One level of `CampaignProgress`. */
export interface CampaignLevelProgress {
  readonly level: number;
  readonly open: boolean;
  readonly stars: 0 | 1 | 2 | 3;
  readonly bestMs: number | null;
  readonly thresholds: { readonly three: number; readonly two: number };
}

/**
 * What a daily run came to (docs/courses.md, "The daily puzzle"). `counted`: the run was the
 * account's attempt of the day (its first run of the day); otherwise it was practice and changed
 * nothing. `ms`: the puzzle's time (from its deal to its solve, or to the end unsolved). `place`:
 * the attempt's place on the day's board, if it is listed there. `streak`: days in a row, ending
 * today, with a counted solved attempt. The share line is made of `date`, `ms` and `streak`.
 */
export interface DailyOutcome {
  readonly kind: 'daily';
  /** The UTC date, `YYYY-MM-DD`. */
  readonly date: string;
  readonly counted: boolean;
  readonly solved: boolean;
  readonly ms: number;
  readonly place: number | null;
  readonly streak: number;
}

/** An account's attempt at today's daily puzzle (`GET /api/daily`): null while not taken. */
export interface DailyAttemptView {
  /** Once the run is stored; false while it is under way, or if it was left. */
  readonly solved: boolean;
  /** The puzzle's time, once stored. */
  readonly ms: number | null;
  /** The stored run (`#/run/ID`), once stored. */
  readonly run: number | null;
  /** Its place on the day's board, if listed. */
  readonly place: number | null;
}

/** `GET /api/daily`: today (UTC, the server's clock) and, for a signed-in account, its attempt and streak. */
export interface DailyAnswer {
  readonly date: string;
  /**
   * The day before, whose task and solution are public (`GET /api/daily/:date/solution`) from an hour
   * into today, UTC; null before then, and before the first day.
   */
  readonly yesterday: string | null;
  /** The signed-in account's attempt of today, null while not taken; absent without a session. */
  readonly attempt?: DailyAttemptView | null;
  /** The signed-in account's streak: days in a row with a counted solved attempt, to today (or yesterday, while today is not taken). */
  readonly streak?: number;
}

/** `GET /api/daily/:date/board`: a page of the day's board, fastest first, and the cursor of the next. */
export interface DailyBoardAnswer {
  readonly date: string;
  readonly entries: readonly {
    readonly place: number;
    readonly account: string;
    readonly player: string;
    readonly username: string | null;
    readonly run: number;
    readonly ms: number;
  }[];
  readonly next: string | null;
}

/** `GET /api/daily/:date/solution` (a past day only): the day's task as a checked puzzle, and a solution from the deck. */
export interface DailySolutionAnswer {
  readonly date: string;
  readonly edition: DeckEdition;
  readonly task: { readonly board: string; readonly side: Side; readonly key: string };
  readonly puzzle: Puzzle;
  readonly solution: readonly Placement[];
}

/** A puzzle of a solo run: which, what became of it, and how long from its deal (the server's clock). */
export interface SoloPuzzleTime {
  readonly board: string;
  readonly side: Side;
  readonly key: string;
  readonly outcome: 'solved' | 'skipped' | 'unfinished';
  readonly ms: number;
}

/** What a solo player sends. */
export interface SoloClientMessages {
  readonly start: EmptyBody;
  /** The board covered, with the moves that covered it (a claim without them is kept but not verified). */
  readonly claim: { readonly placements: readonly ProposedPlacement[]; readonly trail?: readonly TrailMove[] };
  readonly skip: EmptyBody;
}

/** The run as it stands. */
export type SoloViewMessage = Timed & SoloView;

/** What a solo room sends. */
export interface SoloServerMessages {
  /** The options the run was created with. */
  readonly solo: SoloJoinOptions;
  readonly view: SoloViewMessage;
  readonly events: { readonly events: readonly SoloEvent[] };
  /**
   * The run is stored. `newBest` when it beats the account's best listed run on the setting and any
   * best the player joined with (a listed run only, with a solve). `verified` is false when a solve
   * came faster than a person can (the server's measure against the human floor, docs/accounts.md):
   * it is kept but never listed. `held` when the run as a whole did not look like a person's
   * (docs/accounts.md, "Held results"): it is kept, shown to its owner as under review, and listed
   * only if an operator releases it.
   */
  readonly recorded: {
    readonly result: SoloResult;
    readonly newBest: boolean;
    readonly verified: boolean;
    readonly held: boolean;
    /**
     * Why the run is not verified: each kind of solve that was not a person's (trail.ts's
     * `Implausibility`: faster than the human floor, or without a hand's trail). Empty when verified.
     */
    readonly unverified: readonly Implausibility[];
    /** Why the run is held: the tests of the run model it failed (plausibility.ts's `Signal`). Empty when not held. */
    readonly signals: readonly Signal[];
    /** Each puzzle of the run, in order, with its time. */
    readonly puzzles: readonly SoloPuzzleTime[];
    /** The stored run's id (its page is `#/run/ID`, `GET /api/runs/:id`). */
    readonly run: number;
    /** A course's run: what it came to (stars, the day's place and streak, Storm's score and highs). */
    readonly course?: CourseOutcome;
  };
  readonly rejected: Rejected;
  /** The recorded run this run races (`ghost` option), as the run starts. */
  readonly ghost: SoloGhost;
}

// ---------------------------------------------------------------------------------------------
// The practice room: any task of either deck, untimed, with hints.

/** Options to create a practice room. */
export interface PracticeJoinOptions {
  readonly protocol: number;
  /** The task to go on with (a practice coming back after its connection dropped); the first of the deck otherwise. */
  readonly task?: PracticeTaskRef;
}

/** Which task to practise. */
export interface PracticeTaskRef {
  readonly edition: DeckEdition;
  readonly board: string;
  readonly side: Side;
  readonly key: string;
}

/** What a player sends to practice. */
export interface PracticeClientMessages {
  readonly task: PracticeTaskRef;
  /** A task of a side near the player's level (docs/accounts.md), answered like `task`. */
  readonly level: { readonly edition: DeckEdition; readonly side: Side };
  readonly claim: { readonly placements: readonly ProposedPlacement[] };
  /** One more piece of a solution. */
  readonly hint: EmptyBody;
  readonly solution: EmptyBody;
}

/** The task being practised, as a checked puzzle. */
export interface PracticeMessage extends PracticeTaskRef {
  readonly difficulty: number;
  readonly task: Puzzle;
}

/** What a practice room sends. */
export interface PracticeServerMessages {
  readonly practice: PracticeMessage;
  /** The player's level in an edition this session (docs/accounts.md), on the decks' scale of difficulty: on joining, and as it moves. */
  readonly level: { readonly edition: DeckEdition; readonly level: number };
  readonly hint: { readonly placements: readonly Placement[]; readonly of: number };
  readonly solution: { readonly placements: readonly Placement[] };
  readonly checked: { readonly solved: true };
  readonly rejected: Rejected;
}

// ---------------------------------------------------------------------------------------------
// The HTTP API's answers that the client reads.

/** A stored solo result, as `GET /api/records` lists it. */
export interface SoloRecordEntry extends SoloResult {
  readonly player: string;
  readonly seed: number;
  readonly finishedAt: number;
}

/**
 * A solo run on a board or a profile: its result, the run's id (`run`: its replay is
 * `GET /api/runs/:run`) and its account's username beside the display name (`player`).
 */
export interface BoardRunEntry extends SoloRecordEntry {
  readonly run: number;
  readonly username: string | null;
  /**
   * The account's public id (its profile is `GET /api/players/:account`): who "you" are is matched
   * by it, never by the name. Null for a run stored before accounts.
   */
  readonly account: string | null;
}

/** `GET /api/records`: a page of a board, and the cursor of the next (null at the end). */
export interface RecordsAnswer {
  readonly records: readonly BoardRunEntry[];
  readonly next: string | null;
}

/** `GET /api/players/:id/runs`: a page of a player's runs, newest first, verified or not. */
export interface PlayerRunsAnswer {
  readonly runs: readonly (BoardRunEntry & { readonly verified: boolean; readonly dealing: SoloDealing })[];
  readonly next: string | null;
}

/** `GET /api/runs/:id`: one solo run with each puzzle, and the moves of each solve while they are kept. */
export interface SoloRunAnswer {
  readonly run: BoardRunEntry & { readonly verified: boolean; readonly dealing: SoloDealing };
  /** Each puzzle, with its moves while they are kept, and the task as dealt (`task`, its pieces: what plays the moves back; none for a task no deck has now). */
  readonly puzzles: readonly (SoloPuzzleTime & { readonly trail?: readonly TrailMove[]; readonly task?: Puzzle })[];
  /** Whether the moves were kept (an unverified run's go after a while, docs/operations.md). */
  readonly trails: boolean;
}

/** `POST /api/reports`: a signed-in player reports a board entry (a solo run, or a player on a rating board). */
export interface ReportRequest {
  readonly kind: 'run' | 'player';
  readonly target: string;
  readonly reason: string;
}

/** `GET /api/decks`: what practice offers, without solutions. */
export interface DeckIndex {
  readonly decks: readonly {
    readonly edition: DeckEdition;
    readonly grid: GridName;
    readonly boards: readonly {
      readonly id: string;
      readonly sides: Readonly<
        Record<Side, { readonly tasks: readonly { readonly key: string; readonly difficulty: number }[] }>
      >;
    }[];
  }[];
}

/** `GET /healthz`. */
export interface Health {
  readonly status: 'ok';
  readonly protocol: number;
  readonly uptimeSeconds: number;
}

// ---------------------------------------------------------------------------------------------
// The rated queue (docs/accounts.md, "Rated quick match").

/** Options to join an edition's rated queue (players with a username only). */
export interface RatedJoinOptions {
  readonly protocol: number;
  readonly edition: RaceEdition;
}

/** What a player in the rated queue sends: `bots`, past `botsAt`, takes the casual table with bots instead. */
export interface RatedClientMessages {
  readonly bots: EmptyBody;
}

/** Where a player stands in the rated queue: on joining, and as the window widens or the queue changes. */
export interface QueueMessage {
  readonly edition: RaceEdition;
  /** The player's shown rating in the edition, which the queue pairs by. */
  readonly rating: number;
  /** Whether the player is established in the edition (established players are paired with each other only). */
  readonly established: boolean;
  /** The ratings the player may be paired with now: the window about their rating, widening with the wait. */
  readonly low: number;
  readonly high: number;
  /** When the player joined the queue (game time), and now. */
  readonly since: number;
  readonly serverNow: number;
  readonly timeScale: number;
  /** When a casual table with bots is offered (game time). */
  readonly botsAt: number;
  /** People waiting in this edition's queue, the player included. */
  readonly waiting: number;
}

/** What the rated queue sends. */
export interface RatedServerMessages {
  readonly queue: QueueMessage;
  /** A table was found (rated, with the people paired) or made (casual, with bots): join it by its code. */
  readonly matched: { readonly code: string; readonly rated: boolean };
  readonly rejected: Rejected;
}

// ---------------------------------------------------------------------------------------------

/** Every room: the options to join it, what clients send, what the server sends. */
export interface Rooms {
  readonly race: {
    readonly join: RaceJoinOptions;
    readonly client: RaceClientMessages;
    readonly server: RaceServerMessages;
  };
  readonly solo: {
    readonly join: SoloJoinOptions;
    readonly client: SoloClientMessages;
    readonly server: SoloServerMessages;
  };
  readonly practice: {
    readonly join: PracticeJoinOptions;
    readonly client: PracticeClientMessages;
    readonly server: PracticeServerMessages;
  };
  readonly rated: {
    readonly join: RatedJoinOptions;
    readonly client: RatedClientMessages;
    readonly server: RatedServerMessages;
  };
}
/** `race`, `solo`, `practice` or `rated` (the rated queue). */
export type RoomName = keyof Rooms;

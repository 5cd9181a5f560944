import type { Generated } from 'kysely';

/** The tables as rows come back from SQLite and from PostgreSQL (whose int8 the pool reads as numbers). */
export interface Tables {
  accounts: {
    id: string;
    secret_hash: string;
    name: string;
    username: string | null;
    username_key: string | null;
    /** The username's TR39 skeleton (unique: no look-alikes); null for a guest. */
    username_skeleton: string | null;
    password_hash: string | null;
    created_at: number;
  };
  sessions: {
    token_hash: string;
    account_id: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  games: {
    id: string;
    edition: string;
    config: string;
    seed: number;
    seats: string;
    actions: string;
    result: string | null;
    started_at: number;
    finished_at: number;
  };
  live_games: {
    id: string;
    room: string;
    public: number;
    rated: Generated<number>;
    owner: Generated<string>;
    config: string;
    seed: number;
    started_at: number;
    seats: string;
    /** The arena the game is played for (JSON, `LiveArena`); '' for none. */
    arena: Generated<string>;
  };
  /** Tables between games (a lobby, a finished game's table), kept to come back after a restart. */
  live_tables: {
    code: string;
    owner: string;
    body: string;
    saved_at: number;
  };
  journal: {
    game_id: string;
    seq: number;
    entry: string;
    voided: number;
  };
  solo_results: {
    id: Generated<number>;
    player: string;
    mode: string;
    limit_value: number;
    side: string;
    solved: number;
    skipped: number;
    ms: number;
    seed: number;
    finished_at: number;
    account_id: string | null;
    verified: number;
    puzzles: Generated<string>;
    dealing: Generated<string>;
    solved_count: Generated<number>;
    solved_ms: Generated<number>;
    review: Generated<string>;
    review_reasons: Generated<string>;
  };
  held_claims: {
    id: Generated<number>;
    game_id: string;
    player: string;
    account_id: string;
    reasons: string;
    review: Generated<string>;
    at: number;
    /** 1: held (unrated); 0: only flagged for review (migration 025). */
    held: Generated<number>;
  };
  /** An account's role with review and its ban from the boards (migration 025). */
  account_standing: {
    account_id: string;
    role: Generated<string>;
    banned_at: number | null;
  };
  /** The move trails of a run's puzzles (its puzzles as JSON, trails and all), until pruned. */
  solo_trails: {
    run_id: number;
    puzzles: string;
  };
  /** Each account's attempt at a day's daily puzzle (migration 016): one an account a day. */
  daily_attempts: {
    account_id: string;
    day: string;
    started_at: number;
    run_id: number | null;
    solved: number;
    ms: number | null;
    verified: number;
  };
  /** Who follows or blocks whom (migration 021): one link a direction. */
  account_links: {
    from_id: string;
    to_id: string;
    kind: string;
    at: number;
  };
  /** Scheduled arenas (migration 023; docs/arenas.md), times in game time. */
  arenas: {
    id: string;
    name: string;
    edition: string;
    rounds: number;
    starts_at: number;
    ends_at: number;
    created_at: number;
  };
  /** Each account's entry in an arena (migration 023): its sum, whether it waits, the table it sits at. */
  arena_entries: {
    arena_id: string;
    account_id: string;
    joined_at: number;
    points: number;
    wins: number;
    games: number;
    waiting_since: number | null;
    seen_at: number;
    table_code: string | null;
  };
  /** The server's own secrets, by name (migration 020): `daily`, the daily puzzle's draw. */
  server_secrets: {
    name: string;
    value: string;
  };
  /** The accounts whose results public boards list (leaderboards.ts's `ESTABLISHED`), since when. */
  established_players: {
    account_id: string;
    at: number;
  };
  campaign_progress: {
    account_id: string;
    level: number;
    stars: number;
    best_ms: number;
    updated_at: number;
  };
  reports: {
    reporter: string;
    kind: string;
    target: string;
    reason: string;
    at: number;
    settled_at: number | null;
  };
  solver_ratings: {
    account_id: string;
    edition: string;
    mu: number;
    sigma: number;
    attempts: number;
    updated_at: number;
  };
  account_flags: {
    account_id: string;
    reason: string;
    at: number;
  };
  ratings: {
    account_id: string;
    edition: string;
    mu: number;
    sigma: number;
    games: number;
    updated_at: number;
  };
  puzzle_ratings: {
    task: string;
    mu: number;
    sigma: number;
    attempts: number;
    updated_at: number;
  };
  first_attempts: {
    account_id: string;
    task: string;
    at: number;
  };
  /** The time model's beliefs (migration 017): each task's ln-seconds difficulty, each solver's skill in an edition. */
  task_times: {
    task: string;
    mean: number;
    variance: number;
    attempts: number;
    updated_at: number;
  };
  solver_times: {
    account_id: string;
    edition: string;
    mean: number;
    variance: number;
    attempts: number;
    updated_at: number;
  };
  /** Each first attempt counted, with its time (ms from the deal; `solved` 0: censored there), for the batch fit. */
  timed_attempts: {
    account_id: string;
    task: string;
    ms: number;
    solved: number;
    at: number;
  };
  rating_history: {
    account_id: string;
    edition: string;
    game_id: string;
    mu: number;
    sigma: number;
    at: number;
    /** The player's place in the game (null: rated before places were kept). */
    place: number | null;
  };
  seasons: {
    id: string;
    starts_at: number;
    turned_at: number;
  };
  season_results: {
    season: string;
    edition: string;
    account_id: string;
    place: number;
    mu: number;
    sigma: number;
    rating: number;
    games: number;
  };
  /** Boards players made (migration 030, boards/store.ts). */
  player_boards: {
    id: string;
    account_id: string;
    name: string;
    grid: string;
    spec: string;
    solutions: number;
    difficulty: number;
    created_at: number;
    hidden_at: number | null;
  };
  /** A solved, verified run of a player's board (migration 030). */
  board_times: {
    run_id: number;
    board_id: string;
    account_id: string;
    ms: number;
    at: number;
  };
  /** Challenges between friends (migration 035, challenges/store.ts). */
  challenges: {
    id: string;
    from_account: string;
    to_account: string;
    run_id: number;
    created_at: number;
    expires_at: number;
    status: string;
    raced_run: number | null;
    winner: string | null;
    settled_at: number | null;
  };
}

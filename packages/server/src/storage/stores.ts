import type { Reports } from '../accounts/report-store.js';
import type { Accounts } from '../accounts/store.js';
import type { Arenas } from '../arena/store.js';
import type { PlayerBoards } from '../boards/store.js';
import type { Challenges } from '../challenges/store.js';
import type { Friends } from '../friends/store.js';
import type { Seasons } from '../rating/season-store.js';
import type { Ratings } from '../rating/store.js';
import type { CampaignMarks } from '../solo/courses/campaign-store.js';
import type { DailyAttempts } from '../solo/courses/daily-store.js';
import type { Reviews } from '../solo/review-store.js';
import type { SoloRuns } from '../solo/store.js';
import type { Games } from '../table/store.js';

/**
 * Where games and records are kept: each feature's store (its interface in the feature's folder),
 * all on one database and closed together. SQLite in-process by default, PostgreSQL
 * (`DATABASE_URL`) for processes that share one database, both through the same queries
 * (storage/kysely-*.ts); `openMemoryStores` for a server that keeps nothing. Each store's
 * implementations pass its contract suite (storage/contract/). The server holds this record and
 * hands each part the stores it uses.
 */
export interface Stores {
  /** The process the stores serve (`Games.owner`). */
  readonly owner: string;
  readonly games: Games;
  readonly soloRuns: SoloRuns;
  readonly campaign: CampaignMarks;
  readonly reports: Reports;
  readonly daily: DailyAttempts;
  readonly ratings: Ratings;
  readonly seasons: Seasons;
  readonly accounts: Accounts;
  readonly reviews: Reviews;
  readonly friends: Friends;
  readonly arenas: Arenas;
  readonly boards: PlayerBoards;
  readonly challenges: Challenges;
  /** Closes the database under them all (a store used after it fails). */
  close(): Promise<void>;
}

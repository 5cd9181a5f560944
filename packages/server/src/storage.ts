import type { Reports } from './accounts/report-store.js';
import type { Accounts } from './accounts/store.js';
import type { Arenas } from './arena/store.js';
import type { Friends } from './friends/store.js';
import type { Seasons } from './rating/season-store.js';
import type { Ratings } from './rating/store.js';
import type { CampaignMarks } from './solo/courses/campaign-store.js';
import type { DailyAttempts } from './solo/courses/daily-store.js';
import type { Reviews } from './solo/review-store.js';
import type { SoloRuns } from './solo/store.js';
import type { Games } from './table/store.js';

/**
 * Where games and records are kept: the five stores on one database, closed together. SQLite
 * in-process by default, PostgreSQL (`DATABASE_URL`) for processes that share one database, both
 * through the same queries (storage/kysely-*.ts); `MemoryStorage` for a server that keeps nothing.
 * Each store's implementations pass its contract suite (storage/*.test.ts). The implementations are
 * exported by storage/index.ts: this module is the types only, which they import.
 */
export interface Storage
  extends Games, SoloRuns, CampaignMarks, Reports, DailyAttempts, Ratings, Seasons, Accounts, Reviews, Friends, Arenas {
  close(): Promise<void>;
}

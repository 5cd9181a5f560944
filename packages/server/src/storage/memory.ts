import { MemoryAccounts } from './memory-accounts.js';
import { MemoryArenas } from './memory-arenas.js';
import { MemoryBoards } from './memory-boards.js';
import { MemoryChallenges } from './memory-challenges.js';
import { MemoryCampaignMarks } from './memory-campaign.js';
import { MemoryDaily } from './memory-daily.js';
import { MemoryFriends } from './memory-friends.js';
import { MemoryGames } from './memory-games.js';
import { MemoryRatings } from './memory-ratings.js';
import { MemoryReports } from './memory-reports.js';
import { MemoryReviews } from './memory-reviews.js';
import { MemorySeasons } from './memory-seasons.js';
import { Gate, MemoryStanding } from './memory-shared.js';
import { MemorySoloRuns } from './memory-solo-runs.js';
import type { Stores } from './stores.js';

/**
 * Stores that live and die with the process: for tests and servers that keep nothing. They behave
 * as the databases' do (kysely-*.ts); all pass the same contract suites. One gate closes them
 * together; the ratings, seasons, daily attempts and arenas name the accounts of the same set, the
 * reviews its runs. A store in memory is one process's: every game it holds under way is `owner`'s.
 */
export function openMemoryStores(owner = ''): Stores {
  const gate = new Gate();
  const accounts = new MemoryAccounts(gate);
  const accountOf = (id: string) => accounts.find(id);
  const standings = new MemoryStanding();
  const soloRuns = new MemorySoloRuns(gate, accountOf, standings);
  const ratings = new MemoryRatings(gate, accountOf);
  return {
    owner,
    games: new MemoryGames(gate, owner),
    soloRuns,
    campaign: new MemoryCampaignMarks(gate),
    reports: new MemoryReports(gate),
    daily: new MemoryDaily(gate, soloRuns, accountOf),
    reviews: new MemoryReviews(gate, soloRuns, standings),
    ratings,
    seasons: new MemorySeasons(gate, ratings, accountOf),
    accounts,
    friends: new MemoryFriends(gate),
    arenas: new MemoryArenas(gate, accountOf),
    boards: new MemoryBoards(gate, soloRuns, accountOf),
    challenges: new MemoryChallenges(gate),
    close: () => {
      gate.close();
      return Promise.resolve();
    },
  };
}

import { describe } from 'vitest';
import { accountsContract } from './accounts.js';
import { arenasContract } from './arenas.js';
import { boardsContract } from './boards.js';
import { campaignContract } from './campaign.js';
import { challengesContract } from './challenges.js';
import { dailyContract } from './daily.js';
import type { Opener } from './fixtures.js';
import { friendsContract } from './friends.js';
import { gamesContract } from './games.js';
import { ratingsContract } from './ratings.js';
import { reportsContract } from './reports.js';
import { reviewsContract } from './reviews.js';
import { seasonsContract } from './seasons.js';
import { soloRunsContract } from './solo-runs.js';

/** Every store's contract suite over one backend. */
export function allStoresContract(name: string, open: Opener): void {
  describe(`${name} storage`, () => {
    gamesContract(name, open);
    soloRunsContract(name, open);
    campaignContract(name, open);
    reportsContract(name, open);
    ratingsContract(name, open);
    accountsContract(name, open);
    reviewsContract(name, open);
    dailyContract(name, open);
    friendsContract(name, open);
    arenasContract(name, open);
    seasonsContract(name, open);
    boardsContract(name, open);
    challengesContract(name, open);
  });
}

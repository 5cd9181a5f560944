import type { RaceEdition } from '@ubongo/core';
import type { Account } from '../accounts/store.js';
import type { Named, SeasonResult, Seasons, SeasonStanding, SeasonStart, SeasonTurn } from '../rating/season-store.js';
import { RATING_BOARD, rankOf } from '../leaderboards.js';
import type { MemoryRatings } from './memory-ratings.js';
import type { Gate } from './memory-shared.js';

/** The seasons of a store in memory: their turns and kept boards, over the ratings store's ratings and history. */
export class MemorySeasons implements Seasons {
  private readonly seasons = new Map<string, SeasonStart>();
  private readonly results: SeasonResult[] = [];

  /** `played` is the ratings store of the same set (a turn widens its ratings), `account` the accounts store's lookup. */
  constructor(
    private readonly gate: Gate,
    private readonly played: MemoryRatings,
    private readonly account: (id: string) => Account | undefined,
  ) {}

  /**
   * The board's players of an edition (claimed, with `RATING_BOARD.games` rated games from `from` to
   * `to`), best first, with those games counted.
   */
  #seasonPlayers(edition: RaceEdition, from: number, to: number) {
    return [...this.played.ratings.values()]
      .flatMap((r) => {
        const a = r.edition === edition ? this.account(r.accountId) : undefined;
        const played = [...this.played.history.values()].filter(
          (h) => h.accountId === r.accountId && h.edition === edition && h.at >= from && h.at < to,
        ).length;
        if (!a || a.username === null || played < RATING_BOARD.games) return [];
        return [{ rating: r, name: a.name, username: a.username, games: played }];
      })
      .sort((a, b) => rankOf(b.rating) - rankOf(a.rating) || (a.rating.accountId < b.rating.accountId ? -1 : 1));
  }

  turnSeason(turn: SeasonTurn): Promise<boolean> {
    return this.gate.run(() => {
      if (this.seasons.has(turn.id)) return false;
      this.seasons.set(turn.id, { id: turn.id, startsAt: turn.startsAt });
      const { ending } = turn;
      if (ending)
        for (const edition of new Set([...this.played.ratings.values()].map((r) => r.edition)))
          this.#seasonPlayers(edition, ending.startsAt, turn.startsAt).forEach((p, i) => {
            const { accountId, mu, sigma } = p.rating;
            const rating = turn.shown(p.rating);
            this.results.push({
              season: ending.id,
              edition,
              accountId,
              place: i + 1,
              mu,
              sigma,
              rating,
              games: p.games,
            });
          });
      for (const [key, r] of this.played.ratings) this.played.ratings.set(key, { ...r, sigma: turn.widen(r.sigma) });
      return true;
    });
  }

  seasonsTurned(): Promise<SeasonStart[]> {
    return this.gate.run(() =>
      [...this.seasons.values()].sort((a, b) => b.startsAt - a.startsAt).map((s) => ({ ...s })),
    );
  }

  seasonBoard(
    edition: RaceEdition,
    since: number,
    top: number,
    skip = 0,
  ): Promise<(Named & { accountId: string; mu: number; sigma: number; games: number })[]> {
    return this.gate.run(() =>
      this.#seasonPlayers(edition, since, Infinity)
        .slice(skip, skip + top)
        .map((p) => ({
          accountId: p.rating.accountId,
          name: p.name,
          username: p.username,
          mu: p.rating.mu,
          sigma: p.rating.sigma,
          games: p.games,
        })),
    );
  }

  seasonStanding(edition: RaceEdition, since: number, accountId: string): Promise<SeasonStanding> {
    return this.gate.run(() => {
      const games = [...this.played.history.values()].filter(
        (h) => h.accountId === accountId && h.edition === edition && h.at >= since,
      ).length;
      const board = this.#seasonPlayers(edition, since, Infinity);
      const at = board.findIndex((p) => p.rating.accountId === accountId);
      return { games, place: at < 0 ? null : at + 1 };
    });
  }

  seasonResults(season: string, edition: RaceEdition, top: number, skip = 0): Promise<(SeasonResult & Named)[]> {
    return this.gate.run(() =>
      this.results
        .filter((r) => r.season === season && r.edition === edition)
        .sort((a, b) => a.place - b.place)
        .slice(skip, skip + top)
        .flatMap((r) => {
          const a = this.account(r.accountId);
          return a ? [{ ...r, name: a.name, username: a.username }] : [];
        }),
    );
  }

  playerSeasons(accountId: string): Promise<(SeasonResult & { of: number })[]> {
    return this.gate.run(() =>
      this.results
        .filter((r) => r.accountId === accountId)
        .map((r) => ({
          ...r,
          of: this.results.filter((o) => o.season === r.season && o.edition === r.edition).length,
        }))
        .sort((a, b) => (a.season < b.season ? 1 : a.season > b.season ? -1 : a.edition < b.edition ? -1 : 1)),
    );
  }
}

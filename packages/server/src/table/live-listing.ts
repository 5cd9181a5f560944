import type { LiveEntry, RaceEdition } from '@ubongo/core';
import { displayOf } from '../rating/ratings.js';
import type { RoomServices } from '../services.js';
import { liveEntryOf, liveKindOf } from './live.js';
import type { RaceMaster } from './race-master.js';

/** What a table's listing reads of its room: its code, whether it is public, its master, its services. */
export interface ListedRoom {
  readonly roomId: string;
  readonly isPublic: boolean;
  readonly master: RaceMaster;
  readonly services: Pick<RoomServices, 'stores' | 'log'>;
  /** Puts the entry in the room's listing's metadata (`live`), where every process reads it. */
  setLive(entry: LiveEntry | null): void;
}

/**
 * A race room's entry on the live page (live.ts), kept in the room's listing when it changed: a
 * listed table's game from its start until it ends, else none. At a rated table the players'
 * ratings are read once a game, then listed.
 */
export class LiveListing {
  /** The entry as last listed (JSON), the game it lists since when, and its rated players' ratings. */
  #listed = 'null';
  #listedSince: { readonly game: string; readonly at: number } | null = null;
  #ratings: { readonly game: string; readonly byAccount: Map<string, number> } | null = null;

  constructor(private readonly room: ListedRoom) {}

  /** Lists the game as it stands, if that changed its entry. */
  list(): void {
    const { master, roomId, isPublic } = this.room;
    const game = master.game;
    const table = master.table;
    const kind = liveKindOf(isPublic, table.settings, table.arena !== undefined);
    let entry = null;
    if (game && !game.finished && kind && !master.beginning) {
      if (this.#listedSince?.game !== game.id) this.#listedSince = { game: game.id, at: Date.now() };
      if (table.settings.rated && this.#ratings?.game !== game.id) this.#readRatings(game.id, game.edition);
      entry = liveEntryOf({
        code: roomId,
        kind,
        view: game.view(null),
        seats: table.seats,
        watchers: table.watchers.size,
        ratings: this.#ratings?.game === game.id ? this.#ratings.byAccount : new Map(),
        startedAt: this.#listedSince.at,
      });
    }
    const json = JSON.stringify(entry);
    if (json === this.#listed) return;
    this.#listed = json;
    this.room.setLive(entry);
  }

  /** The rated players' shown ratings in `edition` (a new player's 1500), for the live page; listed again once read. */
  #readRatings(game: string, edition: RaceEdition): void {
    const { master, services, roomId } = this.room;
    const byAccount = new Map<string, number>();
    this.#ratings = { game, byAccount };
    const accounts = master.table.seats.flatMap((s) =>
      s.occupant.kind === 'human' && s.accountId !== undefined && s.claimed === true ? [s.accountId] : [],
    );
    void Promise.all(
      accounts.map(async (id) => {
        const rating = (await services.stores.ratings.ratingsOf(id)).find((r) => r.edition === edition);
        byAccount.set(id, rating ? displayOf(rating) : 1500);
      }),
    )
      .then(() => {
        this.#listed = '';
        this.list();
      })
      .catch((e: unknown) => {
        services.log(`room ${roomId}: ratings not read for the live page: ${String(e)}`);
      });
  }
}

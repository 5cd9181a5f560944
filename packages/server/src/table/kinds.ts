import { ServerError } from '@colyseus/core';
import type { RaceJoinOptions } from '@ubongo/core';
import { MATCHMAKE_ERROR_CODES } from '@ubongo/core';
import { parseJoin } from '../rooms/messages.js';
import { raceJoinSchema } from '../protocol.js';
import type { ArenaTableOrder, Restoration, Resumption, RoomServices } from '../services.js';
import type { MatchOrder } from './match-order.js';
import { takeMatch } from './match-order.js';
import type { RaceRoomOf } from './race-state.js';
import { takeResumption } from './resume.js';
import { settingsOf, Table, tableCode } from './table.js';

/*
 * The kinds of table a race room is made for, each read from the options the room is created
 * with: a table a client asked for (casual, public for quick match or private by its code), an
 * arena's, one the rated queue made, a game the server resumes after a restart, and a table kept
 * between games brought back after one. Each kind sets the room up in one way (`setUp`); the room
 * (race-room.ts) is the same for all.
 */

/** What a race room is created for. */
export type TableOrder =
  | { readonly kind: 'casual'; readonly public: boolean; readonly settings: NonNullable<RaceJoinOptions['settings']> }
  | { readonly kind: 'arena'; readonly order: ArenaTableOrder }
  | { readonly kind: 'matched'; readonly match: MatchOrder }
  | { readonly kind: 'resumed'; readonly resumption: Resumption }
  | { readonly kind: 'restored'; readonly restoration: Restoration };

/**
 * Quick-match tables are casual: one asked for as rated (create, or joinOrCreate's join) is refused
 * with a code of its own, so that nobody is seated at a table that would never start by itself.
 */
export function refuseRatedQuickMatch(isPublic: boolean, rated: boolean | undefined): void {
  if (isPublic && rated === true)
    throw new ServerError(
      MATCHMAKE_ERROR_CODES.publicRated,
      'quick-match tables are casual: a rated table is a private one, joined by its code',
    );
}

/** The kind of table a room's creation `options` ask for (those the server made are taken once, by their keys). */
export function orderOf(services: RoomServices, options: unknown): TableOrder {
  const key = (options as { arenaTable?: unknown } | undefined)?.arenaTable;
  const order = typeof key === 'string' ? services.arenas?.take(key) : undefined;
  if (order) return { kind: 'arena', order };
  const resumption = takeResumption(services.resumes, options);
  if (resumption)
    return 'table' in resumption ? { kind: 'restored', restoration: resumption } : { kind: 'resumed', resumption };
  const match = takeMatch(services.matches, options);
  if (match) return { kind: 'matched', match };
  const { public: open = false, settings = {} } = parseJoin(raceJoinSchema, options);
  refuseRatedQuickMatch(open, settings.rated);
  return { kind: 'casual', public: open, settings };
}

/** How a room is set for its kind of table. */
export interface RoomSetting {
  /** The room's id: a table's code; null for Colyseus's own (a quick-match table, found by nobody's code). */
  readonly code: string | null;
  /** Offered to quick match (while it has a free seat and has not started). */
  readonly public: boolean;
  /** Listed to nobody from the start. */
  readonly hidden: boolean;
  /** The `started` the room's metadata says from the start, if the kind says one. */
  readonly started?: boolean;
  /** Kept while it waits for its people after a restart, even with nobody connected. */
  readonly held: boolean;
  readonly table: Table;
  /** The rated queue's table: for how many people, starting with how few, made when (race-master.ts). */
  readonly match?: RaceRoomOf['match'];
  /** The accounts that may sit (the rated queue's table); anyone else watches. Undefined: anyone may. */
  readonly sitters?: readonly string[];
}

/** The room's setting for `order`, at game time `now`. */
export function setUp(order: TableOrder, now: number): RoomSetting {
  switch (order.kind) {
    case 'casual': {
      const table = new Table();
      // Fixed scoring is a classic variant: a table created for another edition plays standard.
      const { variant, ...rest } = order.settings;
      table.configure(rest);
      if (variant) table.configure({ variant });
      return {
        code: order.public ? null : tableCode(),
        public: order.public,
        hidden: !order.public,
        held: false,
        table,
      };
    }
    case 'arena': {
      // Private, rated, set by the arena, for the players it seated (others watch).
      const { code, arena, seating } = order.order;
      const table = new Table();
      table.arena = seating;
      table.configure({ edition: arena.edition, rounds: arena.rounds, rated: true });
      return { code, public: false, hidden: true, held: false, table };
    }
    case 'matched': {
      // Joined by the code the queue gave; its bots seated; it starts by itself (table.ts, MATCHED).
      const { match } = order;
      const table = new Table();
      table.configure({ edition: match.edition, rated: match.rated });
      for (const level of match.bots) table.addBot(level, 'easy');
      const info = { people: match.accounts.length, least: match.rated ? 2 : 1, madeAt: now };
      return {
        code: tableCode(),
        public: false,
        hidden: true,
        held: false,
        table,
        match: info,
        sitters: match.accounts,
      };
    }
    case 'resumed': {
      const { live, seats } = order.resumption;
      const table = Table.resumed({ ...settingsOf(live.config), rated: live.rated === true }, seats);
      // An arena's game: its points go to the arena when it ends (its table started long ago).
      if (live.arena) table.arena = { ...live.arena, startBy: 0 };
      return { code: live.room, public: live.public, hidden: true, started: true, held: true, table };
    }
    case 'restored': {
      const { table, game } = order.restoration;
      const hidden = !table.public;
      return {
        code: table.code,
        public: table.public,
        hidden,
        started: game !== null,
        held: true,
        table: Table.restored(table),
      };
    }
  }
}

import type { LobbyMessage, LobbySeat, StartBlocked } from '@ubongo/core';
import { EDITION_RULES, PROTOCOL_VERSION } from '@ubongo/core';
import { ratable } from '../rating/ratings.js';
import { SEATS } from './seats.js';
import type { Table } from './table.js';

/**
 * The lobby as one connection sees it (table-views.ts sends it). `matched`: a table the rated queue
 * made, hosted by nobody (it starts by itself, its settings fixed), whose people are not named to
 * each other until a game has begun there (docs/accounts.md, "Rated quick match").
 */
export function lobbyOf(
  table: Table,
  sessionId: string,
  room: Pick<
    LobbyMessage,
    | 'code'
    | 'public'
    | 'started'
    | 'game'
    | 'startsAt'
    | 'offerBotsAt'
    | 'serverNow'
    | 'timeScale'
    | 'resumeBy'
    | 'restartRound'
    | 'arena'
  >,
  matched: { readonly begun: boolean } | null = null,
): LobbyMessage {
  const mine = table.seatOf(sessionId);
  const unnamed = matched !== null && !matched.begun;
  return {
    protocol: PROTOCOL_VERSION,
    ...room,
    // (Nobody hosts an arena's table, nor the rated queue's: each sets and starts its own.)
    host:
      table.arena || matched
        ? -1
        : table.seats.findIndex((s) => s.sessionId !== undefined && s.sessionId === table.host),
    you: table.seats.findIndex((s) => s.sessionId === sessionId),
    spectators: table.watchers.size,
    settings: table.settings,
    free: SEATS - table.seats.length,
    variants: EDITION_RULES[table.settings.edition].variants,
    seats: table.seats.map((s): LobbySeat => {
      const shown = { id: s.id, side: s.side, connected: s.connected, ready: s.ready };
      if (unnamed && s.occupant.kind === 'human' && s.sessionId !== sessionId) return { kind: 'opponent', ...shown };
      return {
        ...s.occupant,
        ...shown,
        ...(s.occupant.kind === 'human'
          ? {
              guest: !ratable(s),
              ...(s.accountId === undefined ? {} : { account: s.accountId }),
              ...(s.username === undefined ? {} : { username: s.username }),
            }
          : {}),
      };
    }),
    seatKey: mine?.key ?? null,
    blocked: room.started ? null : blocked(table, room.public),
  };
}

/** Why a rated game cannot start with these seats (a person without a username), if it cannot. */
export function unratable(table: Pick<Table, 'seats'>): string | undefined {
  const guest = table.seats.find((s) => s.occupant.kind === 'human' && !ratable(s));
  return guest?.occupant.kind === 'human'
    ? `a rated game is for players with a username: ${guest.occupant.name} plays as a guest`
    : undefined;
}

/**
 * What keeps the table from starting as it stands (protocol's StartBlocked), for everyone at it:
 * people without a username at a rated table; at a quick-match table (`isPublic`), fewer than
 * the two people it starts with by itself. Null when nothing does.
 */
export function blocked(table: Pick<Table, 'seats' | 'settings'>, isPublic: boolean): StartBlocked | null {
  if (table.settings.rated) {
    const seats = table.seats.flatMap((s, i) => (s.occupant.kind === 'human' && !ratable(s) ? [i] : []));
    if (seats.length > 0) return { reason: 'guests-at-rated', seats };
  }
  const people = table.seats.filter((s) => s.occupant.kind === 'human').length;
  if (isPublic && people < 2) return { reason: 'too-few-people', people, need: 2 };
  return null;
}

import type { Occupant, Side, UnnamedOpponent } from '@ubongo/core';
import { createHash } from 'node:crypto';
import type { JournalSeat, StoredSeat } from './store.js';

/** A seat at the table: who sits in it, and for a person the connection while they have one. */
export interface Seat {
  /** The player's id in the game (`p1`..`p4`, by seat order when the game starts). */
  id: string;
  occupant: Occupant;
  side: Side;
  sessionId?: string;
  connected: boolean;
  ready: boolean;
  /** A person's key to the seat in a game under way, sent to them alone; known again when they bring it back. */
  key?: string;
  /** Its hash, kept in the journal. */
  keyHash?: string;
  /** The person's account, and whether it has a username. */
  accountId?: string;
  claimed?: boolean;
  /** The account's username, shown beside the name (not journaled: a seat resumed after a restart has it once its person is back). */
  username?: string;
}

/** A seat key's hash, as the journal keeps it. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A watcher: their name and side, and whether they came to play (the table was full or started). */
export interface Watcher {
  readonly name: string;
  readonly side: Side;
  readonly wantsSeat: boolean;
  readonly account?: SeatAccount;
}

/** Whose a person's seat is: the account, whether it has a username, and the username. */
export interface SeatAccount {
  readonly id: string;
  readonly claimed: boolean;
  readonly username?: string;
}

/** A signed-in player's seat account. */
export const seatAccount = (
  auth: { readonly id: string; readonly username: string | null } | undefined,
): SeatAccount | undefined =>
  auth && {
    id: auth.id,
    claimed: auth.username !== null,
    ...(auth.username === null ? {} : { username: auth.username }),
  };

/** Seats at a table. */
export const SEATS = 4;

/** A seat's name in English, for stored games and logs; clients put seats into words themselves. */
export function seatLabel(occupant: Occupant | UnnamedOpponent): string {
  switch (occupant.kind) {
    case 'human':
      return occupant.name;
    case 'opponent':
      return 'Opponent';
    case 'bot':
      return `Bot ${occupant.number} (${occupant.level})`;
    case 'stand-in':
      return `${occupant.for} (bot)`;
  }
}

/** The seats as the journal keeps them; a game's marks its `host`'s seat. */
export function journalSeatsOf(seats: readonly Seat[], host?: Seat): JournalSeat[] {
  return seats.map((s) => ({
    id: s.id,
    occupant: s.occupant,
    side: s.side,
    ...(s.keyHash === undefined ? {} : { keyHash: s.keyHash }),
    ...(s.accountId === undefined ? {} : { accountId: s.accountId, claimed: s.claimed === true }),
    ...(host !== undefined && s === host ? { host: true } : {}),
  }));
}

/** A seat of a game resumed after a restart, as the journal has it: its person away until they come back with their key. */
export function seatOfJournal(s: JournalSeat): Seat {
  return {
    id: s.id,
    occupant: s.occupant,
    side: s.side,
    connected: s.occupant.kind !== 'human',
    ready: true,
    ...(s.keyHash === undefined ? {} : { keyHash: s.keyHash }),
    ...(s.accountId === undefined ? {} : { accountId: s.accountId, claimed: s.claimed === true }),
  };
}

/** The seats as a stored game keeps them. */
export function storedSeatsOf(seats: readonly Seat[]): StoredSeat[] {
  return seats.map((s) => ({
    id: s.id,
    name: seatLabel(s.occupant),
    kind: s.occupant.kind === 'human' ? 'human' : 'bot',
    ...(s.occupant.kind === 'human' ? {} : { level: s.occupant.level }),
    occupant: s.occupant,
    ...(s.accountId === undefined ? {} : { accountId: s.accountId }),
  }));
}

/**
 * Sees usernames claimed since their people sat down: each person's seat whose account had no
 * username is looked up again (`lookup`, the accounts in storage, so a claim made through any
 * process counts). Says whether a seat changed.
 */
export async function refreshClaims(
  table: { readonly seats: readonly Seat[] },
  lookup: (id: string) => Promise<{ readonly username: string | null } | undefined>,
): Promise<boolean> {
  const unclaimed = table.seats.filter((s) => s.occupant.kind === 'human' && s.accountId !== undefined && !s.claimed);
  let changed = false;
  for (const seat of unclaimed) {
    const account = seat.accountId === undefined ? undefined : await lookup(seat.accountId);
    // The seat may have been left, or taken by another account, while the account was read.
    if (account?.username == null || !table.seats.includes(seat) || seat.claimed === true) continue;
    seat.claimed = true;
    seat.username = account.username;
    changed = true;
  }
  return changed;
}

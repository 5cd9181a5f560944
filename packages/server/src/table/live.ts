import { matchMaker } from '@colyseus/core';
import type { LiveEntry, LiveKind, LivePlayer } from '@ubongo/core';
import { BOT_LEVELS, compareLive, LIVE_KINDS, RACE_EDITIONS } from '@ubongo/core';
import { z } from 'zod';
import type { Http } from '../http/http-common.js';
import type { Seat } from './seats.js';
import { route } from '../http/route.js';

/*
 * The games in play that anyone may watch (docs/protocol.md, "Watching and reactions"). Each race
 * room keeps its entry in its listing's metadata (`live`), which Colyseus's driver keeps where
 * every process sees it (in memory for a lone process, in Redis for a cluster), as the matchmaker
 * finds quick-match tables; `GET /api/live` reads every process's listings through it.
 *
 * Listed: arenas' games (their tables are marked by the arena), quick-match games (public tables)
 * and rated tables' games; a casual private table's game is not (its code is shared by hand, and its
 * people did not ask for strangers). A game is listed from its start until it ends.
 */

/** How a table is listed when it plays: its kind, or null for a table that is not listed. */
export function liveKindOf(isPublic: boolean, settings: { readonly rated: boolean }, arena = false): LiveKind | null {
  if (arena) return 'arena';
  if (settings.rated) return 'rated';
  return isPublic ? 'casual' : null;
}

/** A seat as the live page shows it; `ratings` the rated players' shown ratings by account. */
export function livePlayerOf(seat: Seat, ratings: ReadonlyMap<string, number>): LivePlayer {
  const o = seat.occupant;
  if (o.kind === 'bot') return { kind: 'bot', name: '', level: o.level };
  if (o.kind === 'stand-in') return { kind: 'stand-in', name: o.for, level: o.level };
  const rating = seat.accountId === undefined ? undefined : ratings.get(seat.accountId);
  return {
    kind: 'human',
    name: o.name,
    ...(seat.username === undefined ? {} : { username: seat.username }),
    ...(seat.accountId === undefined ? {} : { account: seat.accountId }),
    ...(rating === undefined ? {} : { rating }),
  };
}

/** The average of the rated players' ratings, rounded; null with none. */
export function averageRating(players: readonly LivePlayer[]): number | null {
  const ratings = players.flatMap((p) => (p.rating === undefined ? [] : [p.rating]));
  return ratings.length === 0 ? null : Math.round(ratings.reduce((a, b) => a + b, 0) / ratings.length);
}

// A listing's metadata is outside input (another process wrote it, through Redis): read by a schema.
const livePlayer = z.object({
  kind: z.enum(['human', 'bot', 'stand-in']),
  name: z.string().max(100),
  level: z.enum(BOT_LEVELS).exactOptional(),
  username: z.string().max(100).exactOptional(),
  account: z.string().max(64).exactOptional(),
  rating: z.number().exactOptional(),
});
const liveEntry = z.object({
  code: z.string().max(64),
  kind: z.enum(LIVE_KINDS),
  edition: z.enum(RACE_EDITIONS),
  round: z.number().int().min(0),
  rounds: z.number().int().min(1),
  players: z.array(livePlayer).max(4),
  rating: z.number().nullable(),
  watchers: z.number().int().min(0),
  startedAt: z.number(),
});

/** A listing's entry, or null if it has none (or not one this server wrote). */
export function parseLiveEntry(metadata: unknown): LiveEntry | null {
  const live = (metadata as { live?: unknown } | null | undefined)?.live;
  if (live === undefined || live === null) return null;
  const parsed = liveEntry.safeParse(live);
  return parsed.success ? (parsed.data as LiveEntry) : null;
}

/** Every process's games in play, in the live page's order (`compareLive`). */
export async function liveGames(): Promise<LiveEntry[]> {
  const rooms = (await matchMaker.query({ name: 'race' })) as readonly { metadata?: unknown }[];
  return rooms.flatMap((r) => parseLiveEntry(r.metadata) ?? []).sort(compareLive);
}

/** `GET /api/live`. */
export function liveRoutes(app: Http): void {
  route(app, 'GET /api/live', {}, async () => ({ games: await liveGames() }));
}

/** What a room knows of its game for its live entry. */
export interface LiveGameOf {
  readonly code: string;
  readonly kind: LiveKind;
  readonly view: {
    readonly edition: LiveEntry['edition'];
    readonly rounds: number;
    readonly round: { readonly number: number } | null;
  };
  readonly seats: readonly Seat[];
  readonly watchers: number;
  /** The rated players' shown ratings by account (empty until read, and at a casual table). */
  readonly ratings: ReadonlyMap<string, number>;
  readonly startedAt: number;
}

/** A game's entry on the live page. */
export function liveEntryOf(g: LiveGameOf): LiveEntry {
  const players = g.seats.map((s) => livePlayerOf(s, g.ratings));
  return {
    code: g.code,
    kind: g.kind,
    edition: g.view.edition,
    round: g.view.round?.number ?? 0,
    rounds: g.view.rounds,
    players,
    rating: averageRating(players),
    watchers: g.watchers,
    startedAt: g.startedAt,
  };
}

import type { BotLevel } from './game/bot-model.js';
import type { RaceEdition } from './game/race.js';

/*
 * Watching and reacting (docs/protocol.md, "Watching and reactions"): the games in play a live
 * page lists, and the few preset reactions a seated player may send to the table. Types and lists
 * only: the server decides what is listed and who may react.
 */

/**
 * The preset reactions, by id: what goes on the wire (never the picture, never free text); each
 * client draws and names them in its own language.
 */
export const REACTIONS = ['thumbs-up', 'clap', 'wow', 'phew', 'fire', 'gg'] as const;
/** One of `REACTIONS`. */
export type ReactionId = (typeof REACTIONS)[number];

/** How often a seated player may react: a burst of `burst`, then one each `everySeconds` (the server refuses the rest). */
export const REACTION_ALLOWANCE = { burst: 3, everySeconds: 2 } as const;

/**
 * What kind of game a live page lists, in the order it lists them: an arena's table first, then
 * rated tables, then casual quick-match games. Within a kind, the higher average rating first.
 */
export const LIVE_KINDS = ['arena', 'rated', 'casual'] as const;
/** One of `LIVE_KINDS`. */
export type LiveKind = (typeof LIVE_KINDS)[number];

/** A player of a game in play, as a live page shows them: a person by name, a bot by level. */
export interface LivePlayer {
  readonly kind: 'human' | 'bot' | 'stand-in';
  /** A person's name, or for a stand-in the person it plays for; empty for a bot. */
  readonly name: string;
  /** A bot's (or stand-in's) level. */
  readonly level?: BotLevel;
  /** A person's username, when claimed. */
  readonly username?: string;
  /** A person's account's public id (their profile). */
  readonly account?: string;
  /** At a rated table, the person's shown rating in the edition when the game began. */
  readonly rating?: number;
}

/** A game in play that anyone may watch (`GET /api/live`). */
export interface LiveEntry {
  /** The table's code: watch it by joining with `spectate: true`. */
  readonly code: string;
  readonly kind: LiveKind;
  readonly edition: RaceEdition;
  /** The round being played or last played (0 before the first), of `rounds`. */
  readonly round: number;
  readonly rounds: number;
  readonly players: readonly LivePlayer[];
  /** The average shown rating of the rated players (rated and arena tables), else null. */
  readonly rating: number | null;
  /** Spectators at the table now. */
  readonly watchers: number;
  /** When the game began (the server's wall clock, ms since the epoch). */
  readonly startedAt: number;
}

/** `GET /api/live`: the games in play, in the order to show them (`compareLive`). */
export interface LiveAnswer {
  readonly games: readonly LiveEntry[];
}

/**
 * The live page's order: by kind (`LIVE_KINDS`), then the higher average rating (a game without
 * one after those with one), then the newer game.
 */
export function compareLive(a: LiveEntry, b: LiveEntry): number {
  const byRating = a.rating === b.rating ? 0 : (b.rating ?? -Infinity) - (a.rating ?? -Infinity);
  return (
    LIVE_KINDS.indexOf(a.kind) - LIVE_KINDS.indexOf(b.kind) ||
    byRating ||
    b.startedAt - a.startedAt ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

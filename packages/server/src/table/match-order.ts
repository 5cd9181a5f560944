import type { BotLevel, RaceEdition } from '@ubongo/core';

/**
 * A table the rated queue made, waiting for its room (race-room.ts takes it by the key the room is
 * created with): the edition, the accounts that may sit there, rated or casual, the bots it seats.
 */
export interface MatchOrder {
  readonly edition: RaceEdition;
  readonly accounts: readonly string[];
  readonly rated: boolean;
  readonly bots: readonly BotLevel[];
}

/** The table a race room is created for (`options.match`, its key), taken from those waiting; none for another table. */
export function takeMatch(matches: Map<string, MatchOrder> | undefined, options: unknown): MatchOrder | undefined {
  const key = (options as { match?: unknown } | null)?.match;
  if (typeof key !== 'string' || !matches) return undefined;
  const order = matches.get(key);
  matches.delete(key);
  return order;
}

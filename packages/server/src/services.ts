import type { Deck, DeckEdition } from '@ubongo/core';
import type { GameClock } from './clock.js';
import type { Limits } from './limits.js';
import type { Storage } from './storage.js';

/** What rooms need from the server around them. */
export interface RoomServices {
  readonly storage: Storage;
  readonly clock: GameClock;
  readonly decks: Readonly<Record<DeckEdition, Deck>>;
  /** A fresh seed for a game (crypto-random in production). */
  readonly seed: () => number;
  /** Where a room reports trouble that is not a player's fault. */
  readonly log: (message: string) => void;
  /** The server's limits (idle time, flood strikes, ...). */
  readonly limits: Limits;
}

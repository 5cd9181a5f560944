import type {
  LobbyMessage,
  RaceServerMessages,
  RaceViewMessage,
  Rejected,
  RoundProgress,
  RoundReveal,
} from '@ubongo/core';
import type { GameRoom } from '../net.js';

/**
 * What a table's screens share: the room, the last lobby and view, and who is who. Its own module,
 * so that the lobby, game and end screens need not import Race.tsx, which imports them.
 */
export interface Table {
  readonly room: GameRoom<'race'>;
  readonly lobby: LobbyMessage & { receivedAt: number };
  readonly view: (RaceViewMessage & { receivedAt: number }) | null;
  /** A player's name by their id in the game. */
  readonly nameOf: (id: string) => string;
  readonly rejected: Rejected | null;
  readonly clearRejected: () => void;
  readonly savedGame: string | null;
  /** The finished game as the server stored it, with a rated game's ratings before and after. */
  readonly saved: RaceServerMessages['saved'] | null;
  /** The last round revealed, until the next begins. */
  readonly reveal: RoundReveal | null;
  /** Each player's progress in the round being played, as the server last said (empty between rounds). */
  readonly progress: RoundProgress;
}

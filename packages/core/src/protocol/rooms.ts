import type { PracticeClientMessages, PracticeJoinOptions, PracticeServerMessages } from './practice.js';
import type { RaceClientMessages, RaceJoinOptions, RaceServerMessages } from './race.js';
import type { RatedClientMessages, RatedJoinOptions, RatedServerMessages } from './rated.js';
import type { SoloClientMessages, SoloJoinOptions, SoloServerMessages } from './solo.js';

// Every room's messages together, by room name.

/** Every room: the options to join it, what clients send, what the server sends. */
export interface Rooms {
  readonly race: {
    readonly join: RaceJoinOptions;
    readonly client: RaceClientMessages;
    readonly server: RaceServerMessages;
  };
  readonly solo: {
    readonly join: SoloJoinOptions;
    readonly client: SoloClientMessages;
    readonly server: SoloServerMessages;
  };
  readonly practice: {
    readonly join: PracticeJoinOptions;
    readonly client: PracticeClientMessages;
    readonly server: PracticeServerMessages;
  };
  readonly rated: {
    readonly join: RatedJoinOptions;
    readonly client: RatedClientMessages;
    readonly server: RatedServerMessages;
  };
}
/** `race`, `solo`, `practice` or `rated` (the rated queue). */
export type RoomName = keyof Rooms;

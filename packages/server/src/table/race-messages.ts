import type { Client, Room } from '@colyseus/core';
import type { RaceAction } from '@ubongo/core';
import type { Checks } from '../rooms/messages.js';
import { registrar, reject, rejectUnknown } from '../rooms/messages.js';
import { raceMessages } from '../protocol.js';
import type { RaceMaster } from './race-master.js';
import { TableReactions } from './reactions.js';
import { unratable } from './lobby.js';
import type { Seat } from './seats.js';

/** What a race room's messages act on, besides its master's table and game. */
export interface RaceHandlers {
  readonly isPublic: boolean;
  /** A table the rated queue made: its settings and seats are what the queue made them. */
  readonly matched?: boolean;
  /** The lobby changed: everyone is told. */
  changed(): void;
  /** Reads again the accounts of seated guests, to see usernames claimed since; says whether a seat changed. Never fails. */
  refreshClaims(): Promise<boolean>;
  /** Starts the game; says why not. */
  start(): string | undefined;
  /** The host calls everyone back to the lobby after the game. */
  rematch(): void;
  /** A seated player's action in the game (refusals go back to `from`). */
  play(action: RaceAction, from: { client: Client; type: string }): void;
}

/** Registers a race room's messages (protocol.ts checks their shapes): the lobby's, then the game's. */
export function registerRaceMessages(
  room: Room,
  checks: Checks,
  master: Pick<RaceMaster, 'table' | 'game' | 'boards'>,
  h: RaceHandlers,
): void {
  const on = registrar(room, raceMessages, checks);
  const { table } = master;
  // A reaction is passed on to everyone (reactions.ts), or refused.
  const reactions = new TableReactions(table, (body) => {
    room.broadcast('reaction', body);
  });
  /**
   * A change to the lobby by a seated player (or only the host): refused once the game has
   * started; a change that returns words is refused with them; otherwise everyone is told.
   */
  const lobby = (
    client: Client,
    type: string,
    who: 'host' | 'seated',
    change: (seat: Seat) => string | undefined,
    code: 'message/not-allowed' | 'message/malformed' | 'message/needs-username' = 'message/not-allowed',
  ): void => {
    if (master.game !== null) {
      reject(client, { to: type, code: 'message/wrong-phase', message: 'the game has started' });
      return;
    }
    const seat = table.seatOf(client.sessionId);
    const denied = table.denies(client.sessionId, who);
    const problem = denied ?? (seat && change(seat));
    if (problem) reject(client, { to: type, code: denied ? 'message/not-allowed' : code, message: problem });
    else h.changed();
  };
  /**
   * At a rated table with a guest at it, a username claimed since they sat down is seen first (the
   * claim is made over HTTP, maybe in another process: the accounts are read again), then `run`.
   */
  const withClaims = (run: () => void): void => {
    const guests = table.settings.rated && unratable(table) !== undefined;
    if (!guests) {
      run();
      return;
    }
    void h.refreshClaims().then((changed) => {
      if (changed && master.game === null) h.changed();
      run();
    });
  };
  on('settings', (client, data) => {
    lobby(
      client,
      'settings',
      'host',
      () =>
        h.matched === true
          ? 'a table the rated queue made keeps its settings'
          : data.rated === true && h.isPublic
            ? 'quick-match tables are casual'
            : table.configure(data),
      'message/malformed',
    );
  });
  on('add-bot', (client, data) => {
    lobby(client, 'add-bot', 'host', () =>
      h.matched === true
        ? 'a table the rated queue made keeps its seats'
        : table.addBot(data.level, data.side ?? 'easy'),
    );
  });
  on('remove-seat', (client, data) => {
    lobby(client, 'remove-seat', 'host', () =>
      h.matched === true ? 'a table the rated queue made keeps its seats' : table.removeBot(data.seat),
    );
  });
  on('side', (client, data) => {
    lobby(client, 'side', 'seated', (seat) => {
      seat.side = data.side;
      return undefined;
    });
  });
  on('ready', (client, data) => {
    withClaims(() => {
      lobby(client, 'ready', 'seated', (seat) => {
        seat.ready = data.ready;
        return undefined;
      });
    });
  });
  on('start', (client) => {
    withClaims(() => {
      // A rated table with a guest at it: the host is told who, with a code of its own.
      const guest = table.settings.rated ? unratable(table) : undefined;
      lobby(client, 'start', 'host', () => guest ?? h.start(), guest ? 'message/needs-username' : undefined);
    });
  });
  on('rematch', (client) => {
    const over = master.game?.finished ?? false;
    if (table.isHost(client.sessionId) && over) h.rematch();
    else
      reject(client, {
        to: 'rematch',
        code: over ? 'message/not-allowed' : 'message/wrong-phase',
        message: over ? 'only the host may call a rematch' : 'the game is not over',
      });
  });
  /** A seated player's action in the game; spectators watch. */
  const play = (client: Client, type: string, make: (player: string) => RaceAction): void => {
    const seat = table.seatOf(client.sessionId);
    const started = master.game !== null;
    if (started && seat) h.play(make(seat.id), { client, type });
    else
      reject(client, {
        to: type,
        code: started ? 'message/not-allowed' : 'message/wrong-phase',
        message: started ? 'spectators watch, they do not play' : 'the game has not started',
      });
  };
  on('claim', (client, data) => {
    play(client, 'claim', (player) => ({
      type: 'claim',
      player,
      placements: data.placements,
      ...(data.trail ? { trail: data.trail } : {}),
    }));
  });
  on('move', (client, data) => {
    play(client, 'move', (player) => ({ type: 'move', player, row: data.row }));
  });
  on('place', (client, data) => {
    play(client, 'place', (player) => ({ type: 'place', player, row: data.row }));
  });
  on('lay-out', (client) => {
    play(client, 'lay-out', (player) => ({ type: 'lay-out', player }));
  });
  on('progress', (client, data) => {
    const seat = table.seatOf(client.sessionId);
    const refused = seat
      ? master.boards.report(seat.id, data.down, data.placements)
      : ({ code: 'message/not-allowed', message: 'spectators watch, they do not play' } as const);
    if (refused) reject(client, { to: 'progress', ...refused });
  });
  on('react', (client, data) => {
    void reactions.react(client.sessionId, data.reaction).then((refused) => {
      if (refused) reject(client, { to: 'react', ...refused });
    });
  });
  rejectUnknown(room, checks);
}

import type { LobbyMessage, RaceServerMessages } from '@ubongo/core';
import { seesBoards } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import type { ProgressReports } from './progress-reports.js';
import type { RaceRoomOf, RaceState } from './race-state.js';
import { lobbyOf } from './lobby.js';
import type { Table } from './table.js';

type Out = RaceServerMessages;

/**
 * How the master reaches the room's connections (boardgame.io's transport): the room itself, or
 * a test's fake. The master sends only messages of core's protocol (`Out`).
 */
export interface RaceTransport {
  readonly clients: Iterable<{ readonly sessionId: string; send(type: string, body: unknown): void }>;
  broadcast(type: string, body: unknown): void;
}

/**
 * What a race table sends its connections (race-master.ts): the lobby and the game as each one
 * sees it, the last reveal and the stored game to whoever comes, and the messages to everyone.
 */
export class TableViews {
  constructor(
    private readonly services: { readonly clock: Pick<GameClock, 'now' | 'timeScale'> },
    private readonly room: RaceRoomOf,
    private readonly table: Table,
    private readonly transport: RaceTransport,
    private readonly s: RaceState,
    private readonly progress: ProgressReports,
  ) {}

  /** To everyone in the room. */
  all<K extends keyof Out>(type: K, body: Out[K]): void {
    this.transport.broadcast(type, body);
  }

  /** To each connection its own (none when `body` gives null). */
  each<K extends keyof Out>(type: K, body: (sessionId: string) => Out[K] | null): void {
    for (const client of this.transport.clients) {
      const message = body(client.sessionId);
      if (message) client.send(type, message);
    }
  }

  /** The referee's step could not be stored: the game waits; everyone is told, once until a write holds again. */
  tellNotSaved(): void {
    if (this.s.toldNotSaved) return;
    this.s.toldNotSaved = true;
    this.all('rejected', {
      to: 'save',
      code: 'message/not-saved',
      message: 'the server cannot store the game just now: it waits, and goes on once it can',
    });
  }

  /** A new game could not be stored, so it has not started: everyone is told. */
  tellNotStarted(): void {
    this.all('rejected', {
      to: 'start',
      code: 'message/not-saved',
      message: 'the server could not store the new game, so it has not started: try again in a moment',
    });
  }

  /** When a quick-match table starts by itself (table.ts, QUICK_MATCH): null for a private or started one. */
  startsAt(): number | null {
    if (this.s.restoredTable && this.s.resumeBy !== null) return null;
    if (this.s.game) return null;
    const arena = this.table.arena;
    if (arena) {
      // An arena's table starts once everyone it seated sits there, or at its deadline with two.
      const seated = this.table.seats.filter((s) => s.occupant.kind === 'human' && s.connected);
      if (seated.length < 2) return null;
      return arena.accounts.every((a) => seated.some((s) => s.accountId === a)) ? 0 : arena.startBy;
    }
    const { match } = this.room;
    if (match) return this.table.matchStartsAt(match.people, match.least, match.madeAt);
    return this.room.public ? this.table.startsAt() : null;
  }

  /** The lobby as one connection sees it (table.ts), at `now`. */
  #lobbyFor(sessionId: string, now: number): LobbyMessage {
    const game = this.s.game;
    const waiting = this.room.public && !game;
    return lobbyOf(
      this.table,
      sessionId,
      {
        code: this.room.id,
        public: this.room.public,
        started: game !== null,
        game: game?.id ?? null,
        startsAt: waiting ? this.table.startsAt() : this.room.match && !game ? this.startsAt() : null,
        offerBotsAt: waiting ? this.table.offerBotsAt() : null,
        serverNow: now,
        timeScale: this.services.clock.timeScale,
        resumeBy: this.s.resumeBy,
        restartRound: this.s.restartRound,
        ...(this.table.arena ? { arena: this.table.arena.arenaId } : {}),
      },
      // The rated queue's table names nobody before its game (a dodge would cost nothing).
      this.room.match ? { begun: this.s.begun } : null,
    );
  }

  /** Sends one connection (one who came or came back) the last round's reveal, until the next round begins. */
  revealTo(client: { send(type: string, body: unknown): void }): void {
    if (this.s.reveal) client.send('reveal', this.s.reveal satisfies Out['reveal']);
  }

  /** Sends one connection (one who came or came back) the finished game's `saved`, once it is stored. */
  savedTo(client: { send(type: string, body: unknown): void }): void {
    if (this.s.saved) client.send('saved', this.s.saved satisfies Out['saved']);
  }

  /** Sends everyone the lobby as they see it. */
  sendLobby(): void {
    const now = this.services.clock.now();
    this.each('lobby', (sessionId) => this.#lobbyFor(sessionId, now));
  }

  /** Sends everyone the game as they see it, once it has begun. */
  sendViews(): void {
    const now = this.services.clock.now();
    // The round's tasks, worked out once for all those who may see the boards.
    let tasks: Out['view']['tasks'];
    const tasksOnce = (): NonNullable<Out['view']['tasks']> => (tasks ??= this.s.game?.tasks() ?? {});
    this.each('view', (sessionId) => this.#viewFor(sessionId, now, tasksOnce));
  }

  /**
   * The game as one connection sees it (a spectator: as nobody), once it has begun; with the
   * round's boards (`tasks`, and where the pieces lie in `progress`) to whoever may see them
   * (core's `seesBoards`).
   */
  #viewFor(sessionId: string, now: number, tasks: () => NonNullable<Out['view']['tasks']>): Out['view'] | null {
    const game = this.s.game;
    if (!game || this.s.beginning) return null;
    const player = this.table.seatOf(sessionId)?.id ?? null;
    const round = game.roundInPlay;
    return {
      serverNow: now,
      timeScale: this.services.clock.timeScale,
      view: game.view(player),
      progress: this.progress.seenBy(game, player),
      ...(round && seesBoards(round, player) ? { tasks: tasks() } : {}),
      nextRoundAt: this.s.resumeBy === null ? game.nextRoundAt() : null,
    };
  }
}

import { rateRace } from '../rating/ratings.js';
import { arenaResults } from '../arena/arenas.js';
import type { GameJournal, TableJournal } from './journal.js';
import type { RaceGame } from './race-game.js';
import type { RaceMasterServices, RaceRoomOf, RaceState } from './race-state.js';
import type { Table } from './table.js';
import type { TableViews } from './table-views.js';

/**
 * The end of a race's game (race-master.ts): the finished game saved and, at a rated table, rated
 * (an arena's points too), the table kept between games, back to its lobby for a rematch, and the
 * room's close.
 */
export class GameEnd {
  constructor(
    private readonly services: RaceMasterServices,
    private readonly room: RaceRoomOf,
    private readonly table: Table,
    private readonly journal: GameJournal,
    /** The table kept between games, to come back after a restart (journal.ts). */
    private readonly kept: TableJournal,
    private readonly s: RaceState,
    private readonly views: TableViews,
  ) {}

  /**
   * Keeps the table as it stands, between games (a lobby, or a finished game's table once its
   * record is stored), to come back after a restart; a game under way is the journal's.
   */
  keep(): void {
    const game = this.s.game;
    if (this.s.beginning || (game !== null && game !== this.s.recorded)) return;
    const { id, public: open } = this.room;
    this.kept.keep(this.table.kept(id, open, game?.id ?? null, this.services.clock.now(), this.s.saved?.ratings));
  }

  /** Stores the game as it stands now (interrupted if it is not over), after the journal's writes. */
  saveNow(): Promise<void> {
    const game = this.s.game;
    if (game) this.s.saving = this.save(game);
    return this.s.saving ?? Promise.resolve();
  }

  /** Stores `game` as it stands now (interrupted if it is not over), after the journal's writes. */
  async save(game: RaceGame): Promise<void> {
    game.saved = true;
    const { stores, clock, log } = this.services;
    await this.journal.settled();
    const record = game.record(game.id, this.table.storedSeats(), clock.now());
    try {
      await stores.games.saveGame(record);
      const { rated } = this.table.settings;
      // A rated game is rated in the season under way: its turn is taken first (seasons.ts).
      if (record.result && rated)
        await this.services.seasons?.current().catch((e: unknown) => {
          log(`the season's turn failed: ${String(e)}`);
        });
      const ratings =
        record.result && rated
          ? await rateRace(stores, game, this.table.seats, this.s.solves?.implausible ?? new Set(), clock.now(), log)
          : [];
      if (record.result && this.table.arena)
        // (The game is stored: points that cannot be, are logged; the game is not unsaved for it.)
        await this.services.arenas
          ?.over(
            this.table.arena.arenaId,
            this.room.id,
            arenaResults(
              game.view(null).standings,
              this.table.seats,
              this.s.solves?.implausible ?? new Set(),
              new Set(ratings.filter((r) => r.limits.includes('closed-group')).map((r) => r.player)),
            ),
          )
          .catch((e: unknown) => {
            log(`room ${this.room.id}: arena points not stored: ${String(e)}`);
          });
      if (record.result) {
        this.s.recorded = game;
        const saved = { game: record.id, rated, ratings };
        if (this.s.game === game) {
          this.s.saved = saved;
          this.keep();
        }
        this.views.all('saved', saved);
      }
    } catch (e) {
      game.saved = false;
      log(`room ${this.room.id}: could not save the game: ${String(e)}`);
      this.views.each('rejected', () => ({
        to: 'save',
        code: 'message/not-saved',
        message: 'the server could not store this game',
      }));
    }
  }

  /**
   * Back to the lobby after a finished game, once it is saved; false if the game changed
   * meanwhile (another call got there first).
   */
  async rematch(): Promise<boolean> {
    const game = this.s.game;
    await this.s.saving;
    if (this.s.game !== game) return false;
    this.s.game = null;
    this.s.solves = null;
    this.s.reveal = null;
    this.s.recorded = null;
    this.s.saved = null;
    this.table.rematch();
    return true;
  }

  /**
   * The room closes, its steps done: the journal's writes and a save under way are waited for; a
   * game not yet saved is stored now, unless the server is stopping mid-game (it stays in the
   * journal, to resume on the next start).
   */
  async close(stopping: boolean): Promise<void> {
    await this.journal.settled();
    await this.s.saving;
    const game = this.s.game;
    if (game && !game.saved && (game.finished || !stopping)) await this.save(game);
    // An arena's table is over: whoever still sits at it is free (a game's results are in already);
    // unless its game stays in the journal, to resume on the next start and then end the table.
    const arena = this.table.arena;
    const resumes = stopping && game !== null && !game.finished;
    if (arena && !resumes)
      await this.services.arenas?.over(arena.arenaId, this.room.id, []).catch((e: unknown) => {
        this.services.log(`room ${this.room.id}: arena ${arena.arenaId} not told the table closed: ${String(e)}`);
      });
    // A table closed for good is forgotten; one the server stops with stays kept, to come back.
    if (!stopping) this.kept.drop(this.room.id);
    await this.kept.settled();
  }
}

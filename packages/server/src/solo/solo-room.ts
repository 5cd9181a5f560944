import type { Client } from '@colyseus/core';
import { Room } from '@colyseus/core';
import type {
  CourseOutcome,
  DieFace,
  ErrorCode,
  Result,
  SoloAction,
  SoloConfig,
  SoloClientMessages,
  SoloEngine,
  SoloEvent,
  SoloJoinOptions,
  SoloResult,
  SoloCourse,
  SoloServerMessages,
  SoloState,
} from '@ubongo/core';
import { err, ok, soloEngine } from '@ubongo/core';
import { AccountError } from '../accounts/accounts.js';
import { ChallengeBook } from '../challenges/challenges.js';
import type { RacePlan } from '../challenges/race.js';
import { dailyAllows, planRace } from '../challenges/race.js';
import {
  expireWhenIdle,
  guarded,
  heard,
  parseJoin,
  refusal,
  registrar,
  reject,
  rejectUnknown,
  sender,
} from '../rooms/messages.js';
import type { CoursePlan, StoredCourseRun } from './courses.js';
import { courseOf } from './courses.js';
import type { Ghost } from './ghosts.js';
import { findGhost, ghostMessage } from './ghosts.js';
import { soloJoinSchema, soloMessages } from '../protocol.js';
import { nearLevel } from '../rating/puzzles.js';
import type { RoomServices } from '../services.js';
import { SoloRun } from './solo-run.js';
import type { Account } from '../accounts/store.js';
import type { Timer } from '../rooms/timers.js';
import { Timers } from '../rooms/timers.js';

/**
 * One player alone, a solo variant: a timed run or a number of puzzles. The server keeps the
 * clock and the score, so records are earned; what follows a step is the run's (solo-run.ts).
 */
export class SoloRoom extends Room {
  services!: RoomServices;
  readonly #send = sender<SoloServerMessages>(this);
  #options!: SoloJoinOptions;
  #engine!: SoloEngine;
  #state: SoloState | undefined;
  #seed = 0;
  #timer: Timer | undefined;
  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();
  #player = '';
  /** The account playing, once it has come. */
  #account: Account | undefined;
  /** The run of the account playing, once it has started. */
  #run: SoloRun | undefined;
  /** The tasks a run dealt at the player's level deals from, looked up when the player comes. */
  #pool: Promise<{ board: string; key: DieFace }[] | undefined> = Promise.resolve(undefined);
  /** The course's run once it has started. */
  #course: CoursePlan | undefined;
  /** The recorded run raced (the `ghost` option), once found as the run is set up. */
  #ghost: Ghost | undefined;
  /** The challenge raced (the `challenge` option), once found as the run is set up. */
  #challenge: { readonly id: string; readonly plan: RacePlan } | undefined;
  #starting = false;
  /** The run has finished (it is stored, or being stored). */
  #finished = false;
  /** The server is stopping: the run ends, and no one left it. */
  #stopping = false;

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    const parsed = parseJoin(soloJoinSchema, options);
    // A challenge's race is the challenged run's setting and tasks: no course, ghost or dealing of its own.
    const { protocol, mode, limit, side, challenge } = parsed;
    this.#options = challenge === undefined ? parsed : { protocol, mode, limit, side, challenge };
    this.maxClients = 1;
    void this.setPrivate(true);
    this.#register();
    // A timed run under way ends by itself; a run of puzzles nobody plays expires.
    expireWhenIdle(
      this,
      this.services,
      this.#timers,
      () => this.#state?.phase === 'playing' && this.#state.endsAt !== null,
    );
  }

  override onJoin(client: Client, _options: unknown, auth?: Account): void {
    heard(this);
    // The matchmaker let in signed-in players only (server.ts): the run is the account's.
    this.#player = auth?.name ?? 'Player';
    this.#account = auth;
    if (auth) this.services.whereabouts.note(this.roomId, auth.id, { kind: 'solo' });
    const { stores, decks, log } = this.services;
    if (!this.#options.course && this.#options.dealing === 'level') {
      // The classic deck's tasks are keyed by die faces.
      this.#pool = nearLevel(stores, decks.classic, this.#options.side, auth?.id)
        .then((tasks) => tasks.map((t) => ({ board: t.board, key: t.key as DieFace })))
        .catch((e: unknown) => {
          log(`solo room ${this.roomId}: no tasks at the player's level, dealing shuffled boards: ${String(e)}`);
          return undefined;
        });
    }
    this.#send.to(client, 'solo', this.#options);
  }

  #register(): void {
    const on = registrar(this, soloMessages, this.services);
    on('start', (client) => {
      const { course } = this.#options;
      if (this.#state || this.#starting) {
        reject(client, { to: 'start', code: 'action/wrong-phase', message: 'the run has started' });
        return;
      }
      this.#starting = true;
      void this.#setUp().then(async (config) => {
        if (!config.ok) {
          this.#starting = false;
          const code = this.#options.challenge ? 'message/challenge-refused' : 'message/course-refused';
          reject(client, { to: 'start', code, message: config.error });
          return;
        }
        const ghost = await this.#findGhost();
        if (!ghost.ok) {
          this.#starting = false;
          reject(client, { to: 'start', ...ghost.error });
          return;
        }
        this.#ghost = ghost.value;
        // A solo run deals as its ghost did: the same seed shuffles the boards and rolls the die alike.
        this.#seed = ghost.value && !course ? ghost.value.run.seed : (this.#course?.seed ?? this.services.seed());
        const setup = this.#engine.setup(config.value, this.#seed);
        if (!setup.ok) {
          this.#starting = false;
          reject(client, refusal('start', setup.error));
          return;
        }
        this.#state = setup.value;
        const { decks } = this.services;
        const deck = this.#challenge?.plan.deck ?? this.#course?.deck ?? decks[this.#course?.edition ?? 'classic'];
        // A solo run raced against a ghost is never listed (the tasks were known); a course's keeps its kind.
        const dealing = course?.kind ?? (this.#ghost ? 'ghost' : this.#options.dealing);
        this.#run ??= new SoloRun(this.services, deck, this.roomId, this.#account?.id, {
          best: this.#options.best,
          dealing,
          raced: this.#ghost !== undefined || this.#course?.unrated === true,
        });
        if (this.#ghost) this.#send.to(client, 'ghost', ghostMessage(this.#ghost, [...Object.values(decks), deck]));
        this.#act(client, 'start', { type: 'start' });
        const plan = this.#course;
        if (course && plan && this.#state.phase !== 'waiting')
          courseOf(course)
            .started?.(course, plan, { account: this.#account }, this.services.clock.now(), this.services)
            .catch((e: unknown) => {
              this.services.log(
                `solo room ${this.roomId}: the ${course.kind} did not take the run's start: ${String(e)}`,
              );
            });
      });
    });
    on('claim', (client, data) => {
      this.#act(client, 'claim', { type: 'claim', placements: data.placements }, data);
    });
    on('skip', (client) => {
      this.#act(client, 'skip', { type: 'skip' });
    });
    rejectUnknown(this, this.services);
  }

  /** A course's run as its course plans it now (the day's, the level's), or why it may not be played. */
  async #planCourse(course: SoloCourse): Promise<Result<CoursePlan, string>> {
    try {
      return await courseOf(course).plan(course, { account: this.#account }, this.services);
    } catch (e) {
      this.services.log(`solo room ${this.roomId}: could not plan the ${course.kind} run: ${String(e)}`);
      return { ok: false, error: 'the server could not set up this run; try again' };
    }
  }

  /**
   * The run's configuration and engine: a course's (its deck, setting and tasks, planned as the run
   * starts), or the options' (shuffled boards, or the pool at the player's level). Or why a course
   * may not be played now.
   */
  async #setUp(): Promise<Result<SoloConfig, string>> {
    const { mode, limit, side, pieceSet = 'task', course } = this.#options;
    const player = this.#player;
    const { decks } = this.services;
    if (this.#options.challenge !== undefined) return this.#setUpChallenge(this.#options.challenge);
    if (course) {
      const plan = await this.#planCourse(course);
      if (!plan.ok) return plan;
      this.#course = plan.value;
      this.#engine = soloEngine(plan.value.deck ?? decks[plan.value.edition]);
      const { mode: m, limit: l, side: s, pieceSet: p, tasks, clock } = plan.value;
      return {
        ok: true,
        value: { player, mode: m, limit: l, side: s, pieceSet: p, tasks, ...(clock ? { clock } : {}) },
      };
    }
    const pool = await this.#pool;
    this.#engine = soloEngine(decks.classic);
    return { ok: true, value: { player, mode, limit, side, pieceSet, ...(pool ? { pool } : {}) } };
  }

  /** A challenge's race (challenges/race.ts): its sender's run is the ghost, its tasks the run's; or why not now. */
  async #setUpChallenge(id: string): Promise<Result<SoloConfig, string>> {
    const { stores, clock, decks } = this.services;
    try {
      const { run } = await new ChallengeBook(stores, () => clock.date()).toRace(this.#account, id);
      const allowed = await dailyAllows(run, this.#account?.id ?? '', clock.date(), stores);
      if (!allowed.ok) return allowed;
      const plan = await planRace(run, decks, stores);
      if (!plan.ok) return plan;
      this.#challenge = { id, plan: plan.value };
      this.#ghost = { kind: 'challenge', run, own: false };
      this.#engine = soloEngine(plan.value.deck);
      const { mode, limit, side, tasks } = plan.value;
      return ok({ player: this.#player, mode, limit, side, pieceSet: 'task', tasks });
    } catch (e) {
      if (e instanceof AccountError) return err(e.message);
      this.services.log(`solo room ${this.roomId}: could not set up challenge ${id}: ${String(e)}`);
      return err('the server could not set up this race; try again');
    }
  }

  /**
   * The ghost the options name, found as the run is set up (after its course's plan: a course's
   * ghost is of its task): none without the option; or why there is none to race.
   */
  async #findGhost(): Promise<Result<Ghost | undefined, { code: ErrorCode; message: string }>> {
    const { ghost, mode, limit, side, dealing, course } = this.#options;
    if (this.#challenge) return { ok: true, value: this.#ghost };
    if (!ghost) return { ok: true, value: undefined };
    try {
      return await findGhost(ghost, { mode, limit, side, dealing, course }, this.#course, this.#account, this.services);
    } catch (e) {
      this.services.log(`solo room ${this.roomId}: could not find the ghost: ${String(e)}`);
      return {
        ok: false,
        error: { code: 'message/failed', message: 'the server could not find the ghost; try again' },
      };
    }
  }

  /** Applies an action (`claim`: the claim's message, whose trail a solve is judged by). */
  #act(client: Client, type: string, action: SoloAction, claim?: SoloClientMessages['claim']): void {
    const state = this.#state;
    if (!state) {
      reject(client, { to: type, code: 'message/wrong-phase', message: 'send start first' });
      return;
    }
    const step = this.#engine.apply(state, action, this.services.clock.now());
    if (!step.ok) {
      reject(client, refusal(type, step.error));
      return;
    }
    this.#state = step.value.state;
    this.#run?.step(step.value.events, claim);
    this.#send.to(client, 'events', { events: step.value.events });
    this.#afterChange(step.value.events);
  }

  #afterChange(events: readonly SoloEvent[]): void {
    const state = this.#state;
    if (!state) return;
    this.#timer?.clear();
    if (state.phase === 'playing' && state.endsAt !== null) {
      this.#timer = this.#timers.after(
        guarded(`solo room ${this.roomId}: tick`, this.services.log, () => {
          const client = this.clients[0];
          if (client) this.#act(client, 'tick', { type: 'tick' });
        }),
        this.services.clock.until(state.endsAt) + 1,
      );
    }
    const finished = events.find((e) => e.type === 'finished');
    if (finished?.type === 'finished') {
      this.#finished = true;
      void this.#record(finished.result);
    }
    this.#sendView();
  }

  async #record(result: SoloResult): Promise<void> {
    const run = this.#run;
    if (!run) return;
    try {
      const { message, stored } = await run.record(result, this.#player, this.#seed);
      await this.#settleChallenge(stored);
      const outcome = await this.#courseOutcome(stored);
      const client = this.clients[0];
      if (client) this.#send.to(client, 'recorded', outcome ? { ...message, course: outcome } : message);
    } catch (e) {
      this.services.log(`solo room ${this.roomId}: could not save the result: ${String(e)}`);
      const client = this.clients[0];
      if (client)
        reject(client, {
          to: 'claim',
          code: 'message/not-saved',
          message: 'the server could not store this result; it will not be among the records',
        });
    }
  }

  /** A challenge's race is stored: the challenge's verdict (none if it closed meanwhile; a failure logged). */
  async #settleChallenge(stored: StoredCourseRun): Promise<void> {
    const challenge = this.#challenge;
    if (!challenge) return;
    const { stores, clock } = this.services;
    await new ChallengeBook(stores, () => clock.date())
      .settle(challenge.id, { id: stored.id, result: stored.result, verified: stored.verified })
      .catch((e: unknown) => {
        this.services.log(`solo room ${this.roomId}: could not settle challenge ${challenge.id}: ${String(e)}`);
      });
  }

  /** What a course's stored run came to, if the run is a course's (none if the course could not tell: logged). */
  async #courseOutcome(stored: StoredCourseRun): Promise<CourseOutcome | undefined> {
    const { course } = this.#options;
    const plan = this.#course;
    if (!course || !plan) return undefined;
    // Someone else's ghost showed a solution: the run earns nothing (no stars, never the day's attempt).
    if (this.#ghost && !this.#ghost.own) return undefined;
    try {
      return await courseOf(course).recorded?.(course, plan, { account: this.#account }, stored, this.services);
    } catch (e) {
      this.services.log(`solo room ${this.roomId}: the ${course.kind} could not take the stored run: ${String(e)}`);
      return undefined;
    }
  }

  /** The server is stopping: the run ends unstored, and a course does not take it as left by its player. */
  override onBeforeShutdown(): void {
    this.#stopping = true;
    super.onBeforeShutdown();
  }

  override onDispose(): void {
    this.#timers.close();
    this.services.whereabouts.clear(this.roomId);
    const { course } = this.#options;
    const plan = this.#course;
    if (course && plan && this.#state && !this.#finished && !this.#stopping)
      courseOf(course)
        .left?.(course, plan, { account: this.#account }, this.services.clock.now(), this.services)
        .catch((e: unknown) => {
          this.services.log(`solo room ${this.roomId}: the ${course.kind} did not take the run left: ${String(e)}`);
        });
    // A challenge's race left under way (its tasks seen, the ghost's solutions too) is lost.
    const challenge = this.#challenge;
    if (challenge && this.#state && !this.#finished && !this.#stopping) {
      const { stores, clock } = this.services;
      new ChallengeBook(stores, () => clock.date()).forfeit(challenge.id).catch((e: unknown) => {
        this.services.log(`solo room ${this.roomId}: could not forfeit challenge ${challenge.id}: ${String(e)}`);
      });
    }
    this.#run?.close();
    this.services.inPlay.clear(this.roomId);
  }

  #sendView(): void {
    const state = this.#state;
    const client = this.clients[0];
    if (!state || !client) return;
    const { clock } = this.services;
    this.#send.to(client, 'view', {
      serverNow: clock.now(),
      timeScale: clock.timeScale,
      ...this.#engine.view(state),
    });
  }
}

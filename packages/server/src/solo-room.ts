import type { Client, Delayed } from '@colyseus/core';
import { Room } from '@colyseus/core';
import type {
  SoloAction,
  SoloEngine,
  SoloEvent,
  SoloJoinOptions,
  SoloResult,
  SoloServerMessages,
  SoloState,
} from '@ubongo/core';
import { isNewBest, soloEngine } from '@ubongo/core';
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
} from './messages.js';
import { soloJoinSchema, soloMessages } from './protocol.js';
import type { RoomServices } from './services.js';
import type { Account } from './storage.js';

/**
 * One player alone, a solo variant: a timed run or a number of puzzles. The server keeps the
 * clock and the score, so records are earned.
 */
export class SoloRoom extends Room {
  services!: RoomServices;
  readonly #send = sender<SoloServerMessages>(this);
  #options!: SoloJoinOptions;
  #engine!: SoloEngine;
  #state: SoloState | undefined;
  #seed = 0;
  #timer: Delayed | undefined;
  /** The name of the account playing. */
  #player = '';

  override onCreate(options: unknown): void {
    this.#options = parseJoin(soloJoinSchema, options);
    this.maxClients = 1;
    void this.setPrivate(true);
    this.#engine = soloEngine(this.services.decks.classic);
    this.#register();
    // A timed run under way ends by itself; a run of puzzles nobody plays expires.
    expireWhenIdle(this, this.services, () => this.#state?.phase === 'playing' && this.#state.endsAt !== null);
  }

  override onJoin(client: Client, _options: unknown, auth?: Account): void {
    heard(this);
    // The matchmaker let in signed-in players only (server.ts): the run is the account's.
    this.#player = auth?.name ?? 'Player';
    this.#send.to(client, 'solo', this.#options);
  }

  #register(): void {
    const on = registrar(this, soloMessages, this.services);
    on('start', (client) => {
      const { mode, limit, side, pieceSet = 'task' } = this.#options;
      const name = this.#player;
      if (this.#state) {
        reject(client, { to: 'start', code: 'action/wrong-phase', message: 'the run has started' });
        return;
      }
      this.#seed = this.services.seed();
      const setup = this.#engine.setup({ player: name, mode, limit, side, pieceSet }, this.#seed);
      if (!setup.ok) {
        reject(client, refusal('start', setup.error));
        return;
      }
      this.#state = setup.value;
      this.#act(client, 'start', { type: 'start' });
    });
    on('claim', (client, data) => {
      this.#act(client, 'claim', { type: 'claim', placements: data.placements });
    });
    on('skip', (client) => {
      this.#act(client, 'skip', { type: 'skip' });
    });
    rejectUnknown(this, this.services);
  }

  #act(client: Client, type: string, action: SoloAction): void {
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
    this.#send.to(client, 'events', { events: step.value.events });
    this.#afterChange(step.value.events);
  }

  #afterChange(events: readonly SoloEvent[]): void {
    const state = this.#state;
    if (!state) return;
    this.#timer?.clear();
    if (state.phase === 'playing' && state.endsAt !== null) {
      this.#timer = this.clock.setTimeout(
        guarded(`solo room ${this.roomId}: tick`, this.services.log, () => {
          const client = this.clients[0];
          if (client) this.#act(client, 'tick', { type: 'tick' });
        }),
        this.services.clock.until(state.endsAt) + 1,
      );
    }
    const finished = events.find((e) => e.type === 'finished');
    if (finished?.type === 'finished') void this.#record(finished.result);
    this.#sendView();
  }

  async #record(result: SoloResult): Promise<void> {
    const { best } = this.#options;
    try {
      await this.services.storage.saveSolo({
        ...result,
        player: this.#player,
        seed: this.#seed,
        finishedAt: this.services.clock.now(),
      });
      const newBest = isNewBest(result, best ? { ...result, skipped: 0, ...best } : null);
      const client = this.clients[0];
      if (client) this.#send.to(client, 'recorded', { result, newBest });
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

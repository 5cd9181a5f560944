import type { Client, Delayed } from '@colyseus/core';
import { Room, ServerError } from '@colyseus/core';
import type {
  DeckEdition,
  DeckSide,
  Placement,
  Side,
  SoloAction,
  SoloEngine,
  SoloEvent,
  SoloResult,
  SoloState,
} from '@ubongo/core';
import { checkSolution, normalize, soloEngine } from '@ubongo/core';
import type { z } from 'zod';
import { guarded, registrar, reject, rejectUnknown } from './messages.js';
import { PROTOCOL_VERSION, soloJoinSchema, soloMessages } from './protocol.js';
import type { RoomServices } from './services.js';

type JoinOptions = z.infer<typeof soloJoinSchema>;

interface PracticeTask {
  edition: DeckEdition;
  board: string;
  side: Side;
  key: string;
  hints: number;
}

/**
 * One player alone: the solo variants (a timed run or a number of puzzles; the server keeps the
 * clock and the score, so records are earned) or practice on any task of either deck, with hints.
 */
export class SoloRoom extends Room {
  services!: RoomServices;
  #options!: JoinOptions;
  #engine: SoloEngine | undefined;
  #state: SoloState | undefined;
  #seed = 0;
  #timer: Delayed | undefined;
  #practice: PracticeTask = { edition: 'classic', board: 'C01', side: 'easy', key: '1', hints: 0 };

  override onCreate(options: unknown): void {
    const parsed = soloJoinSchema.safeParse(options);
    if (!parsed.success) throw new ServerError(400, `bad solo options: ${parsed.error.issues[0]?.message ?? ''}`);
    this.#options = parsed.data;
    this.maxClients = 1;
    void this.setPrivate(true);
    if (parsed.data.mode !== 'practice') this.#engine = soloEngine(this.services.decks.classic);
    this.#register();
  }

  override onJoin(client: Client): void {
    client.send('solo', { ...this.#options, protocol: PROTOCOL_VERSION });
    if (this.#options.mode === 'practice') this.#sendPractice(client);
  }

  #register(): void {
    const on = registrar(this, soloMessages, (m) => {
      this.services.log(m);
    });
    const runOnly = (client: Client, type: string): SoloEngine | undefined => {
      if (this.#engine) return this.#engine;
      reject(client, {
        to: type,
        code: 'message/wrong-phase',
        message: 'practice has no run to start, skip or finish',
      });
      return undefined;
    };
    on('start', (client) => {
      const engine = runOnly(client, 'start');
      const options = this.#options;
      if (!engine || options.mode === 'practice') return;
      if (this.#state) {
        reject(client, { to: 'start', code: 'action/wrong-phase', message: 'the run has started' });
        return;
      }
      this.#seed = this.services.seed();
      const setup = engine.setup(
        { player: options.name, mode: options.mode, limit: options.limit, side: options.side },
        this.#seed,
      );
      if (!setup.ok) {
        reject(client, { to: 'start', code: setup.error.code, message: setup.error.message });
        return;
      }
      this.#state = setup.value;
      this.#act(client, 'start', { type: 'start' });
    });
    on('claim', (client, data) => {
      if (this.#options.mode === 'practice') {
        this.#checkPractice(client, data.placements);
        return;
      }
      this.#act(client, 'claim', { type: 'claim', placements: data.placements });
    });
    on('skip', (client) => {
      if (runOnly(client, 'skip')) this.#act(client, 'skip', { type: 'skip' });
    });
    on('task', (client, data) => {
      if (this.#options.mode !== 'practice') {
        reject(client, { to: 'task', code: 'message/wrong-phase', message: 'tasks are chosen in practice' });
        return;
      }
      const side = this.services.decks[data.edition].boards.find((b) => b.id === data.board)?.sides[data.side];
      if (!side?.tasks.some((t) => t.key === data.key)) {
        reject(client, {
          to: 'task',
          code: 'message/malformed',
          message: `no task ${data.key} on ${data.edition} board ${data.board} ${data.side}`,
        });
        return;
      }
      this.#practice = { ...data, hints: 0 };
      this.#sendPractice(client);
    });
    on('hint', (client) => {
      const solution = this.#practiceSolution(client, 'hint');
      if (!solution) return;
      // Each hint places one more piece of a solution.
      const shown = Math.min(this.#practice.hints + 1, solution.length);
      this.#practice.hints = shown;
      client.send('hint', { placements: solution.slice(0, shown), of: solution.length });
    });
    on('solution', (client) => {
      const solution = this.#practiceSolution(client, 'solution');
      if (solution) client.send('solution', { placements: solution });
    });
    rejectUnknown(this);
  }

  #practiceSide(): DeckSide | undefined {
    const { edition, board, side } = this.#practice;
    return this.services.decks[edition].boards.find((b) => b.id === board)?.sides[side];
  }

  #practiceSolution(client: Client, type: string): readonly Placement[] | undefined {
    if (this.#options.mode !== 'practice') {
      reject(client, { to: type, code: 'message/wrong-phase', message: 'hints and solutions are for practice' });
      return undefined;
    }
    return this.#practiceSide()?.tasks.find((t) => t.key === this.#practice.key)?.solution;
  }

  #sendPractice(client: Client): void {
    const side = this.#practiceSide();
    const task = side?.tasks.find((t) => t.key === this.#practice.key);
    client.send('practice', {
      ...this.#practice,
      region: side?.region ?? [],
      pieces: task?.pieces ?? [],
      difficulty: task?.difficulty ?? null,
    });
  }

  #checkPractice(client: Client, placements: unknown): void {
    const { edition, key } = this.#practice;
    const deck = this.services.decks[edition];
    const side = this.#practiceSide();
    const task = side?.tasks.find((t) => t.key === key);
    if (!side || !task) return;
    const puzzle = {
      grid: deck.grid,
      region: side.region,
      pieces: task.pieces.map((id) => ({ id, cells: normalize(deck.pieces[id] ?? []) })),
    };
    const check = checkSolution(puzzle, placements);
    if (check.ok) client.send('checked', { solved: true });
    else
      reject(client, {
        to: 'claim',
        code: check.error[0]?.code ?? 'claim/malformed',
        message: check.error[0]?.message ?? 'not a solution',
        problems: check.error,
      });
  }

  #act(client: Client, type: string, action: SoloAction): void {
    const engine = this.#engine;
    const state = this.#state;
    if (!engine || !state) {
      reject(client, { to: type, code: 'message/wrong-phase', message: 'send start first' });
      return;
    }
    const step = engine.apply(state, action, this.services.clock.now());
    if (!step.ok) {
      reject(client, {
        to: type,
        code: step.error.code,
        message: step.error.message,
        ...(step.error.problems ? { problems: step.error.problems } : {}),
      });
      return;
    }
    this.#state = step.value.state;
    client.send('events', { events: step.value.events });
    this.#afterChange(step.value.events);
  }

  #afterChange(events: readonly SoloEvent[]): void {
    const state = this.#state;
    const engine = this.#engine;
    if (!state || !engine) return;
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
    try {
      await this.services.storage.saveSolo({
        ...result,
        player: this.#options.name,
        seed: this.#seed,
        finishedAt: this.services.clock.now(),
      });
      this.clients[0]?.send('recorded', { result });
    } catch (e) {
      this.services.log(`solo room ${this.roomId}: could not save the result: ${String(e)}`);
    }
  }

  #sendView(): void {
    const state = this.#state;
    const engine = this.#engine;
    const client = this.clients[0];
    if (!state || !engine || !client) return;
    const current = state.current ? { ...state.current, ...engine.puzzleOf(state.current) } : null;
    client.send('view', {
      serverNow: this.services.clock.now(),
      timeScale: this.services.clock.timeScale,
      phase: state.phase,
      mode: state.config.mode,
      limit: state.config.limit,
      side: state.config.side,
      startedAt: state.startedAt,
      endsAt: state.endsAt,
      solved: state.log.filter((e) => e.outcome === 'solved').length,
      skipped: state.log.filter((e) => e.outcome === 'skipped').length,
      current: current && {
        board: current.board,
        side: current.side,
        key: current.key,
        region: current.region,
        pieces: current.pieces.map((p) => p.id),
      },
      result: engine.result(state) ?? null,
    });
  }
}

import type {
  Deck,
  Implausibility,
  PastSolve,
  Placement,
  RaceAction,
  RaceEvent,
  Solve,
  TaskRef,
  TrailMove,
  Verdict,
} from '@ubongo/core';
import { endsInPlacements, findTask, judgeSolve, MAX_TRAIL_MOVES, puzzleOf } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import type { InPlay } from '../practice/in-play.js';
import type { Attempts } from '../rating/puzzles.js';
import type { ClaimReview } from './reviews.js';
import { judgeWhole } from './reviews.js';
import type { Stores } from '../storage/stores.js';

/** What judging and counting solves needs from the server around it. */
export interface SolvesServices {
  readonly stores: Pick<Stores, 'accounts'>;
  readonly attempts: Pick<Attempts, 'count'>;
  readonly inPlay: Pick<InPlay, 'deal' | 'clear'>;
  readonly clock: Pick<GameClock, 'now'>;
  readonly log: (message: string) => void;
}

/** Whose a player's board is, asked when it matters: a person or not (a bot, a stand-in), and the account. */
export interface Whose {
  readonly person: boolean;
  readonly account: string | undefined;
}

/** A claim as judged: its placements (accepted), and the move trail the player sent. */
export interface Claimed {
  readonly placements: readonly Placement[];
  readonly trail?: readonly TrailMove[] | undefined;
}

/**
 * The difficulty of a task the deck does not hold. Deals come from the deck, so this is a bug of
 * ours; the player is not made to pay for it: the lowest difficulty (docs/accounts.md: the floor
 * from difficulty 1) judges with the lowest human floor. A rating counted for such a task is
 * never shown nor dealt from (both go through the deck), so counting at it costs nothing.
 */
export const UNKNOWN_DIFFICULTY = 1;

/**
 * The boards dealt to people in one room (a race's rounds, a solo run's puzzles), from the deal
 * to the end of the attempt (docs/accounts.md): in play for the account until then (practice will
 * not solve them); each solve timed from its deal on the server's clock and judged against the
 * task's human floor and its move trail (core's judgeSolve), an implausible one flagging the
 * account; the attempt then counted for the task's and the person's puzzle ratings (puzzles.ts),
 * unless a solve of the player's in this game or run was implausible.
 */
export class Solves {
  readonly #dealt = new Map<string, { task: TaskRef; at: number }>();
  /** The players whose claims were flagged for review in this game (kept once). */
  readonly #flagged = new Set<string>();
  /** Each player's time to solve the board dealt to them (ms from the deal), once solved. */
  readonly #took = new Map<string, number>();
  readonly #implausible = new Set<string>();
  /** Why each player's solves were not a person's, by kind (a rated claim held by the run model is in neither). */
  readonly #why = new Map<string, Set<Implausibility>>();
  /** Each person's solves in this room so far, and each account's past solves once read (a rated game's). */
  readonly #runs = new Map<string, Solve[]>();
  readonly #history = new Map<string, PastSolve[] | 'reading'>();

  /**
   * `room` names the room's tasks in play; `labels.log` starts its log lines, `labels.flag` goes
   * into a flag's reason after the task (' in a race'); `whose` says whose a player's board is;
   * `review`, for a rated game, judges each claim with the player's earlier ones (`ClaimReview`).
   */
  constructor(
    private readonly services: SolvesServices,
    private readonly deck: Deck,
    private readonly room: string,
    private readonly labels: { readonly log: string; readonly flag: string },
    private readonly whose: (player: string) => Whose | undefined,
    private readonly review?: ClaimReview,
  ) {}

  /**
   * A game resumed after a restart: the players whose claims were held before it (kept by the
   * review) are implausible again, as they were, so that the game's ratings still put them last.
   */
  recall(): void {
    const { review } = this;
    if (!review) return;
    review.held().then(
      (players) => {
        for (const player of players) this.#implausible.add(player);
      },
      (e: unknown) => {
        this.services.log(`${this.labels.log}: could not read the held claims of ${review.gameId}: ${String(e)}`);
      },
    );
  }

  /** The players whose solves came faster than a person can (or with no hand's trail), this game or run. */
  get implausible(): ReadonlySet<string> {
    return this.#implausible;
  }

  /** The kinds of `player`'s solves that were not a person's, this game or run (trail.ts's `Implausibility`). */
  whyImplausible(player: string): Implausibility[] {
    return [...(this.#why.get(player) ?? [])];
  }

  /** Boards dealt now (replacing what the room had in play): each in play for its account, timed from now. */
  deal(deals: readonly (TaskRef & { readonly player: string })[]): void {
    const { inPlay, clock } = this.services;
    const now = clock.now();
    inPlay.clear(this.room);
    for (const { player, board, side, key } of deals) {
      this.#dealt.set(player, { task: { board, side, key }, at: now });
      this.#took.delete(player);
      const account = this.whose(player)?.account;
      if (account !== undefined) inPlay.deal(this.room, account, { edition: this.deck.edition, board, side, key });
      if (account !== undefined && this.review && !this.#history.has(account)) this.#readHistory(this.review, account);
    }
  }

  #readHistory(review: ClaimReview, account: string): void {
    this.#history.set(account, 'reading');
    review.history(account).then(
      (past) => this.#history.set(account, past),
      (e: unknown) => {
        this.#history.set(account, []);
        this.services.log(`${this.labels.log}: could not read the past solves of ${account}: ${String(e)}`);
      },
    );
  }

  /** Game time since `player`'s board was dealt (0 if none was). */
  since(player: string): number {
    const dealt = this.#dealt.get(player);
    return dealt ? this.services.clock.now() - dealt.at : 0;
  }

  /**
   * The time `player` spent on the board dealt to them: to its solve if they solved it, else to now
   * (an attempt that ends unsolved now is censored there). 0 if nothing was dealt.
   */
  spent(player: string): number {
    return this.#took.get(player) ?? this.since(player);
  }

  /**
   * `player` solved their board now (`claim`: the claim that did, if known). A person's solve is
   * judged; an implausible one is remembered and flags the account. Says whether it was plausible
   * (a solve by no person, or of no deal, is).
   */
  solved(player: string, claim: Claimed | undefined): boolean {
    const dealt = this.#dealt.get(player);
    if (dealt) this.#took.set(player, this.since(player));
    const whose = this.whose(player);
    if (!dealt || whose?.person !== true) return true;
    const task = findTask(this.deck, dealt.task);
    const took = this.since(player);
    const solve: Solve = {
      took,
      difficulty: task?.difficulty ?? UNKNOWN_DIFFICULTY,
      pieces: claim?.placements.map((p) => p.piece) ?? task?.pieces ?? [],
      trail: claim?.trail,
    };
    const verdict = this.#judgeSolve(solve, dealt.task, claim);
    if (verdict.plausible) return this.#judgeRun(player, whose, solve);
    this.#implausible.add(player);
    this.#why.set(player, new Set([...(this.#why.get(player) ?? []), verdict.kind]));
    const { account } = whose;
    if (account !== undefined) {
      const { board, side, key } = dealt.task;
      const reason = `solved ${board} ${side} ${key}${this.labels.flag} in ${(took / 1000).toFixed(2)} s, ${verdict.reason}`;
      const { stores, clock, log } = this.services;
      stores.accounts.flagAccount(account, reason, clock.now()).catch((e: unknown) => {
        log(`could not flag account ${account}: ${String(e)}`);
      });
    }
    return false;
  }

  /**
   * Core's judgeSolve, and then a whole trail that says where its pieces lay, played back, must end
   * in the placements the server accepted (trail-replay.ts's `endsInPlacements`): else its replay
   * shows another board than the one solved, as a trail whose every place lies off the board does.
   * A trail that says nowhere (sent before protocol 6) is replayed as the placements themselves.
   */
  #judgeSolve(solve: Solve, task: TaskRef, claim: Claimed | undefined): Verdict {
    const verdict = judgeSolve(solve);
    const { trail } = solve;
    const positioned = trail?.some((m) => m[1] === 'place' && m.length === 4) ?? false;
    if (!verdict.plausible || !claim || !trail || !positioned || trail.length >= MAX_TRAIL_MOVES) return verdict;
    if (!findTask(this.deck, task)) return verdict;
    return endsInPlacements(puzzleOf(this.deck, task), trail, claim.placements)
      ? verdict
      : { plausible: false, reason: 'with a trail that does not end in the placements claimed', kind: 'hand' };
  }

  /**
   * A rated game's claim that passed the floor, judged with the player's earlier solves of the
   * game and the account's past (`judgeWhole`): one showing what no person does makes the player
   * implausible (off the game's ratings) and is kept held; one the timing model only flags stays
   * rated and is kept for the review queue. Says whether the player is still plausible.
   */
  #judgeRun(player: string, whose: Whose, solve: Solve): boolean {
    const { review } = this;
    const { account } = whose;
    if (!review || account === undefined || this.#implausible.has(player)) return true;
    const earlier = this.#runs.get(player) ?? [];
    const past = this.#history.get(account);
    const verdict = judgeWhole([...earlier, solve], past === 'reading' ? [] : past);
    this.#runs.set(player, [...earlier, solve]);
    if (verdict.plausible) return true;
    // Held (unrated) only for what no person does; a flag keeps the claim rated, queued for a reviewer.
    const held = verdict.hold.length > 0;
    const { reasons } = verdict;
    const { clock, log } = this.services;
    // A player's claims are flagged once a game (the first that shows something), as a held one was.
    if (!held && this.#flagged.has(player)) return true;
    this.#flagged.add(player);
    log(
      `${this.labels.log}: claim of ${player} in game ${review.gameId} ${held ? 'held' : 'flagged'} for review: ${reasons.join('; ')}`,
    );
    review
      .hold({ gameId: review.gameId, player, accountId: account, reasons, at: clock.now(), held })
      .catch((e: unknown) => {
        log(`${this.labels.log}: could not keep a claim for review: ${String(e)}`);
      });
    if (!held) return true;
    this.#implausible.add(player);
    return false;
  }

  /**
   * The attempt at `task` (the board `player` was dealt) is over, solved or not, after `ms` from
   * its deal (to the verified solve; not solved, the time spent, censored there): it counts for
   * the task's rating and time-model belief if the player is a person with an account whose solves
   * were all plausible.
   */
  attempted(player: string, task: TaskRef, solved: boolean, ms: number): void {
    const whose = this.whose(player);
    if (whose?.person !== true || whose.account === undefined || this.#implausible.has(player)) return;
    const { attempts, clock, log } = this.services;
    const difficulty = findTask(this.deck, task)?.difficulty ?? UNKNOWN_DIFFICULTY;
    const { board, side, key } = task;
    attempts
      .count(
        { accountId: whose.account, edition: this.deck.edition, task: { board, side, key }, difficulty, solved, ms },
        clock.now(),
      )
      .catch((e: unknown) => {
        log(`${this.labels.log}: could not count an attempt: ${String(e)}`);
      });
  }

  /** Nothing is in play in the room any more (a round or a run ended, the room closed). */
  close(): void {
    this.services.inPlay.clear(this.room);
  }
}

/**
 * A race's step, as its solves see it: the boards dealt to people are in play for their accounts
 * until the round ends; each person's solve is judged (with the claim that made it); each board's
 * attempt is counted when the round ends, with its time (to the solve, or the round's end).
 */
export function trackRace(solves: Solves | null, events: readonly RaceEvent[], action: RaceAction): void {
  if (!solves) return;
  for (const event of events) {
    if (event.type === 'solved')
      solves.solved(event.player, action.type === 'claim' && action.player === event.player ? action : undefined);
    if (event.type === 'round-started') solves.deal(event.deals);
    if (event.type === 'round-ended')
      for (const deal of event.record.deals)
        solves.attempted(deal.player, deal, event.record.solved.includes(deal.player), solves.spent(deal.player));
    if (event.type === 'round-ended' || event.type === 'game-ended') solves.close();
  }
}

import type { DieFace, Side, TaskKey } from '../deck.js';
import { DIE_FACES } from '../deck.js';
import type { Mutable } from '../draft.js';
import type { ExtremeColour } from '../extreme.js';
import { EXTREME_COLOURS } from '../extreme.js';
import { randomInt, shuffle } from '../random.js';
import { afterRound } from './race-tie-break.js';
import type { RaceEvent, RaceState, RoundRecord, RoundState } from './race-types.js';
import { EDITION_RULES, JEWEL_ROWS, LAYOUT_MS } from './race-types.js';
import type { GameError, PlayerId } from './types.js';

/** Deals a round: pawns nobody placed go on rows drawn by lot, boards and tasks are dealt, the sand runs. */
export function startRound(s: Mutable<RaceState>, now: number, events: RaceEvent[]): void {
  for (const p of s.players) {
    if (p.pawn !== null) continue;
    p.pawn = randomInt(s.rng, JEWEL_ROWS);
    p.placedBy = 'lot';
    events.push({ type: 'placed', player: p.id, row: p.pawn, by: 'lot' });
  }
  const participants = s.tieBreak ? [...s.tieBreak.players] : s.players.map((p) => p.id);
  const number = (s.round?.number ?? 0) + 1;
  const dealt: string[] = [];
  for (let i = 0; i < participants.length; i++) {
    if (s.deck.length === 0) {
      s.deck = shuffle(s.rng, s.discard);
      s.discard = [];
    }
    dealt.push(s.deck.shift() as string);
  }
  const sideOf = (id: PlayerId): Side => s.players.find((p) => p.id === id)?.side ?? 'easy';
  let die: DieFace | undefined;
  let keys: TaskKey[];
  switch (EDITION_RULES[s.config.edition].task) {
    case 'colour':
      // Each player draws a colour hexagon from the bag.
      keys = shuffle(s.rng, EXTREME_COLOURS).slice(0, participants.length) as ExtremeColour[];
      break;
    case 'die': {
      const face = DIE_FACES[randomInt(s.rng, DIE_FACES.length)] as DieFace;
      die = face;
      keys = participants.map(() => face);
      break;
    }
  }
  const deals = participants.map((player, i) => ({
    player,
    board: dealt[i] as string,
    side: sideOf(player),
    key: keys[i] as TaskKey,
  }));
  // The roller: the first player, then each round the next to the left.
  const roller = s.players[(number - 1) % s.players.length]?.id ?? '';
  // Extreme with the whole set: the pieces are laid out first, and the sand is turned after.
  const layingOut = s.config.pieceSet === 'box' && EDITION_RULES[s.config.edition].findPieces === 'before-sand';
  const deadline = now + (layingOut ? LAYOUT_MS : s.config.hourglassSeconds * 1000);
  s.round = {
    number,
    tieBreak: s.tieBreak !== null,
    deals,
    ...(die === undefined ? {} : { die }),
    roller,
    deadline,
    secondChance: false,
    solved: [],
    moved: [],
    gains: {},
    moves: {},
    fromMarker: [],
    markerTakers: {},
    ...(layingOut ? { layout: { until: deadline, done: [] } } : {}),
  };
  s.phase = 'playing';
  events.push({
    type: 'round-started',
    round: number,
    tieBreak: s.tieBreak !== null,
    ...(die === undefined ? {} : { die }),
    roller,
    deals,
    deadline,
    ...(layingOut ? { layout: true as const } : {}),
  });
}

/** The sand is turned at `at`, once the pieces are laid out (docs/rules.md §3.6). */
function turnSand(s: Mutable<RaceState>, at: number, by: 'everyone' | 'time', events: RaceEvent[]): void {
  const round = s.round as Mutable<RoundState>;
  delete round.layout;
  round.deadline = at + s.config.hourglassSeconds * 1000;
  events.push({ type: 'sand-turned', deadline: round.deadline, by });
}

/** A player has laid out the pieces; once everyone has, the sand is turned. */
export function layOut(
  s: Mutable<RaceState>,
  player: PlayerId,
  now: number,
  events: RaceEvent[],
): GameError | undefined {
  const round = s.round as Mutable<RoundState>;
  if (!round.deals.some((d) => d.player === player))
    return { code: 'action/not-in-game', message: `${player} has no board this round` };
  const layout = round.layout;
  if (!layout) return { code: 'action/wrong-phase', message: 'the sand is running: there is nothing to lay out' };
  if (layout.done.includes(player))
    return { code: 'action/already-laid-out', message: `${player} has already laid out their pieces` };
  layout.done.push(player);
  events.push({ type: 'laid-out', player });
  if (layout.done.length === round.deals.length) turnSand(s, now, 'everyone', events);
  return undefined;
}

/** Ends the round: the marker pays into the bag, the round is recorded, and the game goes on or ends. */
export function endRound(s: Mutable<RaceState>, events: RaceEvent[]): void {
  const round = s.round as Mutable<RoundState>;
  const rules = EDITION_RULES[s.config.edition];
  if (!round.tieBreak && rules.reward === 'gems') {
    // The marker loses one sapphire and one amber every round; what the first two solvers did
    // not take goes into the bag (always, in the fixed-scoring variant).
    for (const gem of ['sapphire', 'amber'] as const) {
      if (!round.fromMarker.includes(gem) && s.marker[gem] > 0) {
        s.marker[gem]--;
        s.bag[gem]++;
      }
    }
  }
  for (const deal of round.deals) s.discard.push(deal.board);
  const record: RoundRecord = {
    round: round.number,
    tieBreak: round.tieBreak,
    secondChance: round.secondChance,
    ...(round.die === undefined ? {} : { die: round.die }),
    deals: round.deals,
    solved: round.solved,
    gains: round.gains,
    bag: { ...s.bag },
    marker: { ...s.marker },
    moves: round.moves,
    rows: s.rows.map((r) => [...r]),
  };
  (s.history as RoundRecord[]).push(record);
  s.phase = 'waiting';
  events.push({ type: 'round-ended', record });
  afterRound(s, round, events);
}

/** The time has come: the layout ends, the sand runs out for a second chance, or the round ends. */
export function tick(s: Mutable<RaceState>, now: number, events: RaceEvent[]): void {
  const round = s.round as Mutable<RoundState>;
  if (now < round.deadline) return;
  if (round.layout) {
    // The time to lay out is over: the sand is turned from when it ended, ready or not.
    turnSand(s, round.deadline, 'time', events);
    tick(s, now, events);
    return;
  }
  if (round.solved.length === 0 && !round.secondChance) {
    // Nobody solved: the hourglass is turned once more, from when it ran out; in a tie-break
    // round too (docs/rules.md §2.8), where the first solve wins as before.
    round.secondChance = true;
    round.deadline += s.config.hourglassSeconds * 1000;
    // A tie-break round leaves the bank and the bag alone.
    const bank = round.tieBreak ? 'play-on' : EDITION_RULES[s.config.edition].secondChance;
    switch (bank) {
      case 'first-stops':
        // Extreme: nobody will take the bank's sapphire and amber now; they go into the bag before
        // the second chance, so its first solver draws from them too (Italian rulebook).
        for (const gem of ['sapphire', 'amber'] as const) {
          if (s.marker[gem] > 0) {
            s.marker[gem]--;
            s.bag[gem]++;
          }
          round.fromMarker.push(gem);
        }
        break;
      case 'play-on':
        break;
    }
    events.push({ type: 'second-chance', deadline: round.deadline });
    if (now >= round.deadline) endRound(s, events);
    return;
  }
  endRound(s, events);
}

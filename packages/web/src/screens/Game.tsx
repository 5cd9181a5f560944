import type {
  Gem as GemName,
  JewelColour,
  LobbyMessage,
  RaceView,
  RaceViewMessage,
  RoundProgress,
  RoundReveal,
  TrailMove,
} from '@ubongo/core';
import { FIXED_SCORING, GEM_POINTS, GEMS, JEWEL_COLOURS } from '@ubongo/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePassed, useSameData, useTimeLeft } from '../hooks.js';
import { send } from '../net.js';
import { BoardPicture } from '../play/BoardPicture.js';
import type { Placements } from '../play/Puzzle.js';
import { PIECE_COLOURS } from '../play/draw.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound, play } from '../sound.js';
import {
  boardMove,
  Gem,
  Hourglass,
  Jewel,
  JEWEL_FILL,
  JEWEL_SHAPES,
  PlayBar,
  PlayerName,
  RejectedNote,
  SoundControl,
  TaskKey,
} from './common.js';
import { SeatReaction } from './reactions.js';
import { useRoundBoard } from './round-board.js';
import type { Table } from './table.js';

const ORDINAL_KEYS = ['first', 'second', 'third', 'fourth'];

/**
 * The board, re-rendered only when its own props change: the clocks tick in their own small
 * components (RoundSand, Countdown), and the task and callbacks it gets are kept the same objects
 * from one message to the next.
 */

/** A view message and when it came, on the player's clock. */
type Received = RaceViewMessage & { receivedAt: number };

/**
 * Real ms before a claim the server did not take for want of time is sent again: it could not store
 * it, or the address's allowance of messages was spent (a household's players behind one address).
 */
const CLAIM_AGAIN_MS = 2000;
const CLAIM_AGAIN_CODES: ReadonlySet<string> = new Set(['message/not-saved', 'message/too-fast']);

/** A round in play: my board and pieces, the sand, who has solved, the standings (and the jewel board). */
export function Game({ table, view: message }: { table: Table; view: Received }) {
  const { t } = useTranslation();
  const { room, nameOf, clearRejected } = table;
  const view = message.view;
  const round = view.round;
  const me = view.you;
  const myDeal = round?.deals.find((d) => d.player === me);
  const playing = view.phase === 'playing';
  const waitingFor = view.phase === 'waiting' ? message.nextRoundAt : null;
  // Extreme with the whole set: the pieces are laid out before the sand is turned (docs/rules.md §3.6).
  const layout = playing ? round?.layout : undefined;
  // After a server restart, the round played again from its start (the server says which), until it is dealt.
  const restartRound = playing ? null : table.lobby.restartRound;
  // Whether the sand has run out on my clock: this screen re-renders when it does, not with every tick.
  const ranOut = usePassed(playing && round && !layout ? round.deadline : null, message);
  const solvedAt = me && round ? round.solved.indexOf(me) : -1;
  const [checking, setChecking] = useState(false);
  // A claim the connection lost is sent again once the room is back.
  const pending = useRef<{ placements: Placements; trail: readonly TrailMove[] } | null>(null);

  const claim = useCallback(
    (placements: Placements, trail: readonly TrailMove[]) => {
      clearRejected();
      setChecking(true);
      pending.current = { placements, trail };
      if (room.connection.isOpen) send(room, 'claim', pending.current);
    },
    [room, clearRejected],
  );

  const { rejected } = table;
  useEffect(() => {
    // The server could not store the claim, or heard it too fast, so it did not take it: it is sent
    // again in a moment (until it is taken, or refused for another reason, such as the sand having run out).
    const again = pending.current;
    if (rejected?.to === 'claim' && CLAIM_AGAIN_CODES.has(rejected.code) && again && solvedAt < 0) {
      const id = setTimeout(() => {
        claim(again.placements, again.trail);
      }, CLAIM_AGAIN_MS);
      return () => {
        clearTimeout(id);
      };
    }
    if (rejected?.to === 'claim' || solvedAt >= 0) {
      setChecking(false);
      pending.current = null;
    }
    return undefined;
  }, [rejected, solvedAt, claim]);

  useEffect(() => {
    if (pending.current && room.connection.isOpen) send(room, 'claim', pending.current);
  }, [room]);

  // Each message brings a new copy of my task: the same one is handed to the board until it changes.
  const task = useSameData(view.task);
  const tray = useSameData(view.set);

  // My board of this round kept through a reload, and my pieces down told to the table.
  const { initial, onPlacements } = useRoundBoard(
    room,
    `${table.lobby.game ?? ''}:${round?.number ?? 0}:${myDeal ? `${myDeal.board}-${myDeal.side}-${myDeal.key}` : ''}`,
    task?.pieces.length ?? 0,
    playing && myDeal !== undefined && solvedAt < 0 && !ranOut,
    playing && table.lobby.restartRound === null,
  );

  // A new game screen, and each new round, opens at its top: the round, the die and the sand in view.
  const roundNumber = round?.number;
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [roundNumber]);

  // What a thumb needs while my board is shown, under it (PlayBar); made once, so as not to redraw the board.
  const controls = useMemo(() => <SoundControl />, []);

  const total = (view.hourglassSeconds * 1000) / message.timeScale;
  const gains = me && round ? (round.gains[me] ?? []) : [];
  // While my board is to be solved, the round fills the window (styles.css, .play-screen).
  const solving = playing && view.task !== null && myDeal !== undefined && solvedAt < 0 && !ranOut;
  // My board on the screen: the sound's button goes under it, within a thumb's reach.
  const boardShown = playing && task !== null && myDeal !== undefined && round !== null;
  // Between rounds (or, in a jewel game, before the pawns are placed), with the seconds to wait.
  const between = (seconds: number): string =>
    restartRound !== null
      ? t(waitingFor === null ? 'game.restartedWaiting' : 'game.restartedRound', {
          round: Math.min(restartRound, view.rounds),
          seconds,
        })
      : round === null && view.edition === 'jewels'
        ? t(view.place ? 'game.placeYourPawn' : 'game.pawnsBeingPlaced', { seconds })
        : waitingFor === null
          ? t('game.betweenRounds')
          : t('game.nextRoundIn', { seconds });
  return (
    <div className={solving ? 'game play-screen' : 'game'}>
      <div className="game-bar">
        <h1 className="round-title">
          {restartRound === null && round?.tieBreak
            ? t('game.tieBreakRound')
            : t('game.round', {
                round: Math.min(restartRound ?? round?.number ?? 1, view.rounds),
                rounds: view.rounds,
              })}
        </h1>
        {restartRound !== null ? null : myDeal ? (
          <span className="task-key">
            {view.edition === 'extreme' ? t('game.yourColour') : t('game.die')} <TaskKey value={myDeal.key} />
          </span>
        ) : (
          // Someone watching sees the die everyone plays by (in Extreme each has a colour of their own).
          round?.die !== undefined && (
            <span className="task-key">
              {t('game.die')} <TaskKey value={round.die} />
            </span>
          )
        )}
        {/* Fixed scoring takes nothing from the marker and nothing by lot (docs/rules.md §2.9): its gems by place instead. */}
        {view.edition !== 'jewels' && view.variant !== 'fixed' && (
          <Marker marker={view.marker} bank={view.edition === 'extreme'} />
        )}
        {view.edition !== 'jewels' && view.variant !== 'fixed' && <Bag count={view.bagSize} />}
        {view.variant === 'fixed' && <FixedGems />}
        {playing && round && !layout && (
          <RoundSand
            deadline={round.deadline}
            message={message}
            total={total}
            second={round.secondChance}
            audible={solvedAt < 0 && myDeal !== undefined}
          />
        )}
        {/* Players and watchers alike see how many watch. */}
        {table.lobby.spectators > 0 && (
          <span className="watchers" data-testid="watchers">
            {t('game.watchers', { count: table.lobby.spectators })}
          </span>
        )}
        {!boardShown && <SoundControl />}
      </div>
      <div className="game-grid">
        <section className="game-main" aria-label={t('game.yourBoard')}>
          {!playing && (
            <p className="between" role="status">
              {waitingFor === null ? (
                between(0)
              ) : (
                <Countdown at={waitingFor} message={message}>
                  {between}
                </Countdown>
              )}
            </p>
          )}
          {!playing && table.reveal && table.reveal.round === view.history[view.history.length - 1]?.round && (
            <RoundBoards reveal={table.reveal} view={view} nameOf={nameOf} />
          )}
          {playing && !me && <p className="between">{t('game.spectating')}</p>}
          {playing && me && !view.task && <p className="between">{t('game.sitOut')}</p>}
          {playing && task && myDeal && round && (
            <>
              {layout ? (
                <LayOut
                  key={round.number}
                  layout={layout}
                  round={round}
                  me={me}
                  message={message}
                  nameOf={nameOf}
                  onLaidOut={() => {
                    clearRejected();
                    send(room, 'lay-out');
                  }}
                />
              ) : solvedAt >= 0 ? (
                <p className="solved-banner" role="status">
                  {t('game.youSolved', { place: t(`ordinal.${ORDINAL_KEYS[solvedAt] ?? 'fourth'}`) })}{' '}
                  {gains.map((g, i) =>
                    view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
                  )}
                </p>
              ) : (
                <p className="task-line">
                  {t('game.coverIt', { board: myDeal.board, side: t(`sides.${myDeal.side}`) })}
                  {checking && ` ${t('game.checking')}`}
                </p>
              )}
              <Puzzle
                key={`${round.number}-${myDeal.board}-${myDeal.side}-${myDeal.key}`}
                task={task}
                tray={tray ?? undefined}
                disabled={solvedAt >= 0 || ranOut || layout !== undefined}
                solved={solvedAt >= 0}
                onComplete={claim}
                initial={initial}
                onPlacements={onPlacements}
                onMove={boardMove}
                onLift={liftSound}
                label={t('game.boardLabel', { board: myDeal.board })}
              />
              <PlayBar>{controls}</PlayBar>
            </>
          )}
          <RejectedNote rejected={table.rejected} onClose={clearRejected} />
        </section>
        <aside className="game-side">
          {view.edition === 'jewels' && <JewelBoard table={table} view={view} />}
          <Players view={view} nameOf={nameOf} seats={table.lobby.seats} progress={table.progress} />
          <LastRound view={view} nameOf={nameOf} />
        </aside>
      </div>
      <Travel view={view} />
    </div>
  );
}

/** The round's hourglass (it keeps its own time), its sand heard in the last ten seconds while my board is to be solved. */
function RoundSand({
  deadline,
  message,
  total,
  second,
  audible,
}: {
  deadline: number;
  message: Received;
  total: number;
  second: boolean;
  audible: boolean;
}) {
  // (Hourglass calls the latest of these: a new one each render restarts nothing.)
  const onSecond = (seconds: number): void => {
    if (audible && seconds > 0 && seconds <= 10) play('sand');
  };
  return <Hourglass deadline={deadline} clock={message} total={total} second={second} onSecond={onSecond} />;
}

/**
 * Extreme with the whole set, before the sand is turned: the player finds their colour's pieces
 * (the board shows which) and says they are laid out; then who the sand still waits for, and
 * the seconds left to lay out (docs/rules.md §3.6).
 */
/** How long the lay-out button waits for the server's word before it may be pressed again. */
const LAY_OUT_AGAIN_MS = 3000;

function LayOut({
  layout,
  round,
  me,
  message,
  nameOf,
  onLaidOut,
}: {
  layout: NonNullable<NonNullable<RaceView['round']>['layout']>;
  round: NonNullable<RaceView['round']>;
  me: string | null;
  message: Received;
  nameOf: (id: string) => string;
  onLaidOut: () => void;
}) {
  const { t } = useTranslation();
  // Sent once: the button waits for the server's word rather than sending again, and is offered
  // again if no word came (a message refused or lost on the way).
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const again = setTimeout(() => {
      setSent(false);
    }, LAY_OUT_AGAIN_MS);
    return () => {
      clearTimeout(again);
    };
  }, [sent]);
  const mine = me !== null && round.deals.some((d) => d.player === me);
  const done = me !== null && layout.done.includes(me);
  const waiting = round.deals.filter((d) => !layout.done.includes(d.player) && d.player !== me).map((d) => d.player);
  const names = waiting.map(nameOf).join(', ');
  return (
    <div className="lay-out">
      <p className="task-line" role="status">
        <Countdown at={layout.until} message={message}>
          {(seconds) =>
            mine && !done
              ? t('game.layOutYourPieces', { seconds })
              : waiting.length === 0
                ? t('game.sandTurning')
                : t('game.waitingLayOut', { names, count: waiting.length, seconds })
          }
        </Countdown>
      </p>
      {mine && !done && (
        <button
          type="button"
          className="primary lay-out-button"
          disabled={sent}
          onClick={() => {
            setSent(true);
            onLaidOut();
          }}
        >
          {t('game.laidOut')}
        </button>
      )}
    </div>
  );
}

/** The whole seconds until the game time `at`, said by `children`, with a clock of its own. */
function Countdown({
  at,
  message,
  children,
}: {
  at: number;
  message: Received;
  children: (seconds: number) => string;
}) {
  return children(Math.ceil(useTimeLeft(at, message) / 1000));
}

/**
 * The round marker (the bank in Extreme): the sapphires and ambers the first two solvers of a round
 * take, one of each leaving it every round.
 */
function Marker({ marker, bank }: { marker: RaceView['marker']; bank: boolean }) {
  const { t } = useTranslation();
  const label = t(bank ? 'game.bank' : 'game.marker', { sapphire: marker.sapphire, amber: marker.amber });
  // Named in words beside it: a phone shows no hover title.
  return (
    <span className="counter" role="img" aria-label={label}>
      <span className="counter-name" aria-hidden="true">
        {t(bank ? 'game.bankName' : 'game.markerName')}
      </span>
      <span className="marker" aria-hidden="true">
        {(['sapphire', 'amber'] as const).map((gem) => (
          <span key={gem} className="marker-gems" data-gem={gem}>
            <Gem gem={gem} />
            {marker[gem]}
          </span>
        ))}
      </span>
    </span>
  );
}

/** Fixed scoring: the gem each solving place takes, first to fourth, in place of the marker and the bag. */
function FixedGems() {
  const { t } = useTranslation();
  const label = t('game.fixedGems');
  return (
    <span className="counter" role="img" aria-label={label} data-testid="fixed-gems">
      <span className="counter-name" aria-hidden="true">
        {t('variants.fixed')}
      </span>
      <span className="marker fixed-gems" aria-hidden="true">
        {FIXED_SCORING.map((gem, i) => (
          <span key={gem} className="marker-gems" data-gem={gem}>
            {i + 1}
            <Gem gem={gem} />
          </span>
        ))}
      </span>
    </span>
  );
}

/** The bag the gems are drawn from, drawn, with how many are left in it. */
function Bag({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = t('game.bag', { count });
  return (
    <span className="counter bag" role="img" aria-label={label}>
      <span className="counter-name" aria-hidden="true">
        {t('game.bagName')}
      </span>
      <svg className="bag-picture" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        {/* Two gems in its open mouth, the cloth gathered under them by a string. */}
        <path d="M11.5 8.5 14 5l2.5 3.5L14 12Z" fill="#c1121f" stroke="#0006" strokeWidth="0.6" />
        <path d="M16 7l2.5-2.5L21 7l-1 3.5h-3Z" fill="#1d4ed8" stroke="#0006" strokeWidth="0.6" />
        <path
          className="bag-cloth"
          d="M10.5 12.5C5.5 16 3.5 20.5 4.5 25c1 4 5.5 5.5 11.5 5.5s10.5-1.5 11.5-5.5c1-4.5-1-9-6-12.5Z"
        />
        <path className="bag-cloth" d="M9 9.5c2 1.2 4 1.8 7 1.8s5-.6 7-1.8l-2 3.5h-10Z" />
        <path className="bag-string" d="M10.5 12.8h11M16 12.8l-2.5 4.5M16 12.8l2.5 4.5" />
      </svg>
      <span className="bag-count" aria-hidden="true">
        {count}
      </span>
    </span>
  );
}

/** How long a gem takes from the bag (the marker, the jewel board) to its taker, and the wait between two of one taking (ms). */
const TRAVEL_MS = 850;
const TRAVEL_GAP_MS = 180;
/** The landing: the gem in the standings swells and settles (ms). */
const LAND_MS = 300;

/** Whether the page is to stay still: the player asks for less motion (or it cannot animate, as jsdom). */
function stillPage(): boolean {
  return (
    typeof Element.prototype.animate !== 'function' ||
    typeof window.matchMedia !== 'function' ||
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Gems or jewels one player took, seen after this screen opened: `before` of the round's were there already. */
interface Taking {
  readonly player: string;
  readonly before: number;
  readonly items: readonly string[];
}

/**
 * Gems and jewels travel to whoever takes them, for each taking the view shows (the round's gains)
 * after this screen opened: from the round marker (its sapphire or amber) or the bag (classic,
 * Extreme), or from the front of the jewel board's row the taker's pawn stands on, to the taker's
 * row in the standings, where they land. What was taken before the screen opened is simply there,
 * as it is for those who ask for less motion.
 * Decoration only: copies of the gems the standings show, in a layer outside React's tree, moved
 * by transforms alone; the board does not re-render for them.
 */
function Travel({ view }: { view: RaceView }) {
  const layer = useRef<HTMLDivElement>(null);
  // How many of each player's gains of each round this screen has seen (null: none yet, it just opened).
  const seen = useRef<Map<string, number> | null>(null);
  useLayoutEffect(() => {
    const opened = seen.current === null;
    const counts = (seen.current ??= new Map<string, number>());
    const round = view.round;
    if (!round) return;
    const takings: Taking[] = [];
    for (const [player, items] of Object.entries(round.gains)) {
      const key = `${round.number}:${player}`;
      const before = counts.get(key) ?? 0;
      if (items.length <= before) continue;
      counts.set(key, items.length);
      if (!opened) takings.push({ player, before, items: items.slice(before) });
    }
    const el = layer.current;
    if (!el || takings.length === 0 || stillPage()) return;
    for (const taking of takings) travel(el, view, taking);
  }, [view]);
  return <div className="travel-layer" ref={layer} aria-hidden="true" />;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

const centre = (box: DOMRect): Point => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

/** Where the gems leave the bag: its mouth (null when the bag is not drawn). */
function bagMouth(screen: Element): Point[] | null {
  const box = screen.querySelector('.bag-picture')?.getBoundingClientRect();
  if (!box || box.width === 0) return null;
  return [{ x: box.left + box.width / 2, y: box.top + box.height * 0.25 }];
}

/** Fixed scoring: where each of `gems` leaves the line of the places' gems (null when it is not drawn). */
function fixedGems(screen: Element, gems: readonly string[]): Point[] | null {
  const points = gems.map((gem) => {
    const box = screen.querySelector(`.fixed-gems [data-gem="${CSS.escape(gem)}"] svg`)?.getBoundingClientRect();
    return box && box.width > 0 ? centre(box) : null;
  });
  return points.every((p) => p !== null) ? points : null;
}

/** Where the marker's gem `gem` leaves it (null when the marker is not drawn). */
function markerGem(screen: Element, gem: string): Point | null {
  const box = screen.querySelector(`.marker-gems[data-gem="${CSS.escape(gem)}"] svg`)?.getBoundingClientRect();
  return box && box.width > 0 ? centre(box) : null;
}

/** Where a player's two jewels were: the front holes of the row their pawn went to (null when the board is hidden). */
function jewelHoles(screen: Element, view: RaceView, player: string): Point[] | null {
  const pawn = view.players.find((p) => p.id === player)?.pawn;
  if (pawn === null || pawn === undefined) return null;
  const box = screen.querySelectorAll('.jewel-row')[pawn]?.getBoundingClientRect();
  if (!box || box.width === 0) return null;
  return [0, 1].map((k) => ({
    x: box.left + (box.width * (k * JEWEL_CELL + JEWEL_CELL / 2)) / (ROW_HOLES * JEWEL_CELL),
    y: box.top + box.height / 2,
  }));
}

/**
 * Sends the gems of one taking on their way, one after another, each a copy of the gem it becomes
 * in the taker's row: in the row's "solved" tag while the round is played, else beside its count.
 * A gem the row did not show before appears when its copy lands; one it did swells as it lands.
 */
function travel(layer: HTMLElement, view: RaceView, taking: Taking): void {
  const screen = layer.parentElement;
  const row = screen?.querySelector(`.players li[data-player="${CSS.escape(taking.player)}"]`);
  if (!screen || !row) return;
  const jewels = view.edition === 'jewels';
  const from = jewels
    ? jewelHoles(screen, view, taking.player)
    : view.variant === 'fixed'
      ? fixedGems(screen, taking.items)
      : bagMouth(screen);
  const held = view.players.find((p) => p.id === taking.player);
  if (!from || !held) return;
  const origin = layer.getBoundingClientRect();
  // The first gem of a solver who took the marker's sapphire or amber is that gem.
  const fromMarker = view.round?.markerTakers[taking.player];
  // Where each lands, measured before any of them moves: a gem landing beside its count shrinks
  // that count's icon until it lands, and the next one of its kind would measure it shrunk.
  const flights = taking.items.map((item, i) => {
    const start =
      (taking.before + i === 0 && fromMarker !== undefined ? markerGem(screen, fromMarker) : null) ??
      from[i] ??
      from[0];
    const tagged = row.querySelectorAll('.solved-tag .gem')[taking.before + i];
    const counted = row.querySelector(`.gem-count[data-gem="${CSS.escape(item)}"]`);
    const icon = tagged ?? counted?.querySelector('svg');
    if (!start || !icon) return null;
    // Its flight is its arrival: the tag's own (styles.css, gem-arrives) would move where it lands.
    if (tagged) for (const arrival of tagged.getAnimations()) arrival.cancel();
    const box = icon.getBoundingClientRect();
    return { item, i, start, tagged, icon, landing: (tagged ?? counted ?? icon) as HTMLElement | SVGElement, box };
  });
  for (const flight of flights) {
    if (!flight) continue;
    const { item, i, start, tagged, icon, landing, box } = flight;
    // How many of this gem the row shows before this one lands (those of the taking before it landed first).
    const had =
      (jewels ? held.jewels[item as JewelColour] : held.gems[item as GemName]) -
      taking.items.slice(i).filter((g) => g === item).length;
    const end = centre(box);
    const size = box.width / 2;
    const copy = icon.cloneNode(true) as SVGElement;
    copy.removeAttribute('role');
    copy.removeAttribute('aria-label');
    const traveller = document.createElement('span');
    traveller.className = 'traveller';
    traveller.dataset['gem'] = item;
    traveller.dataset['player'] = taking.player;
    traveller.append(copy);
    layer.append(traveller);
    const at = (p: Point, dy = 0): string =>
      `translate(${p.x - origin.left - size}px, ${p.y - origin.top - size + dy}px)`;
    // Up out of the bag (or off the marker) in an arc, larger on the way, down to the row.
    const top = { x: (start.x + end.x) / 2, y: Math.min(start.y, end.y) };
    const delay = i * TRAVEL_GAP_MS;
    traveller
      .animate(
        [
          { transform: `${at(start)} scale(0.4)` },
          { transform: `${at(top, -40)} scale(1.7)`, offset: 0.45 },
          { transform: `${at(end)} scale(1)` },
        ],
        { duration: TRAVEL_MS, delay, easing: 'ease-in-out' },
      )
      .finished.catch(() => undefined)
      .finally(() => {
        traveller.remove();
      });
    const lands = delay + TRAVEL_MS;
    if (tagged !== undefined || had <= 0)
      landing.animate([{ transform: 'scale(0)' }, { transform: 'scale(0)' }], lands);
    landing.animate([{ transform: 'scale(1.8)' }, { transform: 'scale(1)' }], {
      duration: LAND_MS,
      delay: lands,
      easing: 'ease-out',
    });
  }
}

/** The players, best first, with what they hold and whether they have solved this round. */
export function Players({
  view,
  nameOf,
  seats = [],
  progress = {},
}: {
  view: RaceView;
  nameOf: (id: string) => string;
  /** The table's seats (the lobby's): a person's name links to their profile, with their username beside it. */
  seats?: LobbyMessage['seats'];
  /** Each player's pieces down in the round being played, as the server relays them. */
  progress?: RoundProgress;
}) {
  const { t } = useTranslation();
  const round = view.round;
  return (
    <section className="card players">
      <h2>{t('game.standings')}</h2>
      <ol>
        {view.standings.map((standing) => {
          const p = view.players.find((q) => q.id === standing.player);
          if (!p) return null;
          const place = round && view.phase === 'playing' ? round.solved.indexOf(p.id) : -1;
          // Still at it this round: their pieces down, as their board reports them (bots report none).
          const racing = round && view.phase === 'playing' && place < 0 && round.deals.some((d) => d.player === p.id);
          const down = racing ? progress[p.id] : undefined;
          return (
            <li key={p.id} value={standing.place} className={p.id === view.you ? 'me' : ''} data-player={p.id}>
              <span className="place" title={standing.tied ? t('game.tiedPlace') : undefined}>
                {standing.place}
                {standing.tied ? '=' : '.'}
              </span>
              <span className="player-name">
                {view.edition === 'jewels' && <Pawn index={view.players.indexOf(p)} name={nameOf(p.id)} />}{' '}
                <PlayerName
                  name={nameOf(p.id)}
                  username={seats.find((s) => s.id === p.id)?.username}
                  account={seats.find((s) => s.id === p.id)?.account}
                />
                {p.id === view.you && ` (${t('lobby.you')})`}
                <SeatReaction seat={seats.findIndex((s) => s.id === p.id)} />
              </span>
              <span className="player-score">
                {view.edition === 'jewels' ? (
                  <JewelCounts jewels={p.jewels} />
                ) : (
                  <>
                    {t('game.points', { count: p.points })}{' '}
                    <span className="gems">
                      {GEMS.map((g: GemName) =>
                        p.gems[g] > 0 ? (
                          <span key={g} className="gem-count" data-gem={g}>
                            <Gem gem={g} />×{p.gems[g]}
                          </span>
                        ) : null,
                      )}
                    </span>
                  </>
                )}
              </span>
              {down && <PiecesDown down={down.down} of={down.of} />}
              {place >= 0 && (
                <span className="solved-tag">
                  ✓ {t(`ordinal.${ORDINAL_KEYS[place] ?? 'fourth'}`)}{' '}
                  {view.edition !== 'jewels' && (round?.gains[p.id] ?? []).map((g, i) => <Gem key={i} gem={g} />)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {view.edition === 'jewels' ? <LeadingColours view={view} nameOf={nameOf} /> : <GemLegend />}
    </section>
  );
}

/** A player's pieces down of their task's, as a row of pips and in words. */
function PiecesDown({ down, of }: { down: number; of: number }) {
  const { t } = useTranslation();
  const label = t('game.piecesDown', { down, of });
  return (
    <span className="pieces-down" role="img" aria-label={label} title={label} data-down={down} data-of={of}>
      <span className="pips" aria-hidden="true">
        {Array.from({ length: of }, (_, i) => (
          <span key={i} className={i < down ? 'pip on' : 'pip'} />
        ))}
      </span>
      <span aria-hidden="true">
        {down}/{of}
      </span>
    </span>
  );
}

/** What each gem is worth. */
function GemLegend() {
  const { t } = useTranslation();
  return (
    <p className="legend" data-testid="gem-legend">
      {GEMS.map((g: GemName) => (
        <span key={g} className="gem-count">
          <Gem gem={g} /> {t('game.gemWorth', { gem: t(`gems.${g}`), count: GEM_POINTS[g] })}
        </span>
      ))}
    </p>
  );
}

/** The jewel edition: who holds the most of each colour (what the winner is decided by). */
function LeadingColours({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const lines = JEWEL_COLOURS.flatMap((colour) => {
    const most = Math.max(0, ...view.players.map((p) => p.jewels[colour]));
    if (most === 0) return [];
    const leaders = view.players.filter((p) => p.jewels[colour] === most).map((p) => nameOf(p.id));
    return [{ colour, most, leaders }];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="legend leading" data-testid="leading-colours">
      {lines.map(({ colour, most, leaders }) => (
        <li key={colour}>
          <Jewel colour={colour} decorative />{' '}
          {t('game.leads', { colour: t(`jewels.${colour}`), names: leaders.join(', '), count: most })}
        </li>
      ))}
    </ul>
  );
}

/** A player's jewels, colour by colour. */
export function JewelCounts({ jewels }: { jewels: Record<string, number> }) {
  const { t } = useTranslation();
  const held = Object.entries(jewels).filter(([, n]) => n > 0);
  // None yet is said, not left blank.
  if (held.length === 0) return <span className="gems muted">{t('game.noJewels')}</span>;
  return (
    <span className="gems">
      {held.map(([colour, n]) => (
        <span key={colour} className="gem-count" data-gem={colour}>
          <Jewel colour={colour} />×{n}
        </span>
      ))}
    </span>
  );
}

/**
 * Between rounds: every player's board of the round that ended, covered as its player covered it,
 * or with a solution where nobody did; who solved in which place, and what each took.
 */
export function RoundBoards({
  reveal,
  view,
  nameOf,
}: {
  reveal: RoundReveal;
  view: Pick<RaceView, 'edition' | 'you'>;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="round-boards" aria-labelledby="round-boards-title">
      <h2 id="round-boards-title">
        {reveal.tieBreak ? t('game.revealTieBreakTitle') : t('game.revealTitle', { round: reveal.round })}
      </h2>
      <ul>
        {reveal.boards.map((b) => {
          const place = reveal.solved.indexOf(b.player);
          const name = `${nameOf(b.player)}${b.player === view.you ? ` (${t('lobby.you')})` : ''}`;
          return (
            <li key={b.player} className={b.solved ? 'solved' : 'unsolved'} data-player={b.player}>
              <BoardPicture
                task={b.task}
                placements={b.placements}
                label={t(b.solved ? 'game.revealSolved' : 'game.revealSolution', { name, board: b.deal.board })}
              />
              <p>
                <strong>{name}</strong>{' '}
                {place >= 0 ? (
                  <span className="solved-tag">✓ {t(`ordinal.${ORDINAL_KEYS[place] ?? 'fourth'}`)}</span>
                ) : (
                  <span className="muted">{t('game.revealNotSolved')}</span>
                )}{' '}
                {b.gains.map((g, i) =>
                  view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The last finished round: who solved, in order, and what they took. */
function LastRound({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const last = view.history[view.history.length - 1];
  if (!last) return null;
  return (
    <section className="card last-round">
      <h2>{t('game.lastRound', { round: last.round })}</h2>
      {last.solved.length === 0 ? (
        <p>{t('game.nobodySolved')}</p>
      ) : (
        <ol>
          {last.solved.map((id) => (
            <li key={id}>
              {nameOf(id)}{' '}
              {(last.gains[id] ?? []).map((g, i) =>
                view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The jewel board's holes, in the units of its pictures, and how many a row has (as printed). */
const JEWEL_CELL = 26;
const ROW_HOLES = 12;

/** A player's pawn: a number in a colour, the same beside the name in the standings. */
function Pawn({ index, name }: { index: number; name: string }) {
  return (
    <span className="pawn" title={name} style={{ background: PIECE_COLOURS[index % PIECE_COLOURS.length] }}>
      {index + 1}
    </span>
  );
}

/** The jewel edition's game board: six rows of jewels (front first) and the pawns; after I solve, the rows I may go to. */
function JewelBoard({ table, view }: { table: Table; view: RaceView }) {
  const { t } = useTranslation();
  // Where the pawn may go now, as the server says: only after solving and before moving; or
  // before the first round, where it may start.
  const reach = view.reach;
  const place = view.place;
  const rows = reach?.rows ?? place?.rows ?? [];
  const cell = JEWEL_CELL;
  return (
    <section className="card jewel-board">
      <h2>{t('game.jewelBoard')}</h2>
      {reach && <p role="status">{t('game.chooseRow', { count: reach.upTo })}</p>}
      <ol className="jewel-rows">
        {view.rows.map((row, r) => {
          const pawns = view.players.filter((p) => p.pawn === r);
          const reachable = rows.includes(r);
          const content = (
            <>
              <span className="row-number">{r + 1}</span>
              <span className="pawns">
                {pawns.map((p) => {
                  const i = view.players.indexOf(p);
                  return <Pawn key={p.id} index={i} name={table.nameOf(p.id)} />;
                })}
              </span>
              <svg
                className="jewel-row"
                viewBox={`0 0 ${ROW_HOLES * cell} ${cell}`}
                role="img"
                aria-label={t('game.rowJewels', {
                  row: r + 1,
                  jewels: row.map((c) => t(`jewels.${c}`)).join(', ') || t('game.empty'),
                })}
              >
                {row.map((colour, k) => (
                  <g key={k} transform={`translate(${k * cell + cell / 2},${cell / 2})`} opacity={k < 2 ? 1 : 0.55}>
                    <path d={JEWEL_SHAPES[colour]} fill={JEWEL_FILL[colour]} stroke="#0008" />
                  </g>
                ))}
              </svg>
            </>
          );
          return (
            <li key={r} className={reachable ? 'reachable' : ''}>
              {reachable ? (
                <button
                  type="button"
                  className="row-button"
                  onClick={() => {
                    send(table.room, place ? 'place' : 'move', { row: r });
                  }}
                  aria-label={t(place ? 'game.placeOn' : 'game.moveTo', { row: r + 1 })}
                >
                  {content}
                </button>
              ) : (
                <div className="row-button static">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

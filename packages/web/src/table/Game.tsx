import type { TrailMove } from '@ubongo/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePassed, useSameData } from '../hooks.js';
import { send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound } from '../sound.js';
import { JewelBoard } from './JewelBoard.js';
import { boardMove } from '../ui/cues.js';
import { Gem, Jewel } from '../ui/gems.js';
import { PlayBar, SoundControl } from '../ui/PlayBar.js';
import { RejectedNote } from '../ui/RejectedNote.js';
import type { Received } from './GameBar.js';
import { GameBar } from './GameBar.js';
import { Travel } from './game-travel.js';
import { useRoundBoard } from './round-board.js';
import { LastRound, ORDINAL_KEYS, Players, RoundBoards } from './standings.js';
import type { Table } from './table.js';
import { Countdown, LayOut } from './LayOut.js';
import { BoardsInPlay } from '../watching/BoardsInPlay.js';

/**
 * The board, re-rendered only when its own props change: the clocks tick in their own small
 * components (RoundSand, Countdown), and the task and callbacks it gets are kept the same objects
 * from one message to the next.
 */

export type { Received } from './GameBar.js';

/**
 * Real ms before a claim the server did not take for want of time is sent again: it could not store
 * it, or the address's allowance of messages was spent (a household's players behind one address).
 */
const CLAIM_AGAIN_MS = 2000;
const CLAIM_AGAIN_CODES: ReadonlySet<string> = new Set(['message/not-saved', 'message/too-fast']);

/**
 * My claim of a covered board: sent, sent again when the server could not take it for want of time
 * or when the room is back after the connection was lost; `checking` until the server has answered.
 */
function useClaim(table: Table, solvedAt: number) {
  const { room, clearRejected, rejected } = table;
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

  return { claim, checking };
}

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
  const { claim, checking } = useClaim(table, solvedAt);

  // Each message brings a new copy of my task: the same one is handed to the board until it changes.
  const task = useSameData(view.task);
  const tray = useSameData(view.set);

  const pieceIds = useMemo(() => task?.pieces.map((p) => p.id) ?? [], [task]);
  // My board of this round kept through a reload, and my pieces down told to the table.
  const { initial, onPlacements } = useRoundBoard(
    room,
    `${table.lobby.game ?? ''}:${round?.number ?? 0}:${myDeal ? `${myDeal.board}-${myDeal.side}-${myDeal.key}` : ''}`,
    pieceIds,
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

  const gains = me && round ? (round.gains[me] ?? []) : [];
  // While my board is to be solved, the round fills the window (base.css, .play-screen).
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
      <GameBar
        table={table}
        message={message}
        myDeal={myDeal}
        restartRound={restartRound}
        layout={layout}
        audible={solvedAt < 0 && myDeal !== undefined}
        boardShown={boardShown}
      />
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
          {playing && message.tasks && (
            // A watcher, or I have solved (or sit this round out): the boards as they fill, as the server sends them.
            <BoardsInPlay view={view} tasks={message.tasks} progress={table.progress} nameOf={nameOf} />
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

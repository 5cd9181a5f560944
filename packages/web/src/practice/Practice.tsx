import type { PracticeTaskRef } from '@ubongo/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CannotReach, useCannotConnect } from '../connection.js';
import { errorText, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { PracticeBoard } from './practice-board.js';
import { OfflinePractice } from './OfflinePractice.js';
import { usePracticePlay } from './practice-play.js';
import { usePracticeRoom } from './practice-room.js';
import { usePracticeTask } from './practice-task.js';
import { TaskChooser } from './TaskChooser.js';

/**
 * Any task of either deck, untimed, with hints (one more piece each time) and the solution: with
 * the server, or on this device alone while the browser is offline (or the server cannot be
 * reached: at once, saying so), back to the server when the connection returns.
 */
export function Practice({ start }: { start?: PracticeTaskRef }) {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  // Asked for by the player while the server could not be reached (the browser thinking it is online).
  const [asked, setAsked] = useState(false);
  // Online again after being offline: the server is given a moment to be reached.
  const [back, setBack] = useState(false);
  useEffect(() => {
    const down = (): void => {
      setOffline(true);
    };
    const up = (): void => {
      setOffline(false);
      setAsked(false);
      setBack(true);
    };
    window.addEventListener('offline', down);
    window.addEventListener('online', up);
    return () => {
      window.removeEventListener('offline', down);
      window.removeEventListener('online', up);
    };
  }, []);
  const goOffline = useCallback(() => {
    setAsked(true);
  }, []);
  if (offline || asked)
    return (
      <OfflinePractice
        why={offline ? 'offline' : 'unreachable'}
        onBack={
          asked && !offline
            ? () => {
                setAsked(false);
                setBack(true);
              }
            : undefined
        }
      />
    );
  return <OnlinePractice backOnline={back} onOffline={goOffline} {...(start ? { start } : {})} />;
}

/** Practice with the server: it deals, checks, hints and keeps the player's level. */
function OnlinePractice({
  onOffline,
  backOnline,
  start,
}: {
  onOffline: () => void;
  backOnline: boolean;
  /** The task to open at (`#/practice/EDITION/BOARD/SIDE/KEY`: the profile's costly boards). */
  start?: PracticeTaskRef;
}) {
  const { t } = useTranslation();
  // The task in hand, for a room made again after the connection dropped (it goes on with it).
  const taskRef = useRef<PracticeTaskRef | null>(null);
  // A covered board not yet answered: sent (again) once the room is there.
  const pendingClaim = useRef<Placements | null>(null);
  const { decks, room, error, connection, startAgain } = usePracticeRoom(
    backOnline,
    taskRef,
    pendingClaim,
    undefined,
    start,
  );
  const online = connection === 'ok';

  const { task, shown, hints, solved, levels, rejected, setRejected } = usePracticeTask(room, taskRef, pendingClaim);
  // The server out of reach (no answer, or a join unanswered for seconds): practice on this device at
  // once, saying why, rather than a browser's error. (Already so when this opened: its own try decides.)
  const cannotConnect = useCannotConnect();
  const cannotAtStart = useRef(cannotConnect);
  const unreachable = error?.cause instanceof CannotReach || (cannotConnect && !cannotAtStart.current && !room);
  useEffect(() => {
    if (unreachable) onOffline();
  }, [unreachable, onOffline]);
  // The whole solution is on the board (shown, or the last hint): nothing more to ask for.
  const allShown = shown !== undefined && task !== null && shown.length >= task.task.pieces.length;

  const { claim, controls } = usePracticePlay(room, pendingClaim, setRejected, hints, solved || allShown || !online);

  const random = (): void => {
    if (!decks || !task) return;
    const deck = decks.decks.find((d) => d.edition === task.edition);
    const board = deck?.boards[Math.floor(Math.random() * (deck.boards.length || 1))];
    const keys = board?.sides[task.side].tasks ?? [];
    const key = keys[Math.floor(Math.random() * (keys.length || 1))]?.key;
    if (board && key && room && online)
      send(room, 'task', { edition: task.edition, board: board.id, side: task.side, key });
  };

  if (error)
    return (
      <div className="error" role="alert">
        <p>{t('home.cannotJoin', { reason: errorText(error.cause, t) })}</p>
        <button type="button" onClick={onOffline}>
          {t('practice.playOffline')}
        </button>
      </div>
    );
  if (!task || !decks) return <p className="loading">{t('common.loading')}</p>;
  return (
    <div className="practice play-screen">
      <h1>{t('practice.title')}</h1>
      <TaskChooser
        index={decks}
        task={task}
        difficulty={task.difficulty}
        disabled={!online}
        onChoose={(next) => {
          if (room && online) send(room, 'task', next);
        }}
      />
      <div className="actions practice-actions">
        <button type="button" disabled={!online} onClick={random}>
          {t('practice.random')}
        </button>
        <button
          type="button"
          disabled={!online}
          onClick={() => {
            if (room) send(room, 'level', { edition: task.edition, side: task.side });
          }}
        >
          {t('practice.atLevel')}
        </button>
        {levels[task.edition] !== undefined && (
          <span className="practice-level" data-testid="practice-level">
            {t('practice.yourLevel', { level: levels[task.edition]?.toFixed(1) })}
          </span>
        )}
      </div>
      {connection === 'lost' ? (
        <p className="banner" role="alert">
          {t('practice.reconnecting')}
        </p>
      ) : (
        !online && (
          <div className="banner" role="alert">
            <p>{t(`practice.${connection}`)}</p>
            <button type="button" className="primary" onClick={startAgain}>
              {t('practice.startAgain')}
            </button>
            {connection === 'offline' && (
              <button type="button" onClick={onOffline}>
                {t('practice.playOffline')}
              </button>
            )}
          </div>
        )
      )}
      <PracticeBoard
        id={`${task.edition}-${task.board}-${task.side}-${task.key}`}
        board={task.board}
        task={task.task}
        shown={shown ?? null}
        solved={solved}
        rejected={rejected}
        onCloseRejected={() => {
          setRejected(null);
        }}
        onComplete={claim}
        controls={controls}
      />
    </div>
  );
}

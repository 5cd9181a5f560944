import type { PracticeMisses, PracticeTaskRef } from '@ubongo/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomMessages } from '../hooks.js';
import { errorText, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { PracticeBoard } from '../practice/practice-board.js';
import { usePracticePlay } from '../practice/practice-play.js';
import { usePracticeRoom } from '../practice/practice-room.js';
import { usePracticeTask } from '../practice/practice-task.js';

/*
 * Learn from the misses (docs/courses.md): the boards a stored Storm, daily or campaign run missed,
 * one after another, untimed and unscored, each with a hint and its solution on request. It is a
 * practice room (practice/) asked for the run's misses: the server reads which boards from the run
 * and deals them; this screen draws the board it is dealt and asks for the next.
 */

/** Where the run came from: the screen to go back to. */
const BACK: Record<PracticeMisses['course'], string> = {
  storm: '#/storm',
  daily: '#/daily',
  campaign: '#/campaign',
  archive: '#/daily',
};

/** The missed boards of stored run `run`, one at a time. */
export function Misses({ run }: { run: number }) {
  const { t } = useTranslation();
  const taskRef = useRef<PracticeTaskRef | null>(null);
  const pendingClaim = useRef<Placements | null>(null);
  const { room, error, connection, startAgain } = usePracticeRoom(false, taskRef, pendingClaim, run);
  const { task, shown, hints, solved, rejected, setRejected } = usePracticeTask(room, taskRef, pendingClaim);
  const [misses, setMisses] = useState<PracticeMisses | null>(null);
  useRoomMessages(room, { misses: setMisses });
  const online = connection === 'ok';
  const allShown = shown !== undefined && task !== null && shown.length >= task.task.pieces.length;

  const { claim, controls } = usePracticePlay(room, pendingClaim, setRejected, hints, solved || allShown || !online);

  if (error)
    return (
      <div className="misses">
        <h1>{t('misses.title')}</h1>
        <div className="card error" role="alert">
          <p>{t('misses.cannot', { reason: errorText(error.cause, t) })}</p>
          <a href="#/">{t('nav.home')}</a>
        </div>
      </div>
    );
  if (!task || !misses) return <p className="loading">{t('common.loading')}</p>;
  const { at, tasks, course } = misses;
  const go = (index: number): void => {
    if (room && online) send(room, 'missed', { index });
  };
  const last = at + 1 >= tasks.length;
  return (
    <div className="misses practice play-screen">
      <h1>{t('misses.title')}</h1>
      <p className="misses-intro">{t(`misses.intro.${course}`)}</p>
      <nav className="misses-nav" aria-label={t('misses.boards')}>
        <button
          type="button"
          disabled={at === 0 || !online}
          onClick={() => {
            go(at - 1);
          }}
        >
          {t('misses.previous')}
        </button>
        <p className="misses-at" data-testid="misses-at" aria-live="polite">
          {t('misses.at', { n: at + 1, of: tasks.length, board: task.board, side: t(`sides.${task.side}`) })}
        </p>
        <button
          type="button"
          className={(solved || allShown) && !last ? 'primary' : ''}
          disabled={last || !online}
          onClick={() => {
            go(at + 1);
          }}
        >
          {t('misses.next')}
        </button>
      </nav>
      {connection === 'lost' && (
        <p className="banner" role="alert">
          {t('practice.reconnecting')}
        </p>
      )}
      {connection !== 'ok' && connection !== 'lost' && (
        <div className="banner" role="alert">
          <p>{t(`practice.${connection}`)}</p>
          <button type="button" className="primary" onClick={startAgain}>
            {t('practice.startAgain')}
          </button>
        </div>
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
      {solved && last && (
        <p className="misses-done" role="status">
          {t('misses.done')} <a href={BACK[course]}>{t(`misses.back.${course}`)}</a>
        </p>
      )}
    </div>
  );
}

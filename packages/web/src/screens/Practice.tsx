import type { DeckEdition, DeckIndex, Placement, PracticeMessage, PracticeTaskRef, Rejected, Side } from '@ubongo/core';
import { DECK_EDITIONS, SIDES } from '@ubongo/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useRoomMessages, watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { createRoom, fetchDecks, errorText, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound } from '../sound.js';
import { boardMove, PlayBar, RejectedNote, solvedCue, SoundControl, TaskKey } from './common.js';

/** The board, drawn again only when its own props change (a hint, the task), not for the screen's other state. */

/** Any task of either deck, untimed, with hints (one more piece each time) and the solution. */
export function Practice() {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [decks, setDecks] = useState<DeckIndex | null>(null);
  const [room, setRoom] = useState<GameRoom<'practice'> | null>(null);
  const [task, setTask] = useState<PracticeMessage | null>(null);
  const [shown, setShown] = useState<readonly Placement[] | undefined>(undefined);
  const [hints, setHints] = useState<{ shown: number; of: number } | null>(null);
  const [solved, setSolved] = useState(false);
  // The player's level this session in each edition, as the server says it ("At my level").
  const [levels, setLevels] = useState<Partial<Record<DeckEdition, number>>>({});
  // The whole solution is on the board (shown, or the last hint): nothing more to ask for.
  const allShown = shown !== undefined && task !== null && shown.length >= task.task.pieces.length;
  const [rejected, setRejected] = useState<Rejected | null>(null);
  // Why practice could not begin (put into words as it is shown).
  const [error, setError] = useState<{ readonly cause: unknown } | null>(null);
  // The choice of task, folded away on a phone to leave the screen to the board.
  const [choosing, setChoosing] = useState(
    () => typeof matchMedia !== 'function' || matchMedia('(min-width: 760px)').matches,
  );

  useEffect(() => {
    let live = true;
    let joined: GameRoom<'practice'> | null = null;
    // The room's messages are caught as soon as it is joined, whatever the deck list is doing.
    const practice = createRoom('practice', {}).then((r) => {
      watchRoom(r);
      joined = r;
      return r;
    });
    Promise.all([fetchDecks(), practice])
      .then(([index, r]) => {
        if (!live) {
          void r.leave(true);
          return;
        }
        setDecks(index);
        setRoom(r);
      })
      .catch((e: unknown) => {
        // Without the deck list there is nothing to practise on: the room is left.
        void practice.then((r) => r.leave(true)).catch(() => undefined);
        if (live) setError({ cause: e });
      });
    return () => {
      live = false;
      if (joined?.connection.isOpen) void joined.leave(true);
    };
  }, []);

  useRoomMessages(room, {
    practice: (next) => {
      setTask(next);
      setShown(undefined);
      setHints(null);
      setSolved(false);
      setRejected(null);
    },
    level: ({ edition, level }) => {
      setLevels((known) => ({ ...known, [edition]: level }));
    },
    hint: (hint) => {
      setShown(hint.placements);
      setHints({ shown: hint.placements.length, of: hint.of });
    },
    solution: ({ placements }) => {
      setShown(placements);
      setHints(null);
    },
    checked: () => {
      setSolved(true);
      announce(t('practice.solved'));
      solvedCue();
    },
    rejected: setRejected,
  });

  const claim = useCallback(
    (placements: Placements) => {
      setRejected(null);
      if (room) send(room, 'claim', { placements });
    },
    [room],
  );
  // Under the board, within a thumb's reach: what is asked for in play (a hint, the solution), the sound.
  const controls = useMemo(
    () => (
      <>
        {hints && <span className="hint-count">{t('practice.hints', { count: hints.shown, of: hints.of })}</span>}
        <button
          type="button"
          disabled={solved || allShown}
          onClick={() => {
            if (room) send(room, 'hint');
          }}
        >
          {t('practice.hint')}
        </button>
        <button
          type="button"
          disabled={solved || allShown}
          onClick={() => {
            if (room) send(room, 'solution');
          }}
        >
          {t('practice.solution')}
        </button>
        <SoundControl />
      </>
    ),
    [room, hints, solved, allShown, t],
  );

  const choose = (next: Partial<PracticeTaskRef>): void => {
    if (!task || !decks) return;
    const edition = next.edition ?? task.edition;
    const deck = decks.decks.find((d) => d.edition === edition);
    const boards = deck?.boards ?? [];
    const board = boards.find((b) => b.id === (next.board ?? task.board)) ?? boards[0];
    const side = next.side ?? task.side;
    const keys = board?.sides[side].tasks.map((k) => k.key) ?? [];
    const key = keys.includes(next.key ?? task.key) ? (next.key ?? task.key) : (keys[0] ?? '1');
    if (board && room) send(room, 'task', { edition, board: board.id, side, key });
  };

  const random = (): void => {
    if (!decks || !task) return;
    const deck = decks.decks.find((d) => d.edition === task.edition);
    const board = deck?.boards[Math.floor(Math.random() * (deck.boards.length || 1))];
    const keys = board?.sides[task.side].tasks ?? [];
    const key = keys[Math.floor(Math.random() * (keys.length || 1))]?.key;
    if (board && key && room) send(room, 'task', { edition: task.edition, board: board.id, side: task.side, key });
  };

  if (error)
    return (
      <p className="error" role="alert">
        {t('home.cannotJoin', { reason: errorText(error.cause, t) })}
      </p>
    );
  if (!task || !decks) return <p className="loading">{t('common.loading')}</p>;
  const deck = decks.decks.find((d) => d.edition === task.edition);
  const board = deck?.boards.find((b) => b.id === task.board);
  return (
    <div className="practice play-screen">
      <h1>{t('practice.title')}</h1>
      <details
        className="card choose"
        open={choosing}
        onToggle={(e) => {
          setChoosing(e.currentTarget.open);
        }}
      >
        <summary>
          <TaskKey value={task.key} />
          <span className="task-line">
            {t('practice.about', {
              board: task.board,
              side: t(`sides.${task.side}`),
              difficulty: task.difficulty.toFixed(1),
            })}
          </span>
          <span className="change">{t('practice.change')}</span>
        </summary>
        <div className="settings">
          <label className="field">
            <span>{t('practice.deck')}</span>
            <select
              value={task.edition}
              onChange={(e) => {
                choose({ edition: e.target.value as DeckEdition, board: '' });
              }}
            >
              {DECK_EDITIONS.map((ed) => (
                <option key={ed} value={ed}>
                  {t(`editions.${ed}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('practice.board')}</span>
            <select
              value={task.board}
              onChange={(e) => {
                choose({ board: e.target.value });
              }}
            >
              {deck?.boards.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.id}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('practice.side')}</span>
            <select
              value={task.side}
              onChange={(e) => {
                choose({ side: e.target.value as Side });
              }}
            >
              {SIDES.map((s) => (
                <option key={s} value={s}>
                  {t(`sides.${s}Long`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('practice.task')}</span>
            <select
              value={task.key}
              onChange={(e) => {
                choose({ key: e.target.value });
              }}
            >
              {board?.sides[task.side].tasks.map((k) => (
                <option key={k.key} value={k.key}>
                  {t(`keys.${k.key}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
      <div className="actions practice-actions">
        <button type="button" onClick={random}>
          {t('practice.random')}
        </button>
        <button
          type="button"
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
      {solved && (
        <p className="solved-banner" role="status">
          {t('practice.solved')}
        </p>
      )}
      <RejectedNote
        rejected={rejected}
        onClose={() => {
          setRejected(null);
        }}
      />
      <Puzzle
        key={`${task.edition}-${task.board}-${task.side}-${task.key}`}
        task={task.task}
        {...(shown ? { shown } : {})}
        disabled={solved}
        onMove={boardMove}
        onLift={liftSound}
        onComplete={claim}
        label={t('game.boardLabel', { board: task.board })}
      />
      <PlayBar>{controls}</PlayBar>
    </div>
  );
}

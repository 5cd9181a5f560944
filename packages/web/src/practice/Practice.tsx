import type { DeckEdition, DeckIndex, Placement, PracticeMessage, PracticeTaskRef, Rejected } from '@ubongo/core';
import { CLOSE_CODES } from '@ubongo/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useRoomMessages, watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { createRoom, fetchDecks, errorText, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { solvedCue } from '../ui/cues.js';
import { PracticeBoard, PracticeControls } from './practice-board.js';
import { OfflinePractice } from './OfflinePractice.js';
import { TaskChooser } from './TaskChooser.js';

/** Real ms between tries to get practice back after its connection dropped, and how many tries before giving up. */
const AGAIN_MS = 2000;
const TRIES = 15;

/**
 * How practice stands with the server: connected; its connection dropped and it is getting it back
 * (the board stays as it is); or closed, and why (it offers to start again).
 */
type Connection = 'ok' | 'lost' | 'idle' | 'flooded' | 'offline';

const sameTask = (a: PracticeTaskRef, b: PracticeTaskRef): boolean =>
  a.edition === b.edition && a.board === b.board && a.side === b.side && a.key === b.key;

/** The options of a practice room made again: the task in hand (its reference only), if any. */
const goOnWith = (task: PracticeTaskRef | null): { task?: PracticeTaskRef } =>
  task ? { task: { edition: task.edition, board: task.board, side: task.side, key: task.key } } : {};

/**
 * Any task of either deck, untimed, with hints (one more piece each time) and the solution: with
 * the server, or on this device alone while the browser is offline (or the server cannot be
 * reached and the player asks for it), back to the server when the connection returns.
 */
export function Practice() {
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
  if (offline || asked)
    return (
      <OfflinePractice
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
  return (
    <OnlinePractice
      backOnline={back}
      onOffline={() => {
        setAsked(true);
      }}
    />
  );
}

/** Practice with the server: it deals, checks, hints and keeps the player's level. */
function OnlinePractice({ onOffline, backOnline }: { onOffline: () => void; backOnline: boolean }) {
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
  const [connection, setConnection] = useState<Connection>('ok');
  const online = connection === 'ok';
  // The task in hand, for a room made again after the connection dropped (it goes on with it).
  const taskRef = useRef<PracticeTaskRef | null>(null);
  taskRef.current = task;
  // A covered board not yet answered: sent (again) once the room is there.
  const pendingClaim = useRef<Placements | null>(null);

  useEffect(() => {
    let live = true;
    let joined: GameRoom<'practice'> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Back from offline, the network may take a moment to answer: a few tries before giving up.
    const begin = (tries: number): void => {
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
          if (!live) return;
          if (tries > 1)
            timer = setTimeout(() => {
              begin(tries - 1);
            }, AGAIN_MS);
          else setError({ cause: e });
        });
    };
    begin(backOnline ? TRIES : 1);
    return () => {
      live = false;
      clearTimeout(timer);
      if (joined?.connection.isOpen) void joined.leave(true);
    };
  }, [backOnline]);

  // A dropped connection (the network, a server restart) makes the room again, with the task in
  // hand, while the board stays as it is; a room closed for idleness or for a flood of messages
  // is said to be, with a button to start again. Nothing is left that does nothing.
  useEffect(() => {
    if (!room) return;
    const run = { cancelled: false, timer: undefined as ReturnType<typeof setTimeout> | undefined };
    const again = (tries: number): void => {
      createRoom('practice', goOnWith(taskRef.current))
        .then((back) => {
          watchRoom(back);
          if (run.cancelled) {
            void back.leave(true);
            return;
          }
          setConnection('ok');
          setRoom(back);
        })
        .catch(() => {
          if (run.cancelled) return;
          if (tries + 1 < TRIES)
            run.timer = setTimeout(() => {
              again(tries + 1);
            }, AGAIN_MS);
          else setConnection('offline');
        });
    };
    const onLeave = (code: number): void => {
      if (run.cancelled || code === 1000) return;
      if (code === CLOSE_CODES.idle || code === CLOSE_CODES.flood) {
        setConnection(code === CLOSE_CODES.idle ? 'idle' : 'flooded');
        return;
      }
      setConnection('lost');
      run.timer = setTimeout(() => {
        again(0);
      }, 500);
    };
    room.onLeave(onLeave);
    return () => {
      run.cancelled = true;
      clearTimeout(run.timer);
      room.onLeave.remove(onLeave);
    };
  }, [room]);

  // Back in a room: a covered board the connection kept from being answered is sent now.
  useEffect(() => {
    if (room?.connection.isOpen && pendingClaim.current) send(room, 'claim', { placements: pendingClaim.current });
  }, [room]);

  /** Practice made again by hand (after it was closed), with the task in hand. */
  const startAgain = (): void => {
    setConnection('lost');
    createRoom('practice', goOnWith(taskRef.current))
      .then((back) => {
        watchRoom(back);
        setConnection('ok');
        setRoom(back);
      })
      .catch(() => {
        setConnection('offline');
      });
  };

  useRoomMessages(room, {
    practice: (next) => {
      // The same task again is the room made again after a drop: the board, its hints and its
      // verdict stay as they are.
      const before = taskRef.current;
      taskRef.current = next;
      if (before && sameTask(before, next)) {
        setTask(next);
        return;
      }
      pendingClaim.current = null;
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
      pendingClaim.current = null;
      setSolved(true);
      announce(t('practice.solved'));
      solvedCue();
    },
    rejected: (r) => {
      if (r.to === 'claim') pendingClaim.current = null;
      setRejected(r);
    },
  });

  const claim = useCallback(
    (placements: Placements) => {
      setRejected(null);
      // Kept until answered: a board covered while the connection is down is answered once it is back.
      pendingClaim.current = placements;
      if (room?.connection.isOpen) send(room, 'claim', { placements });
    },
    [room],
  );
  // Under the board, within a thumb's reach: what is asked for in play (a hint, the solution), the sound.
  const controls = useMemo(
    () => (
      <PracticeControls
        hints={hints}
        disabled={solved || allShown || !online}
        onHint={() => {
          if (room) send(room, 'hint');
        }}
        onSolution={() => {
          if (room) send(room, 'solution');
        }}
      />
    ),
    [room, hints, solved, allShown, online],
  );

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

import type {
  BoardRunEntry,
  Implausibility,
  PieceSet,
  Rejected,
  Side,
  Signal,
  SoloMode,
  SoloPuzzleTime,
  SoloRecordEntry,
  SoloViewMessage,
  TrailMove,
} from '@ubongo/core';
import { SIDES, SOLO_LIMITS, SOLO_MODES } from '@ubongo/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { clock, useRoomMessages, useSameData, useTimeLeft, useTimeTaken, watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { createRoom, errorText, fetchProfile, fetchRecords, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound, play } from '../sound.js';
import { useAccount } from '../account.js';
import { PlayerName, boardMove, PieceSetField, PlayBar, RejectedNote, solvedCue, SoundControl } from './common.js';

/** The board, drawn again only when its own props change: the run's clock ticks in SoloClock. */

/** The run's view, and when it came (performance.now()). */
type Received = SoloViewMessage & { receivedAt: number };

/** A run with nothing that keeps it off the boards. */
const NO_REASONS = { unverified: [], signals: [] } as const;

/** The solo variants: as many puzzles as you can in the time, or a number of puzzles against the clock. */
export function Solo() {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [mode, setMode] = useState<SoloMode>('timed');
  const [limit, setLimit] = useState<(typeof SOLO_LIMITS)[number]>(5);
  const [side, setSide] = useState<Side>('easy');
  const [pieceSet, setPieceSet] = useState<PieceSet>('task');
  const [atLevel, setAtLevel] = useState(false);
  const [room, setRoom] = useState<GameRoom<'solo'> | null>(null);
  const [view, setView] = useState<Received | null>(null);
  const [rejected, setRejected] = useState<Rejected | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);
  // A run under way when the page was left or reloaded is over (the server keeps the clock): said, not hidden.
  const [lostToReload, setLostToReload] = useState(() => lostAtLoad);
  const [puzzles, setPuzzles] = useState<readonly SoloPuzzleTime[] | null>(null);
  const [records, setRecords] = useState<readonly BoardRunEntry[] | null>(null);
  // The account's bests, as the server has them on record (from any device), fetched again after each run.
  const accountId = useAccount()?.id;
  // (Null while not known: not fetched yet, or the fetch failed; then nothing is said of them.)
  const [bests, setBests] = useState<readonly SoloRecordEntry[] | null>(null);
  const [recordedRuns, setRecordedRuns] = useState(0);
  const [newBest, setNewBest] = useState(false);
  const [held, setHeld] = useState(false);
  // A solve's moment: how long it took and the count, shown over the next puzzle (which the
  // server has dealt already, and which takes moves at once) while it fades.
  const [beat, setBeat] = useState<Beat | null>(null);
  // When the puzzle on the board was dealt (ms into the run, as the events count).
  const dealtAt = useRef(0);
  // Why the run is not listed, as the server says: solves that were not a person's, the run model's findings.
  const [why, setWhy] = useState<{ unverified: readonly Implausibility[]; signals: readonly Signal[] }>(NO_REASONS);
  const best = bests?.find((b) => b.mode === mode && b.limit === limit && b.side === side) ?? null;

  useEffect(() => {
    // Another account's (the one signed out) are not shown meanwhile.
    setBests(null);
    if (!accountId) return;
    let live = true;
    fetchProfile(accountId)
      .then((profile) => {
        if (live) setBests(profile.solo.best);
      })
      .catch(() => {
        if (live) setBests(null);
      });
    return () => {
      live = false;
    };
  }, [accountId, recordedRuns]);

  useEffect(
    () => () => {
      if (room?.connection.isOpen) void room.leave(true);
    },
    [room],
  );

  useEffect(() => {
    let live = true;
    fetchRecords(mode, limit, side)
      .then((r) => {
        if (live) setRecords(r);
      })
      .catch(() => {
        if (live) setRecords(null);
      });
    return () => {
      live = false;
    };
  }, [mode, limit, side, view?.phase]);

  useRoomMessages(room, {
    view: (message) => {
      setView({ ...message, receivedAt: performance.now() });
    },
    events: ({ events }) => {
      for (const e of events) {
        if (e.type === 'solved') {
          announce(t('solo.solvedOne', { count: e.solved }));
          solvedCue();
          setBeat({ ms: Math.max(0, e.at - dealtAt.current), count: e.solved });
        }
        if (e.type === 'solved' || e.type === 'skipped') dealtAt.current = e.at;
        if (e.type === 'finished') {
          announce(t('solo.finished'));
          play('end');
        }
      }
    },
    rejected: setRejected,
    recorded: ({ newBest: beaten, held: underReview, puzzles: times, unverified, signals }) => {
      setPuzzles(times);
      markRun(false);
      // The server says whether the run beats the account's best on record, and whether it is held for review.
      setNewBest(beaten);
      setHeld(underReview);
      setWhy({ unverified, signals });
      setRecordedRuns((n) => n + 1);
    },
  });

  // A run whose connection drops is over (the server keeps the clock); say so.
  useEffect(() => {
    if (!room) return;
    const onLeave = (code: number): void => {
      if (code === 1000) return;
      setLost(true);
      setView((v) => (v?.phase === 'playing' ? null : v));
    };
    room.onLeave(onLeave);
    return () => {
      room.onLeave.remove(onLeave);
    };
  }, [room]);

  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const start = async (): Promise<void> => {
    setError('');
    setLost(false);
    setView(null);
    setPuzzles(null);
    setNewBest(false);
    setHeld(false);
    setBeat(null);
    dealtAt.current = 0;
    setWhy(NO_REASONS);
    lostAtLoad = false;
    setLostToReload(false);
    setBusy(true);
    try {
      if (room?.connection.isOpen) void room.leave(true);
      const next = await createRoom('solo', {
        mode,
        limit,
        side,
        pieceSet,
        ...(atLevel ? { dealing: 'level' as const } : {}),
      });
      watchRoom(next);
      if (!live.current) {
        void next.leave(true);
        return;
      }
      send(next, 'start');
      markRun(true);
      setRoom(next);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  const playing = view?.phase === 'playing';

  // The beat fades over BEAT_MS (styles.css), then leaves the page.
  useEffect(() => {
    if (!beat) return;
    const timer = setTimeout(() => {
      setBeat(null);
    }, BEAT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [beat]);

  // What the board is handed, the same objects until they change (each message brings new copies).
  const task = useSameData(view?.task ?? null);
  const tray = useSameData(view?.set ?? null);
  const claim = useCallback(
    (placements: Placements, trail: readonly TrailMove[]) => {
      setRejected(null);
      if (room) send(room, 'claim', { placements, trail });
    },
    [room],
  );
  // Under the board, within a thumb's reach: the sound, and Set aside (the next puzzle).
  const controls = useMemo(
    () => (
      <>
        <SoundControl />
        <button
          type="button"
          className="set-aside"
          data-next-puzzle
          onClick={() => {
            if (room) send(room, 'skip');
          }}
        >
          {t('solo.skip')}
        </button>
      </>
    ),
    [room, t],
  );

  // The board on screen: a new one is a new Puzzle.
  const boardKey = view?.current ? `${view.solved}-${view.skipped}-${view.current.board}-${view.current.key}` : '';

  // The run opens at the top of the page, wherever Start was.
  useLayoutEffect(() => {
    if (playing) window.scrollTo(0, 0);
  }, [playing]);

  return (
    <div className={playing ? 'solo play-screen' : 'solo'}>
      <h1>{t('solo.title')}</h1>
      {/* A finished run's result first, above the settings for the next. */}
      {view?.phase === 'finished' && view.result && (
        <section className="card result" role="status">
          <h2>{t('solo.resultTitle')}</h2>
          <p>
            {view.result.mode === 'timed'
              ? t('solo.resultTimed', { count: view.result.solved, skipped: view.result.skipped })
              : t('solo.resultCount', { count: view.result.solved, time: clock(view.result.ms) })}
          </p>
          {newBest && <p className="new-best">{t('solo.newBest')}</p>}
          {why.unverified.length > 0 && (
            <div className="under-review" data-testid="not-listed">
              <p>{t('solo.notListed')}</p>
              <ul>
                {why.unverified.map((w) => (
                  <li key={w}>{t(`solo.why.${w}`)}</li>
                ))}
              </ul>
            </div>
          )}
          {held && (
            <div className="under-review" data-testid="held">
              <p>{t('solo.held')}</p>
              {why.signals.length > 0 && (
                <>
                  <p>{t('solo.heldWhy')}</p>
                  <ul>
                    {why.signals.map((s) => (
                      <li key={s}>{t(`solo.signal.${s}`)}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          {puzzles && puzzles.length > 0 && <RunChart puzzles={puzzles} />}
        </section>
      )}
      {!playing && (
        <section className="card">
          <p>{t('solo.intro')}</p>
          <div className="settings">
            <fieldset className="segmented-field">
              <legend>{t('solo.mode')}</legend>
              {SOLO_MODES.map((m) => (
                <label key={m} className="check">
                  <input
                    type="radio"
                    name="mode"
                    checked={mode === m}
                    onChange={() => {
                      setMode(m);
                    }}
                  />
                  {t(`solo.${m}`)}
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span>{mode === 'timed' ? t('solo.minutes') : t('solo.puzzles')}</span>
              <select
                value={limit}
                onChange={(e) => {
                  setLimit(SOLO_LIMITS.find((l) => l === Number(e.target.value)) ?? 5);
                }}
              >
                {SOLO_LIMITS.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('solo.side')}</span>
              <select
                value={side}
                onChange={(e) => {
                  setSide(e.target.value as Side);
                }}
              >
                {SIDES.map((s) => (
                  <option key={s} value={s}>
                    {t(`sides.${s}Long`)}
                  </option>
                ))}
              </select>
            </label>
            <PieceSetField value={pieceSet} onChange={setPieceSet} />
            <label className="check">
              <input
                type="checkbox"
                checked={atLevel}
                aria-describedby="at-level-text"
                onChange={(e) => {
                  setAtLevel(e.target.checked);
                }}
              />
              {t('solo.atLevel')}
            </label>
          </div>
          <p className="hint" id="at-level-text">
            {atLevel ? t('solo.atLevelText') : t('solo.shuffledText')}
          </p>
          <div className="actions">
            <button type="button" className="primary big" disabled={busy} onClick={() => void start()}>
              {view?.phase === 'finished' ? t('solo.again') : t('solo.start')}
            </button>
          </div>
          {(error || lost) && (
            <p className="error" role="alert">
              {lost ? t('solo.lost') : t('home.cannotJoin', { reason: error })}
            </p>
          )}
          {lostToReload && !view && !error && !lost && <p role="status">{t('solo.lostToReload')}</p>}
        </section>
      )}
      {playing && view.current && task && (
        <section className="solo-play">
          <div className="game-bar">
            <SoloClock view={view} />
            <span>
              {view.mode === 'timed'
                ? t('solo.solvedSoFar', { count: view.solved })
                : t('solo.solvedOf', { count: view.solved, limit: view.limit })}
            </span>
          </div>
          <RejectedNote
            rejected={rejected}
            onClose={() => {
              setRejected(null);
            }}
          />
          {/* The next puzzle is on the board and takes moves at once; the solve's moment passes over
              it without taking a tap (pointer-events: none) and fades by itself. */}
          <div className={beat ? 'solo-board arrived' : 'solo-board'}>
            <Puzzle
              key={boardKey}
              task={task}
              tray={tray ?? undefined}
              onMove={boardMove}
              onLift={liftSound}
              onComplete={claim}
              label={t('game.boardLabel', { board: view.current.board })}
            />
            {beat && (
              <div key={beat.count} className="solo-beat" role="status" data-testid="solo-beat">
                <p className="solo-beat-time">{t('solo.beatTime', { time: clock(beat.ms) })}</p>
                <p>
                  {view.mode === 'timed'
                    ? t('solo.solvedSoFar', { count: beat.count })
                    : t('solo.solvedOf', { count: beat.count, limit: view.limit })}
                </p>
              </div>
            )}
          </div>
          <PlayBar>{controls}</PlayBar>
        </section>
      )}
      {!playing && (
        <section className="card">
          <h2>{t('solo.best')}</h2>
          {bests && (
            <p>
              {best
                ? mode === 'timed'
                  ? t('solo.bestTimed', { count: best.solved })
                  : t('solo.bestCount', { time: clock(best.ms) })
                : t('solo.noBest')}
            </p>
          )}
          <h3>{t('solo.records')}</h3>
          {records && records.length > 0 ? (
            <ol className="records">
              {records.map((r, i) => (
                <li key={i} className={r.account !== null && r.account === accountId ? 'me' : ''}>
                  <PlayerName name={r.player} username={r.username} account={r.account} />:{' '}
                  <a href={`#/run/${r.run}`} title={t('run.link')}>
                    {mode === 'timed' ? t('solo.puzzlesCount', { count: r.solved }) : clock(r.ms)}
                  </a>
                </li>
              ))}
            </ol>
          ) : (
            <p>{t('solo.noRecords')}</p>
          )}
        </section>
      )}
    </div>
  );
}

/** How long a solve's beat shows over the next puzzle (real ms); it holds nothing back, so it costs no time. */
const BEAT_MS = 1500;

/** A solve's beat: what to say of it. */
interface Beat {
  /** How long the solve took, from the deal to the claim (the server's times). */
  readonly ms: number;
  /** Puzzles solved so far. */
  readonly count: number;
}

const RUN_KEY = 'ubongo.soloRun';

/** Notes in this tab whether a run is under way, so that a reload can say it ended the run. */
function markRun(underWay: boolean): void {
  try {
    if (underWay) sessionStorage.setItem(RUN_KEY, '1');
    else sessionStorage.removeItem(RUN_KEY);
  } catch {
    // Not noted: a reload then says nothing.
  }
}

/** Whether a run was under way when this tab last left the page (the mark is taken away). */
function takeRunMark(): boolean {
  try {
    const was = sessionStorage.getItem(RUN_KEY) === '1';
    sessionStorage.removeItem(RUN_KEY);
    return was;
  } catch {
    return false;
  }
}

// Read once as the page loads, whenever the solo screen is first drawn.
let lostAtLoad = takeRunMark();

/**
 * The run's clock: the time left (timed) or the time taken so far (a number of puzzles). It has a
 * clock of its own and re-renders when its whole seconds change: the screen, the board with it, is
 * not drawn again while a piece is dragged.
 */
function SoloClock({ view }: { view: Received }) {
  const { t } = useTranslation();
  const endsAt = view.mode === 'timed' ? view.endsAt : null;
  return endsAt !== null ? (
    <TimeLeft deadline={endsAt} message={view} />
  ) : (
    <span className="solo-clock">
      {t('solo.timeTaken')}{' '}
      <strong>
        <TimeTaken since={view.startedAt ?? view.serverNow} message={view} />
      </strong>
    </span>
  );
}

/** A timed run's time left: urgent in its last ten seconds, as a round's hourglass is (seen, and its sand heard). */
function TimeLeft({ deadline, message }: { deadline: number; message: Received }) {
  const { t } = useTranslation();
  const left = useTimeLeft(deadline, message);
  const whole = Math.ceil(left / 1000);
  const urgent = whole > 0 && whole <= URGENT_SECONDS;
  useEffect(() => {
    if (urgent) play('sand');
  }, [urgent, whole]);
  return (
    <span className="solo-clock" data-urgent={urgent ? '' : undefined}>
      {t('solo.timeLeft')} <strong>{clock(left)}</strong>
    </span>
  );
}

/** The last seconds of a timed run, when its clock turns urgent. */
const URGENT_SECONDS = 10;

function TimeTaken({ since, message }: { since: number; message: Received }) {
  return clock(useTimeTaken(since, message));
}

/** A run puzzle by puzzle: a bar each for its time, solved ones full, set aside ones pale; the fastest and slowest solve. */
export function RunChart({ puzzles }: { puzzles: readonly SoloPuzzleTime[] }) {
  const { t } = useTranslation();
  const solved = puzzles.filter((p) => p.outcome === 'solved');
  const longest = Math.max(1, ...puzzles.map((p) => p.ms));
  const fastest = solved.reduce<SoloPuzzleTime | undefined>((a, p) => (a && a.ms <= p.ms ? a : p), undefined);
  const slowest = solved.reduce<SoloPuzzleTime | undefined>((a, p) => (a && a.ms >= p.ms ? a : p), undefined);
  // A puzzle as its card says it: the board and its symbol (or colour), in words.
  const name = (p: SoloPuzzleTime): string => `${p.board} (${t(`keys.${p.key}`)})`;
  return (
    <div className="run-chart">
      {/* Each puzzle's time as a bar beside it, and in words: the fastest and the slowest coloured. */}
      <ol className="run-bars" aria-label={t('solo.chart')}>
        {puzzles.map((p, i) => (
          <li key={i} className={`${p.outcome}${p === fastest ? ' fastest' : ''}${p === slowest ? ' slowest' : ''}`}>
            <span className="run-puzzle">{name(p)}</span>
            <span className="run-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, (p.ms / longest) * 100).toFixed(1)}%` }} />
            </span>
            <span className="run-time">
              {clock(p.ms)}
              {p.outcome !== 'solved' && ` (${t(`solo.outcome.${p.outcome}`)})`}
            </span>
          </li>
        ))}
      </ol>
      {fastest && slowest && (
        <p>
          {t('solo.fastest', { puzzle: name(fastest), time: clock(fastest.ms) })} ·{' '}
          {t('solo.slowest', { puzzle: name(slowest), time: clock(slowest.ms) })} ·{' '}
          {t('solo.mean', { time: clock(solved.reduce((sum, p) => sum + p.ms, 0) / solved.length) })}
        </p>
      )}
    </div>
  );
}

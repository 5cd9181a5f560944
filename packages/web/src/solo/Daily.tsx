import type { DailyAnswer, DailyBoardAnswer, DailyOutcome, DailySolutionAnswer, GhostKind } from '@ubongo/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChallengeFriend } from '../challenges/ChallengeFriend.js';
import { UnreviewedLegend, UnreviewedMark } from '../review/Unreviewed.js';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchDaily, fetchDailyBoard, fetchDailySolution } from '../net.js';
import { BoardPicture } from '../play/BoardPicture.js';
import { PlayerName } from '../ui/PlayerName.js';
import { Moment } from '../ui/moments.js';
import type { Recorded } from './solo-play.js';
import { GhostBoard, GhostChoice, GhostEnd, GhostRefused } from './ghost.js';
import { SoloPlay } from './solo-play.js';
import { useSoloRun } from './solo-run.js';
import { DailyArchive } from './daily-archive.js';
import { EmptyState } from '../ui/EmptyState.js';

/*
 * The daily puzzle (docs/courses.md): the server says today's date, whether this account's attempt
 * is taken, its result and streak; the run is the server's daily course. The first run of the day
 * counts; later ones are practice, and the screen says so before they start.
 */

/** The daily puzzle's screen: today, the run, the result and its share line, the day's board, yesterday's solution. */
export function Daily() {
  const { t } = useTranslation();
  const run = useSoloRun('daily');
  const { view, recorded, busy, error, lost, lostToReload } = run;
  const accountId = useAccount()?.id;
  const [ghost, setGhost] = useState<GhostKind | null>(null);
  const playing = view?.phase === 'playing';
  const outcome = recorded?.course?.kind === 'daily' ? recorded.course : null;
  const turn = useDayTurn(playing);

  // Today, and this account's attempt: fetched again once a run is stored, and as the day turns.
  const loaded = useData<DailyAnswer>(fetchDaily, [accountId, recorded, turn], { keep: true });
  const today = loaded.data;
  const failed = loaded.error !== null;

  // The day's board and yesterday's solution: the last shown until the next comes, none once a fetch failed.
  const date = today?.date;
  const boardRead = useData<DailyBoardAnswer>(date ? () => fetchDailyBoard(date) : null, [date, recorded], {
    keep: true,
  });
  const board = boardRead.error === null ? boardRead.data : null;
  const before = today?.yesterday ?? null;
  const solution = useData<DailySolutionAnswer>(before ? () => fetchDailySolution(before) : null, [before], {
    keep: true,
  });
  const yesterday = solution.error === null ? solution.data : null;

  const attempt = today?.attempt ?? null;
  const start = (raced?: GhostKind | null): Promise<void> =>
    // The course sets the run: these are the solo room's options a course ignores.
    run.start({ mode: 'count', limit: 5, side: 'easy', course: { kind: 'daily' }, ...(raced ? { ghost: raced } : {}) });

  return (
    <div className={playing ? 'daily play-screen' : 'daily'}>
      <h1>{t('daily.title')}</h1>
      {outcome && recorded && !playing && (
        <DailyResult outcome={outcome} recorded={recorded} past={date !== undefined && outcome.date < date} />
      )}
      {run.ghost && view?.phase === 'finished' && (
        <section className="card result" role="status">
          <GhostEnd run={run} />
        </section>
      )}
      {!playing && (
        <section className="card">
          {today ? (
            <h2 className="daily-date">{t('daily.date', { date: today.date })}</h2>
          ) : (
            failed && (
              <p className="error" role="alert">
                {t('daily.unavailable')}
              </p>
            )
          )}
          {today && !attempt && !outcome && (
            <>
              <p>{t('daily.intro')}</p>
              {today.streak !== undefined && today.streak > 0 && (
                <p>{t('daily.streakSoFar', { count: today.streak })}</p>
              )}
              <div className="actions">
                <button type="button" className="primary big" disabled={busy} onClick={() => void start()}>
                  {t('daily.play')}
                </button>
              </div>
              <p className="hint">{t('ghost.dailyFirst')}</p>
            </>
          )}
          {today && (attempt ?? outcome) && (
            <>
              {attempt && !outcome && <DailyAttempt attempt={attempt} today={today} />}
              <p className="hint">{t('daily.practiceText')}</p>
              <GhostChoice value={ghost} onChange={setGhost} />
              <GhostRefused run={run} />
              <div className="actions">
                <button type="button" disabled={busy} onClick={() => void start(ghost)}>
                  {t('daily.practice')}
                </button>
              </div>
            </>
          )}
          {(error || lost) && (
            <p className="error" role="alert">
              {lost ? t('solo.lost') : t('home.cannotJoin', { reason: error })}
            </p>
          )}
          {lostToReload && !view && !error && !lost && <p role="status">{t('daily.lostToReload')}</p>}
        </section>
      )}
      <SoloPlay run={run} skipLabel={t('daily.giveUp')} aside={<GhostBoard run={run} />} />
      {!playing && board && (
        <section className="card">
          <h2>{t('daily.board')}</h2>
          {board.entries.length > 0 ? (
            <ol className="records" data-testid="daily-board">
              {board.entries.map((e) => (
                <li key={e.place} className={e.account === accountId ? 'me' : ''}>
                  {/* A run's page shows the solution: linked once this player's own attempt is over. */}
                  <PlayerName name={e.player} username={e.username} account={e.account} />:{' '}
                  {attempt && attempt.ms !== null ? (
                    <a href={`#/run/${e.run}`} title={t('run.link')}>
                      {clock(e.ms)}
                    </a>
                  ) : (
                    clock(e.ms)
                  )}
                  <UnreviewedMark reviewed={e.reviewed} />
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState art="calendar" text={t('daily.boardEmpty')} />
          )}
          <UnreviewedLegend entries={board.entries} />
        </section>
      )}
      {!playing && (
        <DailyArchive
          busy={busy}
          onPlay={(day) => {
            // A past day, unranked: the server refuses a day that is not over.
            void run.start({ mode: 'count', limit: 5, side: 'easy', course: { kind: 'archive', date: day } });
          }}
        />
      )}
      {!playing && yesterday && (
        <section className="card daily-yesterday">
          <h2>{t('daily.yesterday', { date: yesterday.date })}</h2>
          <p>
            {t('daily.yesterdayTask', {
              board: yesterday.task.board,
              side: t(`sides.${yesterday.task.side}`),
              key: t(`keys.${yesterday.task.key}`),
            })}
          </p>
          <BoardPicture
            task={yesterday.puzzle}
            placements={yesterday.solution}
            label={t('daily.yesterdayLabel', { date: yesterday.date, board: yesterday.task.board })}
          />
        </section>
      )}
    </div>
  );
}

/** What a daily run came to: counted or practice, the time, the streak, the place, and the share line. */
function DailyResult({ outcome, recorded, past }: { outcome: DailyOutcome; recorded: Recorded; past: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card result daily-result" role="status">
      <h2>
        {past
          ? t('misses.archive.played', { date: outcome.date })
          : outcome.counted
            ? t('daily.counted')
            : t('daily.practised')}
      </h2>
      <p>
        {outcome.solved ? t('daily.solvedIn', { time: clock(outcome.ms) }) : t('daily.notSolved')}
        {outcome.place !== null && ` ${t('daily.place', { place: outcome.place })}`}
      </p>
      {outcome.counted && outcome.solved && outcome.streak > 1 ? (
        <Moment kind="streak">
          <p className="daily-streak">{t('daily.streak', { count: outcome.streak })}</p>
        </Moment>
      ) : (
        <p className="daily-streak">{t('daily.streak', { count: outcome.streak })}</p>
      )}
      {/* Why the solve is on no board and not in the streak, as the server says. */}
      {recorded.unverified.length > 0 && (
        <div className="under-review" data-testid="not-listed">
          <p>{t('solo.notListed')}</p>
          <ul>
            {recorded.unverified.map((w) => (
              <li key={w}>{t(`solo.why.${w}`)}</li>
            ))}
          </ul>
        </div>
      )}
      {recorded.held && (
        <div className="under-review" data-testid="held">
          <p>{t('solo.held')}</p>
        </div>
      )}
      {outcome.counted && (
        <ShareLine date={outcome.date} ms={outcome.solved ? outcome.ms : null} streak={outcome.streak} />
      )}
      {outcome.solved && recorded.verified && !recorded.held && <ChallengeFriend run={recorded.run} />}
      {!outcome.solved && (
        <p>
          <a className="button" href={`#/misses/${recorded.run}`} data-testid="try-missed">
            {t('misses.tryOne')}
          </a>
        </p>
      )}
    </section>
  );
}

/** A UTC day, and the hour into the next at which a day's solution comes out (core's DAILY_GRACE_MS). */
const DAY_MS = 86_400_000;
const SOLUTION_OUT_MS = 3_600_000;

/**
 * A count that goes up as the daily's day turns (just after midnight UTC, and as yesterday's solution
 * comes out an hour later, by this device's clock), and as the page is shown again after being hidden:
 * what the screen fetches again by. Never during a run (`playing`): its end fetches again anyway.
 */
function useDayTurn(playing: boolean): number {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (playing) return;
    const now = Date.now();
    const into = now % DAY_MS;
    const next = into < SOLUTION_OUT_MS ? SOLUTION_OUT_MS - into : DAY_MS - into;
    const timer = window.setTimeout(() => {
      setTurn((n) => n + 1);
    }, next + 5_000);
    const shown = (): void => {
      if (document.visibilityState === 'visible') setTurn((n) => n + 1);
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [playing, turn]);
  return turn;
}

/**
 * Share: copies a spoiler-free line (the date, the attempt's time, the streak) to the clipboard,
 * and shows it in a field to select and copy by hand where the clipboard is not to be had.
 */
function ShareLine({ date, ms, streak }: { date: string; ms: number | null; streak: number }) {
  const { t } = useTranslation();
  const line =
    ms !== null
      ? t('daily.shareLine', { date, time: clock(ms), streak })
      : t('daily.shareLineUnsolved', { date, streak });
  const [shared, setShared] = useState<'copied' | 'fallback' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const share = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(line);
      setShared('copied');
    } catch {
      // No clipboard here (an older browser, a page not allowed to): the line to copy by hand.
      setShared('fallback');
    }
  };
  useEffect(() => {
    if (shared === 'fallback') field.current?.select();
  }, [shared]);
  return (
    <>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void share()}>
          {t('daily.share')}
        </button>
      </div>
      {shared && (
        <label className="field share-line">
          <span role="status">{shared === 'copied' ? t('daily.copied') : t('daily.copyByHand')}</span>
          <input
            ref={field}
            readOnly
            value={line}
            data-testid="share-line"
            onFocus={(e) => {
              e.target.select();
            }}
          />
        </label>
      )}
    </>
  );
}

/** This account's attempt at today's puzzle: its time and place, the streak and its share line. */
function DailyAttempt({ attempt, today }: { attempt: NonNullable<DailyAnswer['attempt']>; today: DailyAnswer }) {
  const { t } = useTranslation();
  return (
    <>
      <p data-testid="daily-attempt">
        {attempt.solved && attempt.ms !== null
          ? t('daily.yourAttempt', { time: clock(attempt.ms) })
          : t('daily.yourAttemptUnsolved')}
        {attempt.place !== null && ` ${t('daily.place', { place: attempt.place })}`}
      </p>
      {!attempt.solved && attempt.run !== null && (
        <p>
          <a className="button" href={`#/misses/${attempt.run}`} data-testid="try-missed">
            {t('misses.tryOne')}
          </a>
        </p>
      )}
      {today.streak !== undefined && (
        <>
          <p className="daily-streak">{t('daily.streak', { count: today.streak })}</p>
          {attempt.ms !== null && (
            <ShareLine date={today.date} ms={attempt.solved ? attempt.ms : null} streak={today.streak} />
          )}
        </>
      )}
    </>
  );
}

import type { StormHighsAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { clock, useRoomMessages } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { fetchStormHighs } from '../net.js';
import { useCountdown } from '../ui/countdown.js';
import type { Received } from './solo-play.js';
import { SoloPlay } from './solo-play.js';
import { useSoloRun } from './solo-run.js';
import { StormBoards, StormMissed, StormResult } from './storm-results.js';

/*
 * Storm (docs/courses.md, "Storm"): three minutes on a clock that moves, the puzzles climbing one
 * ramp. The server deals, moves the deadline and judges; this screen draws the deadline it is sent,
 * flashes what each step did to it (the events' `clockMs`), and at the end shows the score, the
 * highs, every puzzle's time and each missed puzzle with a solution.
 */

const seconds = (ms: number): number => Math.round(Math.abs(ms) / 1000);

/** The step of the ramp (from 1) that the `index`-th task (from 0) is on, by the steps' counts the server gave. */
function stepOf(ramp: readonly number[], index: number): number {
  let end = 0;
  for (let i = 0; i < ramp.length; i++) {
    end += ramp[i] ?? 0;
    if (index < end) return i + 1;
  }
  return ramp.length;
}

/** Storm's screen: the rules and the highs, the run, and what it came to. */
export function Storm() {
  const { t } = useTranslation();
  const run = useSoloRun('storm');
  const { view, recorded, busy, error, lost, lostToReload, room } = run;
  const accountId = useAccount()?.id;
  const playing = view?.phase === 'playing';
  const outcome = recorded?.course?.kind === 'storm' ? recorded.course : null;
  // The highs: fetched again once a run is stored.
  const loaded = useData<StormHighsAnswer>(fetchStormHighs, [accountId, recorded], { keep: true });
  const highs = loaded.data;
  const failed = loaded.error !== null;
  // The clock's rules as the server says them: the run's own while it plays, else the highs' answer's.
  const rules = view?.clock?.rules ?? highs?.rules.clock ?? null;

  const start = (): Promise<void> =>
    // The course sets the run: these are the solo room's options a course ignores.
    run.start({ mode: 'timed', limit: 5, side: 'easy', course: { kind: 'storm' } });

  return (
    <div className={playing ? 'storm play-screen' : 'storm'}>
      <h1>{t('storm.title')}</h1>
      {outcome && recorded && !playing && <StormResult outcome={outcome} recorded={recorded} />}
      {!playing && (
        <section className="card">
          {!outcome && (
            <>
              <p>{t('storm.intro')}</p>
              {rules && (
                <p>
                  {t('storm.rules', {
                    fast: seconds(rules.fastMs),
                    bonus: seconds(rules.bonusMs),
                    every: rules.comboEvery,
                    more: seconds(rules.bonusMs + rules.comboBonusMs),
                    max: seconds(rules.maxBonusMs),
                    skip: seconds(rules.skipMs),
                  })}
                </p>
              )}
            </>
          )}
          <div className="actions">
            <button type="button" className="primary big" disabled={busy} onClick={() => void start()}>
              {outcome ? t('storm.again') : t('storm.start')}
            </button>
          </div>
          {(error || lost) && (
            <p className="error" role="alert">
              {lost ? t('solo.lost') : t('home.cannotJoin', { reason: error })}
            </p>
          )}
          {lostToReload && !view && !error && !lost && <p role="status">{t('storm.lostToReload')}</p>}
        </section>
      )}
      {outcome && recorded && !playing && <StormMissed outcome={outcome} recorded={recorded} />}
      <SoloPlay
        run={run}
        skipLabel={rules ? t('storm.skip', { seconds: seconds(rules.skipMs) }) : t('solo.skip')}
        bar={view && playing ? <StormBar view={view} room={room} ramp={highs?.rules.ramp ?? null} /> : undefined}
      />
      {!playing &&
        (highs ? (
          <StormBoards highs={highs} accountId={accountId} />
        ) : (
          failed && (
            <p className="error" role="alert">
              {t('storm.unavailable')}
            </p>
          )
        ))}
    </div>
  );
}

/** A flash of what a step did to the clock: seconds given back or taken (it fades by itself, solo.css, and stays until the next). */
interface Flash {
  readonly ms: number;
  readonly n: number;
}

/**
 * The run under way: the clock, big; what the last step did to it, flashed; the combo, the score
 * and the ramp's step. The clock re-renders on its own (StormClock), not the board.
 */
function StormBar({
  view,
  room,
  ramp,
}: {
  view: Received;
  room: GameRoom<'solo'> | null;
  ramp: readonly number[] | null;
}) {
  const { t } = useTranslation();
  const [flash, setFlash] = useState<Flash | null>(null);
  useRoomMessages(room, {
    events: ({ events }) => {
      for (const e of events)
        if ((e.type === 'solved' || e.type === 'skipped') && e.clockMs !== undefined && e.clockMs !== 0)
          setFlash((f) => ({ ms: e.clockMs ?? 0, n: (f?.n ?? 0) + 1 }));
    },
  });
  const combo = view.clock?.combo ?? 0;
  const hot = view.clock !== undefined && combo >= view.clock.rules.comboEvery;
  return (
    <div className="storm-bar">
      <div className="storm-clock-wrap">
        {view.endsAt !== null && <StormClock deadline={view.endsAt} message={view} />}
        {flash && (
          <span
            key={flash.n}
            className={flash.ms > 0 ? 'storm-flash gain' : 'storm-flash loss'}
            role="status"
            data-testid="storm-flash"
          >
            {flash.ms > 0
              ? t('storm.gain', { seconds: seconds(flash.ms) })
              : t('storm.loss', { seconds: seconds(flash.ms) })}
          </span>
        )}
      </div>
      <dl className="storm-stats">
        <div>
          <dt>{t('storm.score')}</dt>
          <dd data-testid="storm-score">{view.solved}</dd>
        </div>
        <div className={hot ? 'storm-combo hot' : 'storm-combo'}>
          <dt>{t('storm.combo')}</dt>
          <dd data-testid="storm-combo">{combo}</dd>
        </div>
        {ramp && (
          <div>
            <dt>{t('storm.stepLabel')}</dt>
            <dd>{t('storm.step', { step: stepOf(ramp, view.solved + view.skipped), steps: ramp.length })}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** The time left to the deadline the server sent: big, urgent in its last ten seconds. */
function StormClock({ deadline, message }: { deadline: number; message: Received }) {
  const { t } = useTranslation();
  const { left, urgent } = useCountdown(deadline, message);
  return (
    <span className="storm-clock" data-urgent={urgent ? '' : undefined} data-testid="storm-clock">
      <span className="sr-only">{t('storm.clockLabel')} </span>
      {clock(left)}
    </span>
  );
}

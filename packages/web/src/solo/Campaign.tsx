import type { CampaignOutcome } from '@ubongo/core';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChallengeFriend } from '../challenges/ChallengeFriend.js';
import { useAccount } from '../account.js';
import { ConnectionNote } from '../ConnectionNote.js';
import { clock } from '../hooks.js';
import { useCampaignProgress } from './campaign-kept.js';
import { GhostBoard, GhostEnd } from './ghost.js';
import { SoloPlay } from './solo-play.js';
import { useSoloRun } from './solo-run.js';
import { Moment, Stars } from '../ui/moments.js';

/** A padlock, drawn (no emoji font is needed). */
function LockIcon() {
  return (
    <svg className="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
    </svg>
  );
}

/**
 * The campaign: a map of worlds, each a group of levels with their stars; the next open level
 * stands out and the map scrolls to it. A level is played as a solo run of its one task (the server
 * says which, and whether it is open), and its end card shows the stars, the time and the
 * thresholds, with the next level, the same again, or the map.
 */
export function Campaign() {
  const { t } = useTranslation();
  const account = useAccount();
  const run = useSoloRun('campaign');
  const { view, recorded, error, busy, lost, rejected } = run;
  // Fetched again once a run is stored; while the server is out of reach, the progress last seen.
  const { progress, kept, failed, out } = useCampaignProgress(account?.id ?? null, recorded);
  const [level, setLevel] = useState<number | null>(null);
  const current = useRef<HTMLButtonElement | null>(null);

  const onMap = level === null;
  // The map scrolls to the level to play next.
  useEffect(() => {
    if (onMap && progress) current.current?.scrollIntoView({ block: 'center' });
  }, [onMap, progress]);

  const play = useCallback(
    (n: number, ghost?: 'own') => {
      setLevel(n);
      void run.start({
        mode: 'count',
        limit: 5,
        side: 'easy',
        course: { kind: 'campaign', level: n },
        // The campaign's runs are on no board: the only ghost to race is one's own best.
        ...(ghost ? { ghost } : {}),
      });
    },
    [run],
  );

  const playing = view?.phase === 'playing';
  const outcome: CampaignOutcome | null = recorded?.course?.kind === 'campaign' ? recorded.course : null;
  const solvedMs = recorded?.puzzles[0]?.outcome === 'solved' ? recorded.puzzles[0].ms : null;
  // The start was refused (a level not open): said, with the map.
  const refused = !view && rejected?.to === 'start' ? rejected.message : null;

  if (level !== null && !refused && !error && !lost) {
    return (
      <div className={playing ? 'campaign play-screen' : 'campaign'}>
        <h1>{t('campaign.level', { level })}</h1>
        <ConnectionNote />
        {outcome && recorded && (
          <CampaignEnd
            outcome={outcome}
            solvedMs={solvedMs}
            run={recorded.run}
            end={
              <>
                {run.ghost && <GhostEnd run={run} rematch={false} />}
                {solvedMs !== null && recorded.verified && !recorded.held && <ChallengeFriend run={recorded.run} />}
              </>
            }
            busy={busy}
            play={play}
            onMap={() => {
              setLevel(null);
            }}
          />
        )}
        {!outcome && view?.phase === 'finished' && <p role="status">{t('campaign.saving')}</p>}
        <SoloPlay run={run} skipLabel={t('campaign.giveUp')} aside={<GhostBoard run={run} />} />
      </div>
    );
  }

  return (
    <div className="campaign">
      <h1>{t('campaign.title')}</h1>
      <section className="card">
        <p>{t('campaign.intro')}</p>
        {account?.username === null && <p className="hint">{t('campaign.guest')}</p>}
        {(refused ?? error) && (
          <p className="error" role="alert">
            {t('home.cannotJoin', { reason: refused ?? error })}
          </p>
        )}
        {lost && (
          <p className="error" role="alert">
            {t('solo.lost')}
          </p>
        )}
        {kept && (
          <p className="banner connection-note" role="status" data-testid="campaign-kept">
            {t('campaign.lastSeen')}
          </p>
        )}
        {!progress && out !== null && (
          <div className="banner connection-note" role="alert" data-testid="campaign-out">
            <p>{t('campaign.needsServer')}</p>
            <a className="button" href="#/practice">
              {t('practice.playOffline')}
            </a>
          </div>
        )}
        {failed && out === null && <p role="alert">{t('campaign.cannotLoad')}</p>}
        {!progress && !failed && out === null && <p>{t('common.loading')}</p>}
      </section>
      {progress?.worlds.map((world) => {
        const earned = world.levels.reduce((sum, l) => sum + l.stars, 0);
        return (
          <section key={world.world} className="card campaign-world" aria-labelledby={`world-${world.world}`}>
            <h2 id={`world-${world.world}`}>
              {t('campaign.world', { world: world.world, deck: t(`editions.${world.edition}`) })}{' '}
              <span className="world-stars">
                {t('campaign.worldStars', { count: earned, of: world.levels.length * 3 })}
              </span>
            </h2>
            <ol className="campaign-levels">
              {world.levels.map((l) => {
                const next = l.level === progress.current;
                return (
                  <li key={l.level}>
                    <button
                      type="button"
                      ref={next ? current : undefined}
                      className={next ? 'campaign-level primary current' : 'campaign-level'}
                      disabled={!l.open || busy || kept !== null}
                      aria-current={next ? 'step' : undefined}
                      aria-label={
                        l.open
                          ? t('campaign.levelLabel', { level: l.level, count: l.stars })
                          : t('campaign.levelLocked', { level: l.level })
                      }
                      onClick={() => {
                        play(l.level);
                      }}
                    >
                      <span className="level-number">{l.level}</span>
                      <span className="stars" aria-hidden="true">
                        {l.open ? <Stars earned={l.stars} /> : <LockIcon />}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** A level's end: solved or not, its stars and thresholds, the best, what it opened, and what next. */
function CampaignEnd({
  outcome,
  solvedMs,
  end,
  busy,
  play,
  onMap,
  run,
}: {
  outcome: CampaignOutcome;
  solvedMs: number | null;
  /** The stored run: its missed board may be tried again (misses/). */
  run: number;
  /** The ghost's end, if one was raced, and the challenge to a friend. */
  end: ReactNode;
  busy: boolean;
  play: (level: number, ghost?: 'own') => void;
  onMap: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card result campaign-end" role="status" data-testid="campaign-end">
      <h2>{outcome.stars > 0 ? t('campaign.solved', { level: outcome.level }) : t('campaign.notSolved')}</h2>
      {outcome.stars === 3 ? (
        <Moment kind="stars">
          <BigStars stars={outcome.stars} />
        </Moment>
      ) : (
        <BigStars stars={outcome.stars} />
      )}
      {solvedMs !== null && <p>{t('campaign.time', { time: clock(solvedMs) })}</p>}
      {outcome.stars === 0 && solvedMs !== null && <p>{t('campaign.noStars')}</p>}
      <ul className="thresholds" aria-label={t('campaign.thresholds')}>
        <li>{t('campaign.three', { time: clock(outcome.thresholds.three) })}</li>
        <li>{t('campaign.two', { time: clock(outcome.thresholds.two) })}</li>
        <li>{t('campaign.one')}</li>
      </ul>
      {outcome.bestMs !== null && (
        <p>{t('campaign.best', { count: outcome.bestStars, time: clock(outcome.bestMs) })}</p>
      )}
      {outcome.opened !== undefined && <p className="new-best">{t('campaign.opened', { level: outcome.opened })}</p>}
      {end}
      <div className="actions">
        {outcome.next?.open && (
          <button
            type="button"
            className="primary big"
            disabled={busy}
            onClick={() => {
              if (outcome.next) play(outcome.next.level);
            }}
          >
            {t('campaign.next')}
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            play(outcome.level);
          }}
        >
          {t('campaign.again')}
        </button>
        {outcome.bestMs !== null && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              play(outcome.level, 'own');
            }}
          >
            {t('ghost.againOwn')}
          </button>
        )}
        {solvedMs === null && (
          <a className="button" href={`#/misses/${run}`} data-testid="try-missed">
            {t('misses.tryOne')}
          </a>
        )}
        <button type="button" onClick={onMap}>
          {t('campaign.map')}
        </button>
      </div>
    </section>
  );
}

/** A level's stars at its end, drawn large and said in words. */
function BigStars({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <p className="stars big-stars" role="img" aria-label={t('campaign.starsOf', { count: stars })}>
      <Stars earned={stars} />
    </p>
  );
}

import type { ChallengesAnswer, SoloJoinOptions } from '@ubongo/core';
import { SOLO_LIMITS } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { GhostBoard } from '../solo/ghost.js';
import { RunChart, SoloPlay } from '../solo/solo-play.js';
import { useSoloRun } from '../solo/solo-run.js';
import { RejectedNote } from '../ui/RejectedNote.js';
import { Rematch, Verdict } from './ChallengeCard.js';
import { fetchChallenges, resultText, settingText, timeLeftText } from './challenges-api.js';

/**
 * Racing a challenge (`#/challenge/ID`, docs/challenges.md): the solo run with the `challenge`
 * option, the sender's run as the ghost beside the board (the ghost race's own view), then the
 * verdict as the server stored it, with a rematch.
 */
export function ChallengeRace({ id }: { id: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const run = useSoloRun('challenge');
  const { view, recorded, busy, error, rejected, closeRejected } = run;
  // Read again once the race is stored: the server has settled the verdict by then.
  const { data } = useData<ChallengesAnswer>(account ? fetchChallenges : null, [account?.id, recorded?.run]);
  const entry = data ? [...data.received, ...data.sent].find((c) => c.id === id) : undefined;
  const playing = view?.phase === 'playing';
  const finished = view?.phase === 'finished';

  const start = (): void => {
    if (!entry) return;
    const { mode, limit, side } = entry.setting;
    // The server races the challenged run's own setting and tasks; these only fill the join's shape.
    const options: Omit<SoloJoinOptions, 'protocol'> = {
      mode,
      limit: SOLO_LIMITS.find((l) => l === limit) ?? 5,
      side,
      challenge: id,
    };
    void run.start(options);
  };

  return (
    <div className={playing ? 'solo challenge-race play-screen' : 'solo challenge-race'}>
      <h1>{entry ? t('challenges.raceTitle', { name: entry.from.name }) : t('challenges.title')}</h1>
      {!playing && !finished && (
        <section className="card">
          {data === null ? (
            <p className="loading">{t('common.loading')}</p>
          ) : !entry ? (
            <p className="error" role="alert">
              {t('challenges.notFound')}
            </p>
          ) : (
            <>
              <p className="challenge-what">{settingText(entry, t)}</p>
              <p>
                {t('challenges.theirRun', {
                  name: entry.from.name,
                  result: resultText(entry.setting.mode, entry.from, t),
                })}
              </p>
              <p className="hint">{t('challenges.raceIntro', { name: entry.from.name })}</p>
              {entry.raceable ? (
                <>
                  <p className="challenge-status open">{timeLeftText(entry, data.now, t)}</p>
                  <div className="actions">
                    <button type="button" className="primary big" disabled={busy} onClick={start}>
                      {t('challenges.start')}
                    </button>
                  </div>
                </>
              ) : (
                <p className="challenge-status">{t(`challenges.status.${entry.status}`)}</p>
              )}
            </>
          )}
          {rejected?.to === 'start' && <RejectedNote rejected={rejected} onClose={closeRejected} />}
          {error && (
            <p className="error" role="alert">
              {t('home.cannotJoin', { reason: error })}
            </p>
          )}
        </section>
      )}
      {finished && view.result && (
        <section className="card result" role="status" data-testid="challenge-result">
          <h2>{t('challenges.verdictTitle')}</h2>
          {entry?.status === 'raced' ? (
            <>
              <Verdict entry={entry} me={account?.id} />
              <div className="actions">
                {entry.rematch !== null && <Rematch entry={entry} me={account?.id} run={entry.rematch} />}
                {recorded && <a href={`#/run/${recorded.run}`}>{t('ghost.replayMine')}</a>}
                {entry.from.run !== null && <a href={`#/run/${entry.from.run}`}>{t('ghost.replayGhost')}</a>}
              </div>
            </>
          ) : (
            <p className="loading">
              {recorded && data !== null ? t('challenges.noVerdict') : t('challenges.waitVerdict')}
            </p>
          )}
          {recorded && recorded.puzzles.length > 0 && <RunChart puzzles={recorded.puzzles} />}
        </section>
      )}
      <SoloPlay run={run} aside={<GhostBoard run={run} />} />
      {!playing && (
        <p className="actions">
          <a className="button" href="#/challenges">
            {t('challenges.all')}
          </a>
        </p>
      )}
    </div>
  );
}

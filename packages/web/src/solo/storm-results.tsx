import type { StormHighEntry, StormHighs, StormHighsAnswer, StormOutcome } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { UnreviewedLegend, UnreviewedMark } from '../review/Unreviewed.js';
import { clock } from '../hooks.js';
import { BoardPicture } from '../play/BoardPicture.js';
import { PlayerName } from '../ui/PlayerName.js';
import type { Recorded } from './solo-play.js';
import { RunChart } from './solo-play.js';
import { EmptyState } from '../ui/EmptyState.js';

/* What a Storm run came to, and the highs (Storm.tsx shows them). */

/** What a run came to: the score, the best combo, whether it counts, the player's highs. */
export function StormResult({ outcome, recorded }: { outcome: StormOutcome; recorded: Recorded }) {
  const { t } = useTranslation();
  return (
    <section className="card result storm-result" role="status">
      <h2>{t('storm.over')}</h2>
      <p className="storm-score-big" data-testid="storm-final">
        {t('storm.final', { score: outcome.score })}
      </p>
      <p>{t('storm.bestCombo', { combo: outcome.bestCombo })}</p>
      {!outcome.counted && <p>{t('storm.notCounted')}</p>}
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
      <h3>{t('storm.yourHighs')}</h3>
      <HighsLine highs={outcome.highs} testId="storm-my-highs" />
    </section>
  );
}

/** Under the run's result and Play again: every puzzle's time, and each missed puzzle with a solution. */
export function StormMissed({ outcome, recorded }: { outcome: StormOutcome; recorded: Recorded }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="card">
        <h2>{t('storm.times')}</h2>
        <RunChart puzzles={recorded.puzzles} />
      </section>
      <section className="card storm-missed">
        <h2>{t('storm.missed')}</h2>
        {outcome.missed.length > 0 && (
          <p className="actions">
            <a className="button primary" href={`#/misses/${recorded.run}`} data-testid="try-missed">
              {t('misses.try')}
            </a>
          </p>
        )}
        {outcome.missed.length === 0 ? (
          <EmptyState art="trophy" text={t('storm.noneMissed')} />
        ) : (
          // Folded until asked for: the boards are there to try again first (Try the missed boards).
          <details className="storm-missed-solutions">
            <summary>{t('storm.showSolutions', { count: outcome.missed.length })}</summary>
            <ul className="storm-missed-list">
              {outcome.missed.map((m) => {
                const p = recorded.puzzles[m.index];
                return (
                  <li key={m.index}>
                    <p>
                      {t('storm.missedTask', {
                        n: m.index + 1,
                        board: m.task.board,
                        side: t(`sides.${m.task.side}`),
                        key: t(`keys.${m.task.key}`),
                        outcome: p ? t(`solo.outcome.${p.outcome}`) : '',
                        time: clock(p?.ms ?? 0),
                      })}
                    </p>
                    <BoardPicture
                      task={m.puzzle}
                      placements={m.solution}
                      label={t('storm.missedLabel', { board: m.task.board })}
                    />
                  </li>
                );
              })}
            </ul>
          </details>
        )}
      </section>
    </>
  );
}

/** Best scores of the day, the week and all time, in a row. */
export function HighsLine({ highs, testId }: { highs: StormHighs; testId: string }) {
  const { t } = useTranslation();
  const score = (n: number | null): string => (n === null ? '–' : String(n));
  return (
    <dl className="storm-highs" data-testid={testId}>
      <div>
        <dt>{t('storm.today')}</dt>
        <dd>{score(highs.day)}</dd>
      </div>
      <div>
        <dt>{t('storm.thisWeek')}</dt>
        <dd>{score(highs.week)}</dd>
      </div>
      <div>
        <dt>{t('storm.allTime')}</dt>
        <dd>{score(highs.all)}</dd>
      </div>
    </dl>
  );
}

/** The public boards of the day, the week and all time, and your own highs. */
export function StormBoards({ highs, accountId }: { highs: StormHighsAnswer; accountId: string | undefined }) {
  const { t } = useTranslation();
  const board = (title: string, entries: readonly StormHighEntry[], id: string) => (
    <div className="storm-board">
      <h3>{title}</h3>
      {entries.length > 0 ? (
        <ol className="records" data-testid={id}>
          {entries.map((e) => (
            <li key={e.place} className={e.account === accountId ? 'me' : ''}>
              <PlayerName name={e.player} username={e.username} account={e.account} />:{' '}
              <a href={`#/run/${e.run}`} title={t('run.link')}>
                {t('storm.entry', { score: e.score })}
              </a>
              <UnreviewedMark reviewed={e.reviewed} />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState art="storm" text={t('storm.boardEmpty')} />
      )}
    </div>
  );
  return (
    <section className="card">
      <h2>{t('storm.highs')}</h2>
      {highs.mine && (
        <>
          <h3>{t('storm.yourHighs')}</h3>
          <HighsLine highs={highs.mine} testId="storm-mine" />
        </>
      )}
      <div className="storm-boards">
        {board(t('storm.todayOn', { date: highs.day }), highs.boards.day, 'storm-board-day')}
        {board(t('storm.weekOn', { date: highs.week }), highs.boards.week, 'storm-board-week')}
        {board(t('storm.allTime'), highs.boards.all, 'storm-board-all')}
      </div>
      <UnreviewedLegend entries={[...highs.boards.day, ...highs.boards.week, ...highs.boards.all]} />
    </section>
  );
}

import type { LeaderboardAnswer, RaceEdition, RecordsAnswer, Side, SoloMode } from '@ubongo/core';
import { RACE_EDITIONS, SIDES, SOLO_LIMITS, SOLO_MODES } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnreviewedLegend, UnreviewedMark } from '../review/Unreviewed.js';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchLeaderboard, fetchRecordsOf } from '../net.js';
import { useAccount } from '../account.js';
import { PlayerName } from '../ui/PlayerName.js';
import { SeasonBoard } from './Seasons.js';
import { ShownRating } from './Shown.js';
import { SelectField } from '../ui/SelectField.js';
import { EmptyState } from '../ui/EmptyState.js';

type Period = 'day' | 'week' | 'all';
const PERIODS: readonly Period[] = ['day', 'week', 'all'];

/** The best players: ratings per edition, and verified solo results by mode, length, side and period. */
export function Leaderboards() {
  // Your own rows, known by your account (never by a name someone else may take).
  const me = useAccount();
  const { t } = useTranslation();
  const [edition, setEdition] = useState<RaceEdition>('classic');
  const [mode, setMode] = useState<SoloMode>('timed');
  const [limit, setLimit] = useState<number>(SOLO_LIMITS[0]);
  const [side, setSide] = useState<Side>('easy');
  const [period, setPeriod] = useState<Period>('week');
  const board = useData<LeaderboardAnswer>(() => fetchLeaderboard(edition), [edition]).data;
  const records = useData<RecordsAnswer['records']>(
    () => fetchRecordsOf(mode, limit, side, period),
    [mode, limit, side, period],
  ).data;

  return (
    <div className="leaderboards">
      <h1>{t('leaderboards.title')}</h1>
      <section className="card">
        <h2>{t('leaderboards.ratings')}</h2>
        <SelectField
          label={t('leaderboards.edition')}
          value={edition}
          options={RACE_EDITIONS}
          text={(e) => t(`editions.${e}`)}
          onChange={setEdition}
        />
        {board && board.players.length === 0 && (
          <EmptyState
            art="trophy"
            text={t('leaderboards.noRatings')}
            next={t('art.ratedNext')}
            action={{ href: '#/rated', label: t('home.rated') }}
          />
        )}
        {board && board.players.length > 0 && (
          <ol className="records">
            {board.players.map((p) => (
              <li key={p.id} className={p.id === me?.id ? 'me' : ''}>
                <PlayerName name={p.name} username={p.username} account={p.id} /> <ShownRating {...p.rating} />
                {p.rating.provisional && <span className="tag"> {t('profile.provisional')}</span>}
                {p.game !== null && (
                  <>
                    {' '}
                    <a href={`#/replay/${encodeURIComponent(p.game)}`}>{t('replay.link')}</a>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
        {board?.you && <YourPlace you={board.you} claimed={me?.username != null} />}
      </section>
      <SeasonBoard />
      <section className="card">
        <h2>{t('leaderboards.solo')}</h2>
        <div className="field-row">
          <SelectField
            label={t('solo.mode')}
            value={mode}
            options={SOLO_MODES}
            text={(m) => t(`solo.${m}`)}
            onChange={setMode}
          />
          <SelectField
            label={mode === 'timed' ? t('solo.minutes') : t('solo.puzzles')}
            value={limit}
            options={SOLO_LIMITS}
            onChange={setLimit}
          />
          <SelectField
            label={t('solo.side')}
            value={side}
            options={SIDES}
            text={(s) => t(`sides.${s}Long`)}
            onChange={setSide}
          />
          <SelectField
            label={t('leaderboards.period')}
            value={period}
            options={PERIODS}
            text={(p) => t(`leaderboards.${p}`)}
            onChange={setPeriod}
          />
        </div>
        {records && records.length === 0 && (
          <EmptyState
            art="hourglass"
            text={t('solo.noRecords')}
            next={t('art.recordsNext')}
            action={{ href: '#/solo', label: t('home.solo') }}
          />
        )}
        {records && records.length > 0 && (
          <ol className="records">
            {records.map((r, i) => (
              <li key={i} className={r.account !== null && r.account === me?.id ? 'me' : ''}>
                <PlayerName name={r.player} username={r.username} account={r.account} />:{' '}
                <a href={`#/run/${r.run}`} title={t('run.link')}>
                  {mode === 'timed' ? t('solo.puzzlesCount', { count: r.solved }) : clock(r.ms)}
                </a>
                <UnreviewedMark reviewed={r.reviewed} />
              </li>
            ))}
          </ol>
        )}
        {records && <UnreviewedLegend entries={records} />}
      </section>
    </div>
  );
}

/** The viewer's own place on a rating board, or what a place still needs (docs/accounts.md, "Ratings"). */
function YourPlace({
  you,
  claimed,
}: {
  readonly you: NonNullable<LeaderboardAnswer['you']>;
  readonly claimed: boolean;
}) {
  const { t } = useTranslation();
  let text: string;
  if (you.place !== null) text = t('leaderboards.yourPlace', { place: you.place });
  else if (!claimed) text = t('leaderboards.needUsername');
  else text = t('leaderboards.missing', { count: you.missing });
  return <p className="your-place">{text}</p>;
}

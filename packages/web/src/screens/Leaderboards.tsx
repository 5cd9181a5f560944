import type { LeaderboardAnswer, RaceEdition, RecordsAnswer, Side, SoloMode } from '@ubongo/core';
import { RACE_EDITIONS, SIDES, SOLO_LIMITS, SOLO_MODES } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchLeaderboard, fetchRecordsOf } from '../net.js';
import { useAccount } from '../account.js';
import { PlayerName } from './common.js';
import { SeasonBoard } from './Seasons.js';

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
        <label className="field">
          <span>{t('leaderboards.edition')}</span>
          <select
            value={edition}
            onChange={(e) => {
              setEdition(e.target.value as RaceEdition);
            }}
          >
            {RACE_EDITIONS.map((e) => (
              <option key={e} value={e}>
                {t(`editions.${e}`)}
              </option>
            ))}
          </select>
        </label>
        {board && board.players.length === 0 && <p>{t('leaderboards.noRatings')}</p>}
        {board && board.players.length > 0 && (
          <ol className="records">
            {board.players.map((p) => (
              <li key={p.id} className={p.id === me?.id ? 'me' : ''}>
                <PlayerName name={p.name} username={p.username} account={p.id} /> <strong>{p.rating.display}</strong>
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
      </section>
      <SeasonBoard />
      <section className="card">
        <h2>{t('leaderboards.solo')}</h2>
        <div className="field-row">
          <label className="field">
            <span>{t('solo.mode')}</span>
            <select
              value={mode}
              onChange={(e) => {
                setMode(e.target.value as SoloMode);
              }}
            >
              {SOLO_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`solo.${m}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{mode === 'timed' ? t('solo.minutes') : t('solo.puzzles')}</span>
            <select
              value={limit}
              onChange={(e) => {
                setLimit(Number(e.target.value));
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
          <label className="field">
            <span>{t('leaderboards.period')}</span>
            <select
              value={period}
              onChange={(e) => {
                setPeriod(e.target.value as Period);
              }}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`leaderboards.${p}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {records && records.length === 0 && <p>{t('solo.noRecords')}</p>}
        {records && records.length > 0 && (
          <ol className="records">
            {records.map((r, i) => (
              <li key={i} className={r.account !== null && r.account === me?.id ? 'me' : ''}>
                <PlayerName name={r.player} username={r.username} account={r.account} />:{' '}
                <a href={`#/run/${r.run}`} title={t('run.link')}>
                  {mode === 'timed' ? t('solo.puzzlesCount', { count: r.solved }) : clock(r.ms)}
                </a>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

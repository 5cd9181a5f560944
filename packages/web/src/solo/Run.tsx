import type { SoloRunAnswer } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchRun } from '../net.js';
import { ApiProblem } from '../api.js';
import { PlayerName } from '../ui/PlayerName.js';
import { ReportButton } from '../accounts/Report.js';
import { RunChart } from './Solo.js';
import { TrailPlayer } from '../watching/TrailPlayer.js';

/**
 * A stored solo run (its own page, `#/run/ID`, linked from every board entry): who played it, its
 * result, each puzzle with its time, and how many solves still keep their moves (docs/operations.md).
 */
export function Run({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data: run, error } = useData<SoloRunAnswer>(() => fetchRun(id), [id]);
  /** Why the run is not shown: there is none, or it is a daily puzzle's whose day is not over. */
  const failed = error === null ? false : error instanceof ApiProblem && error.status === 403 ? 'daily' : 'missing';
  const me = useAccount();
  if (failed) return <p className="error">{t(failed === 'daily' ? 'run.dailyNotOver' : 'run.missing')}</p>;
  if (!run) return <p className="loading">{t('run.loading')}</p>;
  const r = run.run;
  const date = new Date(r.finishedAt).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  // One's own run is not offered for reporting (a username is unique, so it tells whose the run is).
  const own = r.username !== null && r.username === me?.username;
  const moves = run.puzzles.filter((p) => p.trail !== undefined).length;
  return (
    <div className="run">
      <h1>
        {r.mode === 'timed'
          ? t('profile.bestTimed', { minutes: r.limit, side: t(`sides.${r.side}`), count: r.solved })
          : t('profile.bestCount', { puzzles: r.limit, side: t(`sides.${r.side}`), time: clock(r.ms) })}
      </h1>
      <p>
        <PlayerName name={r.player} username={r.username} account={r.account} /> · {t('run.when', { date })}
      </p>
      {!r.verified && <p className="tag">{t('run.unverified')}</p>}
      <RunChart puzzles={run.puzzles} />
      <p>{run.trails ? t('run.moves', { count: moves }) : t('run.noMoves')}</p>
      <RunTrails puzzles={run.puzzles} />
      {!own && <ReportButton kind="run" target={id} />}
    </div>
  );
}

/** Each solve of a run whose moves are kept, played back (TrailPlayer.tsx). */
export function RunTrails({ puzzles }: { puzzles: SoloRunAnswer['puzzles'] }) {
  const { t } = useTranslation();
  const kept = puzzles.flatMap((p, i) =>
    p.trail && p.task ? [{ ...p, trail: p.trail, task: p.task, number: i + 1 }] : [],
  );
  if (kept.length === 0) return null;
  return (
    <section className="run-trails" aria-labelledby="run-trails-title">
      <h2 id="run-trails-title">{t('trail.title')}</h2>
      <ul>
        {kept.map((p) => (
          <li key={p.number}>
            <h3>{t('trail.puzzle', { number: p.number, board: p.board })}</h3>
            <TrailPlayer task={p.task} trail={p.trail} label={t('trail.board', { board: p.board })} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ReviewDecision, ReviewEntry, SoloRunAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../account.js';
import { ApiProblem } from '../api.js';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { errorText, fetchRun } from '../net.js';
import { RunChart } from '../solo/Solo.js';
import { RunTrails } from '../solo/Run.js';
import { PlayerName } from '../ui/PlayerName.js';
import { EmptyState } from '../ui/EmptyState.js';

/*
 * The review screen (`#/review`, docs/accounts.md "Reviewed results"): the queue the server orders
 * (reported, flagged, held, the rest), one entry at a time beside its replay, what the model noticed
 * and what players reported, and a reviewer's decision. The server decides who may see it (403) and
 * what each decision does; the page shows the queue and sends the choice.
 */

type Decision = ReviewDecision['decision'];

/** An entry in a few words: a run's setting and result, a game's claim, a reported player. */
function useSummary(): (e: ReviewEntry) => string {
  const { t } = useTranslation();
  return (e) => {
    if (e.kind === 'claim') return t('review.claim', { player: e.player, game: e.game });
    if (e.kind === 'player') return t('review.player');
    const r = e.run;
    return r.mode === 'timed'
      ? t('profile.bestTimed', { minutes: r.limit, side: t(`sides.${r.side}`), count: r.solved })
      : t('profile.bestCount', { puzzles: r.limit, side: t(`sides.${r.side}`), time: clock(r.ms) });
  };
}

/** Where an entry stands, and why it is in the queue, as short tags. */
function Tags({ entry }: { entry: ReviewEntry }) {
  const { t } = useTranslation();
  return (
    <span className="review-tags">
      <span className={`tag review-${entry.review}`}>{t(`review.state.${entry.review}`)}</span>
      {entry.reports.length > 0 && (
        <span className="tag review-reported">{t('review.reports', { count: entry.reports.length })}</span>
      )}
      {entry.flags.length > 0 && <span className="tag">{t('review.flags', { count: entry.flags.length })}</span>}
    </span>
  );
}

/** A run's replay as the reviewer reads it: each puzzle's time and, while kept, its moves played back. */
function RunReplay({ run }: { run: number }) {
  const { t } = useTranslation();
  const { data, error } = useData<SoloRunAnswer>(() => fetchRun(String(run)), [run]);
  if (error) return <p className="error">{t('run.missing')}</p>;
  if (!data) return <p className="loading">{t('run.loading')}</p>;
  const moves = data.puzzles.filter((p) => p.trail !== undefined).length;
  return (
    <>
      <RunChart puzzles={data.puzzles} />
      <p>{data.trails ? t('run.moves', { count: moves }) : t('run.noMoves')}</p>
      <RunTrails puzzles={data.puzzles} />
    </>
  );
}

/** One entry whole: who, what, why it is here, its replay, and the decisions. */
function EntryView({ entry, busy, decide }: { entry: ReviewEntry; busy: boolean; decide: (d: Decision) => void }) {
  const { t } = useTranslation();
  const summary = useSummary();
  const [banning, setBanning] = useState(false);
  const who = entry.account;
  return (
    <section className="card review-entry" aria-labelledby="review-entry-title">
      <h2 id="review-entry-title">{summary(entry)}</h2>
      <p>
        {who ? <PlayerName name={who.name} username={who.username} account={who.id} /> : t('review.noAccount')} ·{' '}
        {new Date(entry.at).toLocaleString()} <Tags entry={entry} />
      </p>
      <h3>{t('review.flagsTitle')}</h3>
      {entry.flags.length === 0 ? (
        <p className="muted">{t('review.noFlags')}</p>
      ) : (
        <ul className="review-flags">
          {entry.flags.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {entry.reports.length > 0 && (
        <>
          <h3>{t('review.reportsTitle')}</h3>
          <ul className="review-reports">
            {entry.reports.map((r) => (
              <li key={`${r.at}-${r.reason}`}>“{r.reason}”</li>
            ))}
          </ul>
        </>
      )}
      <div className="actions review-actions">
        {entry.kind !== 'player' && (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => {
              decide('approve');
            }}
          >
            {t('review.approve')}
          </button>
        )}
        {entry.kind === 'player' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              decide('approve');
            }}
          >
            {t('review.dismiss')}
          </button>
        )}
        {entry.kind !== 'player' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              decide('reject');
            }}
          >
            {t('review.reject')}
          </button>
        )}
        {who &&
          (banning ? (
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => {
                decide('ban');
              }}
            >
              {t('review.banSure', { name: who.name })}
            </button>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setBanning(true);
              }}
            >
              {t('review.ban')}
            </button>
          ))}
      </div>
      <h3>{t('review.replay')}</h3>
      {entry.kind === 'run' && <RunReplay run={entry.run.run} />}
      {entry.kind === 'claim' && <a href={`#/replay/${encodeURIComponent(entry.game)}`}>{t('review.gameReplay')}</a>}
      {entry.kind === 'player' && who && <a href={`#/player/${encodeURIComponent(who.id)}`}>{t('review.profile')}</a>}
    </section>
  );
}

/** The review screen: the queue, the chosen entry beside it, the decisions. */
export function Review() {
  const { t } = useTranslation();
  const summary = useSummary();
  const { data, error, reload } = useData(() => api('GET /api/review'), [], { keep: true });
  const [chosen, setChosen] = useState<string | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (error && !data) {
    const refused = error instanceof ApiProblem && (error.status === 403 || error.status === 401);
    return (
      <div className="review">
        <h1>{t('review.title')}</h1>
        <p className={refused ? 'banner info' : 'error'}>{refused ? t('review.notReviewer') : errorText(error, t)}</p>
      </div>
    );
  }
  if (!data) return <p className="loading">{t('review.loading')}</p>;
  const entries = data.entries;
  const entry = entries.find((e) => e.id === chosen) ?? entries[0];

  const decide = (d: Decision): void => {
    if (!entry) return;
    setBusy(true);
    setSaid(null);
    api('POST /api/review/:id', { params: { id: entry.id }, body: { decision: d } })
      .then(async () => {
        setSaid({ ok: true, text: t(`review.decided.${d}`, { what: summary(entry) }) });
        // The next entry of the queue as it was, once the queue is read again.
        const at = entries.indexOf(entry);
        setChosen(entries[at + 1]?.id ?? null);
        await reload();
      })
      .catch((e: unknown) => {
        setSaid({ ok: false, text: errorText(e, t) });
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <div className="review">
      <h1>{t('review.title')}</h1>
      <p>{t('review.intro')}</p>
      {said && (
        <p className={said.ok ? 'banner info' : 'error'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
      {!entry ? (
        <EmptyState art="medal" text={t('review.empty')} />
      ) : (
        <div className="review-layout">
          <nav aria-label={t('review.queue')}>
            <h2>{t('review.queueCount', { count: entries.length })}</h2>
            <ol className="review-queue">
              {entries.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className="review-pick"
                    aria-current={e.id === entry.id ? 'true' : undefined}
                    onClick={() => {
                      setChosen(e.id);
                      setSaid(null);
                    }}
                  >
                    <strong>{e.account?.name ?? t('review.noAccount')}</strong> {summary(e)} <Tags entry={e} />
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <EntryView key={entry.id} entry={entry} busy={busy} decide={decide} />
        </div>
      )}
    </div>
  );
}

import type { BoardRunEntry, GhostKind, PieceSet, Side, SoloMode, SoloRecordEntry } from '@ubongo/core';
import { SIDES, SOLO_LIMITS, SOLO_MODES } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnreviewedLegend, UnreviewedMark } from '../review/Unreviewed.js';
import { useAccount } from '../account.js';
import { useServerOut } from '../connection.js';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchProfile, fetchRecords } from '../net.js';
import { PieceSetField } from '../ui/fields.js';
import { PlayerName } from '../ui/PlayerName.js';
import { ChallengeFriend } from '../challenges/ChallengeFriend.js';
import { GhostBoard, GhostChoice, GhostEnd, GhostRefused } from './ghost.js';
import type { Received, Recorded } from './solo-play.js';
import { RunChart, SoloPlay } from './solo-play.js';
import type { SoloRunHandle } from './solo-run.js';
import { useSoloRun } from './solo-run.js';
import { SelectField } from '../ui/SelectField.js';
import { Moment } from '../ui/moments.js';

export { RunChart } from './solo-play.js';

/** A run with nothing that keeps it off the boards. */
const NO_REASONS = { unverified: [], signals: [] } as const;

/** The solo variants: as many puzzles as you can in the time, or a number of puzzles against the clock. */
export function Solo() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SoloMode>('timed');
  const [limit, setLimit] = useState<(typeof SOLO_LIMITS)[number]>(5);
  const [side, setSide] = useState<Side>('easy');
  const [pieceSet, setPieceSet] = useState<PieceSet>('task');
  const [atLevel, setAtLevel] = useState(false);
  const [ghost, setGhost] = useState<GhostKind | null>(null);
  const run = useSoloRun('solo');
  const out = useServerOut();
  // A run under way when the page was left or reloaded is over (the server keeps the clock): said, not hidden.
  const { view, error, busy, lost, lostToReload, recorded } = run;
  const canStart = !busy && out !== 'offline';
  // The account's bests, as the server has them on record (from any device), fetched again after each run.
  const accountId = useAccount()?.id;
  // (Null while not known: not fetched yet, or the fetch failed; then nothing is said of them.)
  // Another account's (the one signed out) are not shown meanwhile; fetched again once a run is stored.
  const bests: readonly SoloRecordEntry[] | null =
    useData(accountId ? () => fetchProfile(accountId) : null, [accountId, recorded]).data?.solo.best ?? null;
  // The boards: the last shown until the next comes (none once a fetch failed).
  const shown = useData<readonly BoardRunEntry[]>(
    () => fetchRecords(mode, limit, side),
    [mode, limit, side, view?.phase],
    {
      keep: true,
    },
  );
  const records = shown.error === null ? shown.data : null;
  const best = bests?.find((b) => b.mode === mode && b.limit === limit && b.side === side) ?? null;

  const start = (): Promise<void> =>
    run.start({
      mode,
      limit,
      side,
      pieceSet,
      ...(atLevel ? { dealing: 'level' as const } : {}),
      // A run at the player's level races no ghost (the server would refuse it).
      ...(ghost && !atLevel ? { ghost } : {}),
    });

  const playing = view?.phase === 'playing';

  return (
    <div className={playing ? 'solo play-screen' : 'solo'}>
      <h1>{t('solo.title')}</h1>
      {/* A finished run's result first, above the settings for the next. */}
      {view?.phase === 'finished' && view.result && <SoloResult result={view.result} recorded={recorded} run={run} />}
      {!playing && (
        <section className="card">
          {out && <ServerOut out={out} />}
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
          {!atLevel && <GhostChoice value={ghost} onChange={setGhost} />}
          <GhostRefused run={run} />
          <div className="actions">
            <button type="button" className="primary big" disabled={!canStart} onClick={() => void start()}>
              {view?.phase === 'finished' ? t('solo.again') : t('solo.start')}
            </button>
          </div>
          {((error && !out) || lost) && (
            <p className="error" role="alert">
              {lost ? t('solo.lost') : t('home.cannotJoin', { reason: error })}
            </p>
          )}
          {lostToReload && !view && !error && !lost && <p role="status">{t('solo.lostToReload')}</p>}
        </section>
      )}
      <SoloPlay run={run} aside={<GhostBoard run={run} />} />
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
          <ServerBest records={records} mode={mode} accountId={accountId} />
        </section>
      )}
    </div>
  );
}

/** A finished run: its result, whether it is a new best or is not listed (and why), its chart, the ghost's end. */
function SoloResult({
  result,
  recorded,
  run,
}: {
  result: NonNullable<Received['result']>;
  recorded: Recorded | null;
  run: SoloRunHandle;
}) {
  const { t } = useTranslation();
  const puzzles = recorded?.puzzles ?? null;
  // The server says whether the run beats the account's best on record, and whether it is held for review.
  const newBest = recorded?.newBest ?? false;
  const held = recorded?.held ?? false;
  // Why the run is not listed, as the server says: solves that were not a person's, the run model's findings.
  const why = recorded ?? NO_REASONS;
  return (
    <section className="card result" role="status">
      <h2>{t('solo.resultTitle')}</h2>
      <p>
        {result.mode === 'timed'
          ? t('solo.resultTimed', { count: result.solved, skipped: result.skipped })
          : t('solo.resultCount', { count: result.solved, time: clock(result.ms) })}
      </p>
      {newBest && (
        <Moment kind="best">
          <p className="new-best">{t('solo.newBest')}</p>
        </Moment>
      )}
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
      <GhostEnd run={run} />
      {/* A run the server verified and holds for no review may be sent to a friend to race. */}
      {recorded && recorded.verified && !held && <ChallengeFriend run={recorded.run} />}
    </section>
  );
}

/** Offline, or the server out of reach: said at once (no answer at all is said so, not as an error), with practice on this device. */
function ServerOut({ out }: { out: 'offline' | 'unreachable' }) {
  const { t } = useTranslation();
  return (
    <div className="banner connection-note" role="alert" data-testid="solo-out">
      <p>{t(out === 'offline' ? 'solo.offline' : 'solo.unreachable')}</p>
      <a className="button primary" href="#/practice">
        {t('practice.playOffline')}
      </a>
    </div>
  );
}

/** "Best on this server": each player's best reviewed run of the setting, or why there is none yet. */
function ServerBest({
  records,
  mode,
  accountId,
}: {
  records: readonly BoardRunEntry[] | null;
  mode: SoloMode;
  accountId: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('solo.records')}</h3>
      {records && records.length > 0 ? (
        <ol className="records">
          {records.map((r, i) => (
            <li key={i} className={r.account !== null && r.account === accountId ? 'me' : ''}>
              <PlayerName name={r.player} username={r.username} account={r.account} />:{' '}
              <a href={`#/run/${r.run}`} title={t('run.link')}>
                {mode === 'timed' ? t('solo.puzzlesCount', { count: r.solved }) : clock(r.ms)}
              </a>
              <UnreviewedMark reviewed={r.reviewed} />
            </li>
          ))}
        </ol>
      ) : (
        <p>
          {t('solo.noReviewedRecords')} <a href="#/leaderboards">{t('solo.allResults')}</a>
        </p>
      )}
      {records && <UnreviewedLegend entries={records} />}
    </>
  );
}

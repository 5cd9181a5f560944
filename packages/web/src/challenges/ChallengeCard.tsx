import type { ChallengeEntry } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../net.js';
import { outcomeOf, resultText, sendChallenge, settingText, timeLeftText } from './challenges-api.js';

/** One challenge, received or sent: who, what the run was, where it stands, the verdict once raced, what may be done. */
export function ChallengeCard({
  entry,
  me,
  now,
  busy,
  onDecline,
}: {
  entry: ChallengeEntry;
  me: string | undefined;
  now: number;
  busy: boolean;
  onDecline?: () => void;
}) {
  const { t } = useTranslation();
  const received = entry.to.account === me;
  const other = received ? entry.from : entry.to;
  const name = other.name;
  return (
    <li className="challenge" data-testid="challenge" data-status={entry.status}>
      <p className="challenge-who">
        <strong>{t(received ? 'challenges.fromThem' : 'challenges.toThem', { name })}</strong>
      </p>
      <p className="challenge-what">{settingText(entry, t)}</p>
      <p>
        {t('challenges.theirRun', {
          name: entry.from.name,
          result: resultText(entry.setting.mode, entry.from, t),
        })}{' '}
        {entry.from.run !== null && <a href={`#/run/${entry.from.run}`}>{t('challenges.replay')}</a>}
      </p>
      <p className={`challenge-status ${entry.status}`} data-testid="challenge-status">
        {entry.status === 'open'
          ? `${t('challenges.status.open')} · ${timeLeftText(entry, now, t)}`
          : t(`challenges.status.${entry.status}`)}
      </p>
      {entry.status === 'raced' && <Verdict entry={entry} me={me} />}
      <div className="actions">
        {entry.raceable && (
          <a className="button primary" href={`#/challenge/${entry.id}`}>
            {t('challenges.race')}
          </a>
        )}
        {entry.raceable && onDecline && (
          <button type="button" disabled={busy} onClick={onDecline}>
            {t('challenges.decline')}
          </button>
        )}
        {entry.rematch !== null && <Rematch entry={entry} me={me} run={entry.rematch} />}
      </div>
    </li>
  );
}

/** A raced challenge's verdict, as the server judged it: who won, each side's result. */
export function Verdict({ entry, me }: { entry: ChallengeEntry; me: string | undefined }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(entry, me);
  if (outcome === null) return null;
  const mine = entry.from.account === me ? entry.from : entry.to;
  const theirs = entry.from.account === me ? entry.to : entry.from;
  return (
    <div className="challenge-verdict" data-testid="challenge-verdict" data-outcome={outcome}>
      <p className="verdict-line">
        <strong>{t(`challenges.verdict.${outcome}`, { name: theirs.name })}</strong>
      </p>
      {entry.forfeited && <p>{t('challenges.forfeited', { name: entry.to.name })}</p>}
      <p>
        {t('challenges.both', {
          mine: resultText(entry.setting.mode, mine, t),
          name: theirs.name,
          theirs: resultText(entry.setting.mode, theirs, t),
        })}
      </p>
    </div>
  );
}

/** A rematch: the run the server offers sent back to the other. */
export function Rematch({ entry, me, run }: { entry: ChallengeEntry; me: string | undefined; run: number }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const other = entry.from.account === me ? entry.to : entry.from;
  return (
    <>
      <button
        type="button"
        disabled={busy || said?.ok === true}
        onClick={() => {
          setBusy(true);
          sendChallenge(other.account, run)
            .then(() => {
              setSaid({ ok: true, text: t('challenges.sentTo', { name: other.name }) });
            })
            .catch((e: unknown) => {
              setSaid({ ok: false, text: errorText(e, t) });
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        {t('challenges.rematch')}
      </button>
      {said && (
        <p className={said.ok ? 'banner info' : 'error'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
    </>
  );
}

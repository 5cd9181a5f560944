import type { ChallengesAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { errorText } from '../net.js';
import { EmptyState } from '../ui/EmptyState.js';
import { ChallengeCard } from './ChallengeCard.js';
import { declineChallenge, fetchChallenges } from './challenges-api.js';
import { ClaimFirst } from '../ui/ClaimFirst.js';

/** How often the list is read again while shown: a friend's race settles a challenge you sent. */
const REFRESH_MS = 15_000;

/**
 * Challenges (docs/challenges.md, `#/challenges`): those friends sent you, to race or decline, and
 * those you sent, each with where it stands, the time left and the verdict once raced.
 */
export function Challenges() {
  const { t } = useTranslation();
  const account = useAccount();
  const claimed = account !== null && account.username !== null;
  const { data, error, reload } = useData<ChallengesAnswer>(claimed ? fetchChallenges : null, [claimed, account?.id], {
    keep: true,
    every: REFRESH_MS,
  });
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  if (!account) return <p className="loading">{t('account.loading')}</p>;
  if (!claimed)
    return <ClaimFirst className="challenges" title={t('challenges.title')} text={t('challenges.claimFirst')} />;

  const decline = (id: string): void => {
    setBusy(true);
    setSaid(null);
    declineChallenge(id)
      .then(() => reload())
      .catch((e: unknown) => {
        setSaid(errorText(e, t));
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <div className="challenges">
      <h1>{t('challenges.title')}</h1>
      <p>{t('challenges.intro')}</p>
      {said && (
        <p className="error" role="alert">
          {said}
        </p>
      )}
      {data === null ? (
        error ? (
          <p className="error" role="alert">
            {errorText(error, t)}
          </p>
        ) : (
          <p className="loading">{t('common.loading')}</p>
        )
      ) : (
        <>
          <section className="card" aria-labelledby="challenges-received">
            <h2 id="challenges-received">{t('challenges.received')}</h2>
            {data.received.length === 0 ? (
              <EmptyState art="race" text={t('challenges.noneReceived')} />
            ) : (
              <ul className="challenge-list">
                {data.received.map((c) => (
                  <ChallengeCard
                    key={c.id}
                    entry={c}
                    me={account.id}
                    now={data.now}
                    busy={busy}
                    onDecline={() => {
                      decline(c.id);
                    }}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="challenges-sent">
            <h2 id="challenges-sent">{t('challenges.sentList')}</h2>
            {data.sent.length === 0 ? (
              <EmptyState art="race" text={t('challenges.noneSent')} />
            ) : (
              <ul className="challenge-list">
                {data.sent.map((c) => (
                  <ChallengeCard key={c.id} entry={c} me={account.id} now={data.now} busy={busy} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <p className="actions">
        <a className="button" href="#/friends">
          {t('challenges.toFriends')}
        </a>
      </p>
    </div>
  );
}

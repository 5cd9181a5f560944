import type { FriendsAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { fetchFriends } from '../friends.js';
import { errorText } from '../net.js';
import { SelectField } from '../ui/SelectField.js';
import { sendChallenge } from './challenges-api.js';

/**
 * "Challenge a friend" after a finished run: pick a friend, send them the stored run `run`; the
 * server says whether it took it (and why not).
 */
export function ChallengeFriend({ run }: { run: number }) {
  const { t } = useTranslation();
  const account = useAccount();
  const claimed = account !== null && account.username !== null;
  const { data } = useData<FriendsAnswer>(claimed ? fetchFriends : null, [claimed, account?.id]);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  if (!claimed)
    return (
      <p className="hint challenge-friend" data-testid="challenge-friend">
        {t('challenges.claimToSend')}
      </p>
    );
  const friends = data?.friends ?? [];
  const chosen = to || friends[0]?.account.id || '';
  const send = (): void => {
    const friend = friends.find((f) => f.account.id === chosen);
    if (!friend) return;
    setBusy(true);
    setSaid(null);
    sendChallenge(friend.account.id, run)
      .then(() => {
        setSaid({ ok: true, text: t('challenges.sentTo', { name: friend.account.name }) });
      })
      .catch((e: unknown) => {
        setSaid({ ok: false, text: errorText(e, t) });
      })
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <div className="challenge-friend" data-testid="challenge-friend">
      <h3>{t('challenges.send')}</h3>
      {data && friends.length === 0 ? (
        <p className="hint">{t('challenges.noFriends')}</p>
      ) : (
        <div className="challenge-pick">
          <SelectField
            label={t('challenges.friend')}
            value={chosen}
            options={friends.map((f) => f.account.id)}
            text={(id) => {
              const f = friends.find((g) => g.account.id === id)?.account;
              if (!f) return id;
              return f.username !== null && f.username !== f.name ? `${f.name} (@${f.username})` : f.name;
            }}
            disabled={busy || friends.length === 0}
            onChange={setTo}
            inline
          />
          <button type="button" className="primary" disabled={busy || chosen === ''} onClick={send}>
            {t('challenges.sendButton')}
          </button>
        </div>
      )}
      {said && (
        <p className={said.ok ? 'banner info' : 'error'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
    </div>
  );
}

import type { FriendsAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { fetchFriends, invite } from '../friends.js';
import { errorText } from '../net.js';
import { placeText } from '../friends/friend-list.js';

/** How often the friends beside the table are read again (they come online, they sit elsewhere). */
const REFRESH_MS = 10_000;

/**
 * Beside a private table's lobby: the player's friends not seated at it (`seated`: the accounts
 * that are), those online first, each with a button that invites them to this table (they see it
 * on whatever screen they are, docs/accounts.md).
 */
export function InviteFriends({ seated }: { seated: readonly string[] }) {
  const { t } = useTranslation();
  const account = useAccount();
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState('');
  const claimed = account !== null && account.username !== null;
  const list = useData<FriendsAnswer>(claimed ? fetchFriends : null, [claimed], { keep: true, every: REFRESH_MS }).data
    ?.friends;
  const away = list?.filter((f) => !seated.includes(f.account.id)) ?? [];
  if (!claimed || away.length === 0) return null;
  return (
    <section className="card invite-friends" aria-labelledby="invite-friends">
      <h2 id="invite-friends">{t('friends.inviteTitle')}</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ul className="friend-list">
        {away.map((f) => (
          <li key={f.account.id} className="friend" data-account={f.account.id}>
            <div className="friend-who">
              <span className="friend-name">{f.account.name}</span>
              <span className={`place ${f.place === null ? 'offline' : 'online'}`}>{placeText(f.place, t)}</span>
            </div>
            <button
              type="button"
              className="small"
              disabled={invited.has(f.account.id)}
              onClick={() => {
                setError('');
                invite(f.account.id)
                  .then(() => {
                    setInvited((was) => new Set([...was, f.account.id]));
                  })
                  .catch((e: unknown) => {
                    setError(errorText(e, t));
                  });
              }}
            >
              {invited.has(f.account.id) ? t('friends.invited') : t('friends.invite')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

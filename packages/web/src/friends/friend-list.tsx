import type { AccountView, FriendPlace, FriendsAnswer } from '@ubongo/core';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { block, follow, unfollow } from '../friends.js';
import { go } from '../route.js';
import { EmptyState } from '../ui/EmptyState.js';

/* The friends list and the follow form (Friends.tsx), and where a friend is in words (InviteFriends.tsx too). */

/** Where a friend is, in words. */
export function placeText(place: FriendPlace | null, t: TFunction): string {
  if (place === null) return t('friends.place.offline');
  switch (place.kind) {
    case 'lobby':
      return t('friends.place.lobby', { code: place.code });
    case 'game':
      return t('friends.place.game', { code: place.code });
    case 'solo':
      return t('friends.place.solo');
    case 'practice':
      return t('friends.place.practice');
    case 'online':
      return t('friends.place.online');
  }
}

/** Runs a change, reads the list again, and says how it went. */
export type Act = <T>(work: () => Promise<T>, done: (result: T) => string) => void;

/** A person in a list: their name, their username, a link to their profile. */
function Who({ account }: { account: AccountView }) {
  return (
    <a href={`#/player/${account.id}`} className="friend-name">
      {account.name}
      {account.username !== null && account.username !== account.name && (
        <span className="username"> @{account.username}</span>
      )}
    </a>
  );
}

/** A person in a list: who, what is said of them, and what can be done. */
export const row = (who: AccountView, extra: ReactNode, actions: ReactNode) => (
  <li key={who.id} className="friend" data-account={who.id}>
    <div className="friend-who">
      <Who account={who} />
      {extra}
    </div>
    <div className="actions">{actions}</div>
  </li>
);

/** Block a person, once the player has said yes. */
export const blockButton = (who: AccountView, busy: boolean, act: Act, t: TFunction) => (
  <button
    type="button"
    className="small"
    disabled={busy}
    onClick={() => {
      if (window.confirm(t('friends.blockConfirm', { name: who.name })))
        act(
          () => block(who.id),
          () => t('friends.blocked', { name: who.name }),
        );
    }}
  >
    {t('friends.block')}
  </button>
);

/** Follow a player by their username. */
export function FollowForm({ busy, act }: { busy: boolean; act: Act }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  return (
    <form
      className="card follow-form"
      onSubmit={(e) => {
        e.preventDefault();
        const name = username.trim();
        if (!name) return;
        act(
          async () => {
            const answer = await follow(name);
            setUsername('');
            return answer;
          },
          (answer) => t(answer.friends ? 'friends.nowFriends' : 'friends.followed', { name }),
        );
      }}
    >
      <label className="field">
        <span>{t('friends.followLabel')}</span>
        <input
          value={username}
          maxLength={64}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setUsername(e.target.value);
          }}
        />
      </label>
      <button type="submit" className="primary" disabled={busy || username.trim() === ''}>
        {t('friends.follow')}
      </button>
    </form>
  );
}

/** The friends: where each is (their table to join or watch), to unfollow or block. */
export function FriendsList({ friends, busy, act }: { friends: FriendsAnswer['friends']; busy: boolean; act: Act }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="friends-list">
      <h2 id="friends-list">{t('friends.friendsList')}</h2>
      {friends.length === 0 ? (
        <EmptyState art="people" text={t('friends.none')} />
      ) : (
        <ul className="friend-list">
          {friends.map((f) =>
            row(
              f.account,
              <span className={`place ${f.place === null ? 'offline' : 'online'}`}>{placeText(f.place, t)}</span>,
              <>
                {(f.place?.kind === 'lobby' || f.place?.kind === 'game') && (
                  <button
                    type="button"
                    className="small primary"
                    onClick={() => {
                      if (f.place?.kind === 'lobby' || f.place?.kind === 'game') go(`room/${f.place.code}`);
                    }}
                  >
                    {f.place.kind === 'lobby' ? t('friends.join') : t('friends.watch')}
                  </button>
                )}
                <button
                  type="button"
                  className="small"
                  disabled={busy}
                  onClick={() => {
                    act(
                      () => unfollow(f.account.id),
                      () => t('friends.unfollowed', { name: f.account.name }),
                    );
                  }}
                >
                  {t('friends.unfollow')}
                </button>
                {blockButton(f.account, busy, act, t)}
              </>,
            ),
          )}
        </ul>
      )}
      <p className="hint">{t('friends.inviteHint')}</p>
    </section>
  );
}

import type { AccountView, FriendPlace, FriendsAnswer } from '@ubongo/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { block, fetchFriends, follow, unblock, unfollow } from '../friends.js';
import { errorText } from '../net.js';
import { go } from '../route.js';

/** How often the list is read again while it is shown: friends come and go. */
const REFRESH_MS = 10_000;

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

/** Runs a change, reads the list again, and says how it went. */
type Act = <T>(work: () => Promise<T>, done: (result: T) => string) => void;

/** A person in a list: who, what is said of them, and what can be done. */
const row = (who: AccountView, extra: ReactNode, actions: ReactNode) => (
  <li key={who.id} className="friend" data-account={who.id}>
    <div className="friend-who">
      <Who account={who} />
      {extra}
    </div>
    <div className="actions">{actions}</div>
  </li>
);

/** Block a person, once the player has said yes. */
const blockButton = (who: AccountView, busy: boolean, act: Act, t: TFunction) => (
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

/**
 * Friends: follow a player by username (two who follow each other are friends), see where friends
 * are and go to their table, and the people who follow you, whom you follow, whom you block.
 */
export function Friends() {
  const { t } = useTranslation();
  const account = useAccount();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const claimed = account !== null && account.username !== null;

  const { data: list, reload } = useData<FriendsAnswer>(claimed ? fetchFriends : null, [claimed, account?.id], {
    keep: true,
    every: REFRESH_MS,
  });

  const act: Act = (work, done) => {
    setBusy(true);
    setSaid(null);
    work()
      .then(async (result) => {
        setSaid({ ok: true, text: done(result) });
        await reload();
      })
      .catch((e: unknown) => {
        setSaid({ ok: false, text: errorText(e, t) });
      })
      .finally(() => {
        setBusy(false);
      });
  };

  if (!account) return <p className="loading">{t('account.loading')}</p>;
  if (!claimed)
    return (
      <div className="friends">
        <h1>{t('friends.title')}</h1>
        <p className="card">{t('friends.claimFirst')}</p>
        <p className="actions">
          <a className="button primary" href="#/account">
            {t('friends.toAccount')}
          </a>
        </p>
      </div>
    );

  return (
    <div className="friends">
      <h1>{t('friends.title')}</h1>
      <FollowForm busy={busy} act={act} />
      {said && (
        <p className={said.ok ? 'banner info' : 'error'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
      {list === null ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <FriendsList friends={list.friends} busy={busy} act={act} />
          {list.followers.length > 0 && (
            <section className="card" aria-labelledby="friends-followers">
              <h2 id="friends-followers">{t('friends.followers')}</h2>
              <ul className="friend-list">
                {list.followers.map((who) =>
                  row(
                    who,
                    null,
                    <>
                      {who.username !== null && (
                        <button
                          type="button"
                          className="small primary"
                          disabled={busy}
                          onClick={() => {
                            const name = who.username ?? '';
                            act(
                              () => follow(name),
                              () => t('friends.nowFriends', { name }),
                            );
                          }}
                        >
                          {t('friends.followBack')}
                        </button>
                      )}
                      {blockButton(who, busy, act, t)}
                    </>,
                  ),
                )}
              </ul>
            </section>
          )}
          {list.following.length > 0 && (
            <section className="card" aria-labelledby="friends-following">
              <h2 id="friends-following">{t('friends.following')}</h2>
              <ul className="friend-list">
                {list.following.map((who) =>
                  row(
                    who,
                    null,
                    <button
                      type="button"
                      className="small"
                      disabled={busy}
                      onClick={() => {
                        act(
                          () => unfollow(who.id),
                          () => t('friends.unfollowed', { name: who.name }),
                        );
                      }}
                    >
                      {t('friends.unfollow')}
                    </button>,
                  ),
                )}
              </ul>
            </section>
          )}
          {list.blocked.length > 0 && (
            <section className="card" aria-labelledby="friends-blocked">
              <h2 id="friends-blocked">{t('friends.blockedList')}</h2>
              <ul className="friend-list">
                {list.blocked.map((who) =>
                  row(
                    who,
                    null,
                    <button
                      type="button"
                      className="small"
                      disabled={busy}
                      onClick={() => {
                        act(
                          () => unblock(who.id),
                          () => t('friends.unblocked', { name: who.name }),
                        );
                      }}
                    >
                      {t('friends.unblock')}
                    </button>,
                  ),
                )}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** Follow a player by their username. */
function FollowForm({ busy, act }: { busy: boolean; act: Act }) {
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
function FriendsList({ friends, busy, act }: { friends: FriendsAnswer['friends']; busy: boolean; act: Act }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="friends-list">
      <h2 id="friends-list">{t('friends.friendsList')}</h2>
      {friends.length === 0 ? (
        <p>{t('friends.none')}</p>
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

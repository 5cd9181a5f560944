import type { FriendsAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { fetchFriends, follow, unblock, unfollow } from '../friends.js';
import { errorText } from '../net.js';
import type { Act } from './friend-list.js';
import { blockButton, FollowForm, FriendsList, row } from './friend-list.js';
import { ClaimFirst } from '../ui/ClaimFirst.js';

/**
 * How often the list is read again while it is shown: friends come and go, and a friend who left a
 * table shows as such within a few seconds (the server knows at once, or within 4.5 s of a network
 * gone silent). Each read costs 3 of the address's API points: 60 of its 600 a minute while shown.
 */
const REFRESH_MS = 3000;

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
  if (!claimed) return <ClaimFirst className="friends" title={t('friends.title')} text={t('friends.claimFirst')} />;

  return (
    <div className="friends">
      <h1>{t('friends.title')}</h1>
      <p className="actions">
        <a className="button" href="#/challenges">
          {t('challenges.title')}
        </a>
      </p>
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

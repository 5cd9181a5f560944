import type { AccountView, FriendEntry, FriendsAnswer, Invitation, InvitationsAnswer } from '@ubongo/core';
import { AccountError, viewOf } from '../accounts/accounts.js';
import type { Invitations } from './invitations.js';
import { INVITATION_SECONDS } from './invitations.js';
import { nameKey } from '../accounts/names.js';
import type { RateLimits } from '../net/rate-limit.js';
import { perMinute, waitSeconds } from '../net/rate-limit.js';
import type { Account } from '../accounts/store.js';
import type { AccountLink } from './store.js';
import type { Stores } from '../storage/stores.js';
import type { Whereabouts } from './whereabouts.js';

/** Follows, unfollows, blocks, unblocks and invitations one account may make a minute (all together). */
export const FRIEND_ACTIONS_PER_MINUTE = 30;

/** What one account's links say of the others: whom it follows, who follows it, whom it blocks, who blocks it. */
interface Ties {
  readonly following: Map<string, number>;
  readonly followers: Map<string, number>;
  readonly blocking: Set<string>;
  readonly blockedBy: Set<string>;
}

function tiesOf(me: string, links: readonly AccountLink[]): Ties {
  const ties: Ties = { following: new Map(), followers: new Map(), blocking: new Set(), blockedBy: new Set() };
  for (const link of links) {
    if (link.from === me && link.kind === 'follow') ties.following.set(link.to, link.at);
    if (link.to === me && link.kind === 'follow') ties.followers.set(link.from, link.at);
    if (link.from === me && link.kind === 'block') ties.blocking.add(link.to);
    if (link.to === me && link.kind === 'block') ties.blockedBy.add(link.from);
  }
  return ties;
}

const isFriend = (ties: Ties, other: string): boolean =>
  ties.following.has(other) && ties.followers.has(other) && !ties.blocking.has(other) && !ties.blockedBy.has(other);

/** Whether `me` and `other` are friends by `me`'s links: each follows the other, and neither blocks the other. */
export const areFriends = (me: string, other: string, links: readonly AccountLink[]): boolean =>
  isFriend(tiesOf(me, links), other);

/**
 * Friends (docs/accounts.md, "Friends"): an account follows another by username, two who follow
 * each other are friends, a friend sees where their friends are and invites them to their table;
 * a block hides and refuses everything between the two. The links are stored (migration 021);
 * where accounts are and the invitations are kept where the processes share them (whereabouts.ts,
 * invitations.ts). Refusals are `AccountError`s, as the account routes' are.
 */
export class Friendships {
  readonly #actions;

  constructor(
    private readonly stores: Pick<Stores, 'accounts' | 'friends'>,
    private readonly whereabouts: Whereabouts,
    private readonly invitations: Invitations,
    rateLimits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.#actions = rateLimits.limit('friends:', perMinute(FRIEND_ACTIONS_PER_MINUTE));
  }

  /** The account's friends with where they are, those it follows alone, those who follow it alone, those it blocks. */
  async list(me: Account): Promise<FriendsAnswer> {
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    const friendIds = [...ties.following.keys()].filter((id) => isFriend(ties, id));
    const places = await this.whereabouts.placesOf(friendIds);
    const friends: FriendEntry[] = [];
    for (const id of friendIds) {
      const account = await this.#view(id);
      if (account)
        friends.push({
          account,
          since: Math.max(ties.following.get(id) ?? 0, ties.followers.get(id) ?? 0),
          place: places.get(id) ?? null,
        });
    }
    // Online first, then by name.
    friends.sort(
      (a, b) => Number(b.place !== null) - Number(a.place !== null) || a.account.name.localeCompare(b.account.name),
    );
    const hidden = (id: string) => ties.blockedBy.has(id) || ties.blocking.has(id);
    return {
      friends,
      following: await this.#views([...ties.following.keys()].filter((id) => !ties.followers.has(id) && !hidden(id))),
      followers: await this.#views([...ties.followers.keys()].filter((id) => !ties.following.has(id) && !hidden(id))),
      blocked: await this.#views([...ties.blocking]),
    };
  }

  /** `me` follows the account of `username`; whether the two are now friends. */
  async follow(me: Account, username: string): Promise<{ account: AccountView; friends: boolean }> {
    this.#claimed(me);
    // Every try counts, an unknown username's too: the limit is also on asking which usernames exist.
    await this.#take(me);
    const key = nameKey(username.normalize('NFC').trim());
    const other = key === '' ? undefined : await this.stores.accounts.accountByUsername(key);
    if (other?.id === me.id) throw new AccountError(400, 'friends/yourself', 'you cannot follow yourself');
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    // Someone who blocks you is nobody to you: the answer is the unknown username's.
    if (!other || ties.blockedBy.has(other.id))
      throw new AccountError(404, 'friends/no-such-player', `no player has the username ${username}`, { username });
    if (ties.blocking.has(other.id))
      throw new AccountError(403, 'friends/blocked', `you block ${other.name}: unblock them first`, {
        name: other.name,
      });
    if (!ties.following.has(other.id))
      await this.stores.friends.setAccountLink({ from: me.id, to: other.id, kind: 'follow', at: this.now() });
    return { account: viewOf(other), friends: ties.followers.has(other.id) };
  }

  /** `me` no longer follows `id` (a block stays). */
  async unfollow(me: Account, id: string): Promise<void> {
    await this.#take(me);
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    if (ties.following.has(id)) await this.stores.friends.dropAccountLink(me.id, id);
    await this.invitations.drop(id, me.id);
  }

  /** `me` blocks `id`: each stops following the other, their invitations go, and `id` can neither follow nor invite `me`. */
  async block(me: Account, id: string): Promise<AccountView> {
    if (id === me.id) throw new AccountError(400, 'friends/yourself', 'you cannot block yourself');
    await this.#take(me);
    const other = await this.stores.accounts.account(id);
    if (!other) throw new AccountError(404, 'friends/no-such-player', `no player ${id}`, { username: id });
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    await this.stores.friends.setAccountLink({ from: me.id, to: id, kind: 'block', at: this.now() });
    if (ties.followers.has(id)) await this.stores.friends.dropAccountLink(id, me.id);
    await this.invitations.drop(me.id, id);
    await this.invitations.drop(id, me.id);
    return viewOf(other);
  }

  /** `me` no longer blocks `id` (neither follows the other again by itself). */
  async unblock(me: Account, id: string): Promise<void> {
    await this.#take(me);
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    if (ties.blocking.has(id)) await this.stores.friends.dropAccountLink(me.id, id);
  }

  /** `me` invites friend `id` to the table whose lobby `me` is in; its code. */
  async invite(me: Account, id: string): Promise<{ to: AccountView; code: string }> {
    this.#claimed(me);
    await this.#take(me);
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    const other = isFriend(ties, id) ? await this.stores.accounts.account(id) : undefined;
    // Not a friend, blocked either way, or gone: the same answer.
    if (!other) throw new AccountError(403, 'friends/not-friends', 'you invite friends only (who follow you back)');
    const place = (await this.whereabouts.placesOf([me.id])).get(me.id);
    if (place?.kind !== 'lobby')
      throw new AccountError(409, 'friends/not-at-table', 'sit at a table first: an invitation is to your table');
    const at = this.now();
    await this.invitations.invite({
      to: id,
      from: me.id,
      code: place.code,
      at,
      expiresAt: at + INVITATION_SECONDS * 1000,
    });
    return { to: viewOf(other), code: place.code };
  }

  /** The invitations waiting for `me`, from friends still; `me` is online from now for a while. */
  async waiting(me: Account): Promise<InvitationsAnswer> {
    await this.whereabouts.online(me.id);
    const found = await this.invitations.to(me.id, this.now());
    if (found.length === 0) return { invitations: [] };
    const ties = tiesOf(me.id, await this.stores.friends.accountLinks(me.id));
    const invitations: Invitation[] = [];
    for (const invitation of found) {
      const from = isFriend(ties, invitation.from) ? await this.#view(invitation.from) : undefined;
      if (from) invitations.push({ from, code: invitation.code, at: invitation.at, expiresAt: invitation.expiresAt });
    }
    return { invitations };
  }

  /** `me` closed the game: offline for its friends at once, not when its last poll runs out. */
  async closed(me: Account): Promise<void> {
    await this.whereabouts.offline(me.id);
  }

  /** `me` declines (or has taken up) `from`'s invitation. */
  async decline(me: Account, from: string): Promise<void> {
    await this.invitations.drop(me.id, from);
  }

  #claimed(me: Account): void {
    if (me.username === null)
      throw new AccountError(403, 'account/claim-first', 'claim a username first: friends find each other by it');
  }

  async #take(me: Account): Promise<void> {
    const ms = await this.#actions.take(me.id);
    if (ms <= 0) return;
    const wait = waitSeconds(ms);
    throw new AccountError(
      429,
      'account/too-many',
      `too many changes to friends; try again in ${wait} s`,
      { seconds: wait },
      wait,
    );
  }

  async #view(id: string): Promise<AccountView | undefined> {
    const account = await this.stores.accounts.account(id);
    return account ? viewOf(account) : undefined;
  }

  async #views(ids: readonly string[]): Promise<AccountView[]> {
    const views: AccountView[] = [];
    for (const id of ids) {
      const view = await this.#view(id);
      if (view) views.push(view);
    }
    return views;
  }
}

import type { AccountView } from './protocol/accounts.js';

/*
 * Friends (docs/accounts.md, "Friends"): who follows whom, where friends are, invitations to a
 * table. The HTTP answers' shapes, which the server, the web client and the tests share.
 */

/** Where a friend is: at a table's lobby or in its game (by the table's code), in solo or practice, or only online. */
export type FriendPlace =
  | { readonly kind: 'lobby'; readonly code: string }
  | { readonly kind: 'game'; readonly code: string }
  | { readonly kind: 'solo' }
  | { readonly kind: 'practice' }
  | { readonly kind: 'online' };

/** The kinds of places, the most telling first: a friend in two places is shown in the first. */
export const FRIEND_PLACES = ['game', 'lobby', 'solo', 'practice', 'online'] as const;
/** A kind of `FriendPlace`. */
export type FriendPlaceKind = (typeof FRIEND_PLACES)[number];

/** A friend (two accounts that follow each other), since when, and where they are (null: offline). */
export interface FriendEntry {
  readonly account: AccountView;
  readonly since: number;
  readonly place: FriendPlace | null;
}

/** `GET /api/me/friends`: friends, those you follow who do not follow you back, those who follow you whom you do not, and those you block. */
export interface FriendsAnswer {
  readonly friends: readonly FriendEntry[];
  readonly following: readonly AccountView[];
  readonly followers: readonly AccountView[];
  readonly blocked: readonly AccountView[];
}

/** A friend's invitation to their table, by its code; wall-clock epoch ms. */
export interface Invitation {
  readonly from: AccountView;
  readonly code: string;
  readonly at: number;
  readonly expiresAt: number;
}

/** `GET /api/me/invitations`: the invitations waiting for the signed-in account, newest first. */
export interface InvitationsAnswer {
  readonly invitations: readonly Invitation[];
}

import type { ApiAnswer, FriendsAnswer, Invitation } from '@ubongo/core';
import { useEffect, useSyncExternalStore } from 'react';
import { api, currentSession, useAccount } from './account.js';
import { ApiProblem } from './api.js';

/*
 * Friends (docs/accounts.md, "Friends"): the list, follows, blocks, invitations. The invitations
 * come by polling (`GET /api/me/invitations` every `POLL_MS` while the page is shown): the simplest
 * channel that works through every proxy and across the server's processes, and the poll is what
 * tells friends this player is online; as the page closes it says so (`DELETE /api/me/online`).
 */

/** How often the page asks for invitations while it is shown. */
export const POLL_MS = 5000;

export const fetchFriends = (): Promise<FriendsAnswer> => api('GET /api/me/friends');

export const follow = (username: string): Promise<ApiAnswer<'POST /api/me/follows'>> =>
  api('POST /api/me/follows', { body: { username } });

export const unfollow = (account: string): Promise<void> =>
  api('DELETE /api/me/follows/:id', { params: { id: account } });

export const block = (account: string): Promise<ApiAnswer<'POST /api/me/blocks'>> =>
  api('POST /api/me/blocks', { body: { account } });

export const unblock = (account: string): Promise<void> =>
  api('DELETE /api/me/blocks/:id', { params: { id: account } });

export const invite = (to: string): Promise<ApiAnswer<'POST /api/me/invitations'>> =>
  api('POST /api/me/invitations', { body: { to } });

/** The invitations waiting, as last polled; a declined or taken one leaves at once. */
let invitations: readonly Invitation[] = [];
const listeners = new Set<() => void>();

function setInvitations(next: readonly Invitation[]): void {
  invitations = next;
  for (const listener of listeners) listener();
}

/** Declines (or clears, once taken up) `from`'s invitation. */
export async function dismissInvitation(from: string): Promise<void> {
  setInvitations(invitations.filter((i) => i.from.id !== from));
  await api('DELETE /api/me/invitations/:id', { params: { id: from } }).catch(() => undefined);
}

async function poll(): Promise<void> {
  const answer = await api('GET /api/me/invitations');
  setInvitations(answer.invitations);
}

/**
 * The invitations waiting for the player, polled while the page is shown and the account has a
 * username (a guest has no friends to invite it).
 */
export function useInvitations(): readonly Invitation[] {
  const account = useAccount();
  const claimed = account?.username !== null && account !== null;
  useEffect(() => {
    if (!claimed) {
      setInvitations([]);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const ask = (): void => {
      void poll().catch((e: unknown) => {
        // The session is over (signed out elsewhere, a password changed): no more asking with it.
        if (e instanceof ApiProblem && e.status === 401) live = false;
      });
    };
    const tick = (): void => {
      if (!live) return;
      if (document.visibilityState === 'visible') ask();
      timer = setTimeout(tick, POLL_MS);
    };
    tick();
    // Back to the page: ask at once rather than at the next tick.
    const onVisible = (): void => {
      if (live && document.visibilityState === 'visible') ask();
    };
    document.addEventListener('visibilitychange', onVisible);
    // The page closing (or left for another): friends see this player gone at once, not when the
    // last poll runs out. A request that outlives the page (keepalive); the next poll says online again.
    const onHide = (): void => {
      const session = currentSession();
      if (!live || !session) return;
      void fetch('/api/me/online', {
        method: 'DELETE',
        keepalive: true,
        headers: { authorization: `Bearer ${session}` },
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', onHide);
    };
  }, [claimed, account?.id]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => invitations,
  );
}

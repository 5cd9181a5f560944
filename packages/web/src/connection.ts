import { useSyncExternalStore } from 'react';

/*
 * Whether the page can reach its game server (docs/web.md, "Offline"): a join of a room that goes
 * unanswered for `CONNECT_MS`, or any request that fails for want of a network (no answer at
 * all, not a refusal), makes the page say it cannot connect and what to try; the next answer of
 * the server takes that back. Such failures become `CannotReach`, which screens put into words.
 */

/** Real ms a join may go unanswered before the page says it cannot reach the server. */
export const CONNECT_MS = 5000;

/** The server did not answer at all: the network is down, or the page cannot reach it. */
export class CannotReach extends Error {
  override readonly name = 'CannotReach';
  constructor(override readonly cause: unknown) {
    super('the game server cannot be reached');
  }
}

let cannotConnect = false;
const listeners = new Set<() => void>();

function setCannotConnect(value: boolean): void {
  if (cannotConnect === value) return;
  cannotConnect = value;
  for (const listener of listeners) listener();
}

/** Says that the server answered (a join, an API answer): the page can reach it. */
export function reached(): void {
  setCannotConnect(false);
}

/**
 * Whether `e` is a failure to reach the server rather than its refusal: a fetch that got no answer
 * (a TypeError), colyseus.js's HTTP request that got none (an XHR's ProgressEvent, or an error with
 * neither status nor words), or a game socket closed before it joined (1006, or with no code).
 */
export function isUnreachable(e: unknown): boolean {
  if (e instanceof CannotReach) return true;
  if (e instanceof TypeError) return true;
  if (typeof ProgressEvent !== 'undefined' && e instanceof ProgressEvent) return true;
  if (e instanceof Error && e.name === 'ServerError') {
    const code = Number((e as { code?: unknown }).code);
    return !code || code === 1006 || code === 1015;
  }
  return false;
}

/** `e` as thrown to screens: a failure to reach the server is a `CannotReach` (and said so), a refusal as it is. */
export function unreachableAs(e: unknown): unknown {
  if (!isUnreachable(e)) return e;
  setCannotConnect(true);
  return e instanceof CannotReach ? e : new CannotReach(e);
}

/**
 * A join watched: unanswered after `CONNECT_MS`, the page says it cannot reach the server (the
 * join still waits: a slow network may answer yet); answered, it takes that back. A failure for
 * want of a network is a `CannotReach`.
 */
export async function watchedJoin<T>(join: Promise<T>): Promise<T> {
  const timer = setTimeout(() => {
    setCannotConnect(true);
  }, CONNECT_MS);
  try {
    const joined = await join;
    reached();
    return joined;
  } catch (e) {
    throw unreachableAs(e);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the page cannot reach its server just now, for components: re-renders when that changes. */
export function useCannotConnect(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cannotConnect,
  );
}

/** Whether the browser says it has no network (a page without `navigator`, as in tests, has one). */
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && !navigator.onLine;

/** Why the server is out of reach just now, for components: the browser is offline, it cannot be reached, or null. */
export function useServerOut(): 'offline' | 'unreachable' | null {
  const offline = useSyncExternalStore((listener) => {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  }, browserOffline);
  const unreachable = useCannotConnect();
  return offline ? 'offline' : unreachable ? 'unreachable' : null;
}

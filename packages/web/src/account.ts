import type { AccountView, ApiAnswer, ApiRoute } from '@ubongo/core';
import { API } from '@ubongo/core';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import type { InputOf } from './api.js';
import { request } from './api.js';

/*
 * Who the player is (docs/accounts.md). On the first visit the page gets a guest account from the
 * server and keeps its id and secret in this browser; every room is joined with the account's
 * session. A guest may claim the account with a username and a password and sign in with them on
 * another device.
 */

const GUEST_KEY = 'ubongo.account';
const SESSION_KEY = 'ubongo.session';
/** The name a guest asked for before it had an account (and the browser tests set). */
const NAME_KEY = 'ubongo.name';

let account: AccountView | null = null;
let session: string | null = null;
let ready: Promise<AccountView> | null = null;
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept: the next visit starts as a new guest.
  }
}

/** The account as the server says it is; a guest secret is forgotten once the account has a username (the server revoked it). */
function set(next: AccountView, token?: string): AccountView {
  account = next;
  if (next.username !== null) write(GUEST_KEY, null);
  if (token !== undefined) {
    session = token;
    write(SESSION_KEY, token);
  }
  for (const listener of listeners) listener();
  return next;
}

/** Sends `route` with this browser's session as it stands (none before there is one). */
const call = <R extends ApiRoute>(route: R, ...[input]: InputOf<R>): Promise<ApiAnswer<R>> =>
  request(route, input, session);

/**
 * A new guest's name in the player's language ("Jugador 4821"), made once, at creation: a name the
 * guest did not choose (`chosenName` stays unset), kept as it is when the language changes.
 */
export function defaultGuestName(): string {
  const [n = 0] = crypto.getRandomValues(new Uint16Array(1));
  return i18next.t('account.defaultName', { number: 1000 + (n % 9000) });
}

async function newGuest(): Promise<AccountView> {
  const chosen = read(NAME_KEY)?.trim();
  const answer = await call('POST /api/accounts', { body: { name: chosen || defaultGuestName() } }).catch(() =>
    // A name the server refuses (kept from an older version) is not a reason to have no account.
    call('POST /api/accounts', { body: {} }),
  );
  write(GUEST_KEY, JSON.stringify({ id: answer.account.id, secret: answer.secret }));
  return set(answer.account, answer.session);
}

async function start(): Promise<AccountView> {
  session = read(SESSION_KEY);
  if (session) {
    try {
      return set((await call('GET /api/me')).account);
    } catch {
      session = null;
    }
  }
  const saved = JSON.parse(read(GUEST_KEY) ?? 'null') as { id?: string; secret?: string } | null;
  if (saved?.id && saved.secret) {
    try {
      const answer = await call('POST /api/sessions', { body: { id: saved.id, secret: saved.secret } });
      return set(answer.account, answer.session);
    } catch {
      // The account is gone (another server, a wiped database): a new guest.
    }
  }
  return newGuest();
}

/** The player's account, once the page has one (a guest's on a first visit). */
export function ensureAccount(): Promise<AccountView> {
  ready ??= start().catch((e: unknown) => {
    ready = null;
    throw e;
  });
  return ready;
}

/**
 * An operation of the API as this browser's player: where it takes a session, the account's (a
 * guest's at least, made first if there is none yet). Refusals are `ApiProblem`s.
 */
export async function api<R extends ApiRoute>(route: R, ...[input]: InputOf<R>): Promise<ApiAnswer<R>> {
  const token = API[route].session === 'none' ? null : await sessionToken();
  return request(route, input, token);
}

/** The session to join rooms with. */
export async function sessionToken(): Promise<string> {
  await ensureAccount();
  return session ?? '';
}

/** The session as it stands, without waiting (null before there is one): for a page that is closing. */
export function currentSession(): string | null {
  return session;
}

export function currentAccount(): AccountView | null {
  return account;
}

/** The account, for components: re-renders when it changes. */
export function useAccount(): AccountView | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => account,
  );
}

/** The name this browser's player chose (typed, or kept as offered), if any. */
export function chosenName(): string | null {
  return read(NAME_KEY)?.trim() || null;
}

/** Keeps `name` as the one chosen, the account's name as it is: a guest's offered name, kept. */
export function keepName(name: string): void {
  write(NAME_KEY, name);
}

/** The name shown at tables. */
export async function rename(name: string): Promise<AccountView> {
  await ensureAccount();
  write(NAME_KEY, name);
  return set((await call('POST /api/me/name', { body: { name } })).account);
}

/** Gives this guest account a username and a password; the guest secret is forgotten (`set`). */
export async function claim(username: string, password: string): Promise<AccountView> {
  await ensureAccount();
  return set((await call('POST /api/me/claim', { body: { username, password } })).account);
}

/** Signs in to an account claimed elsewhere; this browser's guest account is left. */
export async function signIn(username: string, password: string): Promise<AccountView> {
  const answer = await call('POST /api/sessions', { body: { username, password } });
  write(GUEST_KEY, null);
  return set(answer.account, answer.session);
}

export async function changePassword(old: string, next: string): Promise<void> {
  await ensureAccount();
  await call('POST /api/me/password', { body: { old, new: next } });
}

/** Signs out (the session is revoked); the page goes on as a new guest. */
export async function signOut(): Promise<AccountView> {
  await call('DELETE /api/sessions').catch(() => undefined);
  write(GUEST_KEY, null);
  write(SESSION_KEY, null);
  write(NAME_KEY, null);
  session = null;
  ready = newGuest();
  return ready;
}

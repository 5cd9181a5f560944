import type { AccountErrorCode, AccountView } from '@ubongo/core';
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { RateLimit, RateLimits } from './rate-limit.js';
import { LocalRateLimits, perMinute, waitSeconds } from './rate-limit.js';
import type { NameProblem } from './names.js';
import { nameKey, normalizeName } from './names.js';
import type { Account, Storage } from './storage.js';

/*
 * Accounts (docs/accounts.md). Every visitor gets a guest account on the first visit: an id and a
 * secret the browser keeps, and a session. A guest may claim the account with a username (unique
 * whatever its case) and a password, then sign in with them anywhere. Sessions are bearer tokens,
 * stored hashed, that expire and can be signed out; passwords are stored with scrypt.
 */

/** How long a session holds. */
export const SESSION_DAYS = 30;
/** scrypt's cost (N = 2^14, r = 8, p = 1: about 50 ms and 16 MB here). */
const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 } as const;
/** Sign-in attempts a minute: per address, and per account. */
export const SIGN_INS = { perAddress: 10, perAccount: 5 } as const;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const token = (): string => randomBytes(32).toString('base64url');

function scryptHash(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, SCRYPT.keylen, { ...params, maxmem: 64 * 1024 * 1024 }, (e, key) => {
      if (e) reject(e);
      else resolve(key);
    });
  });
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptHash(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const got = await scryptHash(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A refusal: the HTTP status and the words. */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    /** Why, for a client to say in its language; `message` says it in English. */
    readonly code: AccountErrorCode,
    message: string,
    /** The values the words hold. */
    readonly params?: Readonly<Record<string, string | number>>,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A name refused: why, as the answer says it. */
const refusedName = (problem: NameProblem): AccountError =>
  new AccountError(400, problem.code, problem.message, problem.params);

/** An account as its owner sees it. */
export const viewOf = (a: Account): AccountView => ({ id: a.id, name: a.name, username: a.username });

/** Checks a username: a name (names.ts) of 3 to 24 letters, digits, `_`, `.` or `-`. */
export function checkUsername(raw: string): string {
  const checked = normalizeName(raw);
  if (!checked.ok) throw refusedName(checked.problem);
  if (!/^[\p{L}\p{N}_.-]{3,24}$/u.test(checked.name))
    throw new AccountError(400, 'account/username-format', 'a username is 3 to 24 letters, digits, _, . or -');
  return checked.name;
}

function checkPassword(password: string): void {
  if (password.length < 8)
    throw new AccountError(400, 'account/password-short', 'a password is at least 8 characters', { min: 8 });
  if (password.length > 200)
    throw new AccountError(400, 'account/password-long', 'a password is at most 200 characters', { max: 200 });
}

/** The accounts of a store, with their sign-in limits. */
export class Accounts {
  readonly #byAddress: RateLimit;
  readonly #byAccount: RateLimit;

  /** `limits`: where the sign-in limits are kept; processes sharing Redis share them there (server.ts). */
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
    limits: RateLimits = new LocalRateLimits(),
  ) {
    this.#byAddress = limits.limit('sign-in:address:', perMinute(SIGN_INS.perAddress));
    this.#byAccount = limits.limit('sign-in:account:', perMinute(SIGN_INS.perAccount));
  }

  /** A new guest account named `name` (or "Player NNNN"), signed in. */
  async guest(name: string | undefined): Promise<{ account: AccountView; secret: string; session: string }> {
    let shown = `Player ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
    if (name !== undefined) {
      const checked = normalizeName(name);
      if (!checked.ok) throw refusedName(checked.problem);
      shown = checked.name;
    }
    const secret = token();
    const account: Account = {
      id: randomBytes(12).toString('base64url'),
      secretHash: sha256(secret),
      name: shown,
      username: null,
      passwordHash: null,
      createdAt: this.now(),
    };
    await this.storage.createAccount(account);
    return { account: viewOf(account), secret, session: await this.#open(account.id) };
  }

  /** Signs in with a guest's id and secret, or a username and password; throttled per address and per account. */
  async signIn(
    credentials: { id: string; secret: string } | { username: string; password: string },
    address: string,
  ): Promise<{ account: AccountView; session: string }> {
    await this.#allow(this.#byAddress, address, 'sign-in attempts from your address');
    const account =
      'secret' in credentials
        ? await this.storage.account(credentials.id)
        : await this.storage.accountByUsername(nameKey(credentials.username.normalize('NFC').trim()));
    const key = account?.id ?? `unknown:${'username' in credentials ? nameKey(credentials.username) : credentials.id}`;
    await this.#allow(this.#byAccount, key, 'sign-in attempts for this account');
    const right =
      account !== undefined &&
      ('secret' in credentials
        ? timingSafeEqual(Buffer.from(sha256(credentials.secret), 'hex'), Buffer.from(account.secretHash, 'hex'))
        : account.passwordHash !== null && (await passwordMatches(credentials.password, account.passwordHash)));
    if (!account || !right) throw new AccountError(401, 'account/wrong-login', 'wrong username or password');
    return { account: viewOf(account), session: await this.#open(account.id) };
  }

  /** The account a session token belongs to, while the session holds. */
  async bySession(sessionToken: string | undefined): Promise<Account | undefined> {
    if (!sessionToken) return undefined;
    const session = await this.storage.session(sha256(sessionToken));
    if (!session || session.revokedAt !== null || session.expiresAt <= this.now()) return undefined;
    return this.storage.account(session.accountId);
  }

  /** Gives the session's guest account a username and a password. */
  async claim(account: Account, username: string, password: string): Promise<AccountView> {
    if (account.username !== null)
      throw new AccountError(409, 'account/has-username', 'this account already has a username');
    const name = checkUsername(username);
    checkPassword(password);
    const claimed = await this.storage.claimAccount(account.id, name, nameKey(name), await hashPassword(password));
    if (!claimed) throw new AccountError(409, 'account/username-taken', `the username ${name} is taken`, { name });
    return { ...viewOf(account), username: name };
  }

  /** A new password, the old one given; every other session is signed out. */
  async changePassword(account: Account, sessionToken: string, old: string, next: string): Promise<void> {
    if (account.passwordHash === null)
      throw new AccountError(409, 'account/claim-first', 'claim the account with a username first');
    await this.#allow(this.#byAccount, account.id, 'password attempts for this account');
    if (!(await passwordMatches(old, account.passwordHash)))
      throw new AccountError(401, 'account/old-password-wrong', 'the old password is wrong');
    checkPassword(next);
    await this.storage.setPassword(account.id, await hashPassword(next));
    await this.storage.revokeSessions({ accountId: account.id, except: sha256(sessionToken) }, this.now());
  }

  async rename(account: Account, name: string): Promise<AccountView> {
    const checked = normalizeName(name);
    if (!checked.ok) throw refusedName(checked.problem);
    await this.storage.renameAccount(account.id, checked.name);
    return { ...viewOf(account), name: checked.name };
  }

  /** Signs a session out. */
  async signOut(sessionToken: string): Promise<void> {
    await this.storage.revokeSessions({ tokenHash: sha256(sessionToken) }, this.now());
  }

  async #open(accountId: string): Promise<string> {
    const session = token();
    const now = this.now();
    await this.storage.createSession({
      tokenHash: sha256(session),
      accountId,
      createdAt: now,
      expiresAt: now + SESSION_DAYS * 86_400_000,
      revokedAt: null,
    });
    return session;
  }

  async #allow(limit: RateLimit, key: string, what: string): Promise<void> {
    const ms = await limit.take(key);
    const wait = waitSeconds(ms);
    if (ms > 0)
      throw new AccountError(
        429,
        'account/too-many',
        `too many ${what}; try again in ${wait} s`,
        { seconds: wait },
        wait,
      );
  }
}

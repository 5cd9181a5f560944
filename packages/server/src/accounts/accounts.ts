import type { AccountErrorCode, AccountView } from '@ubongo/core';
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Limits } from '../net/limits.js';
import { DEFAULT_LIMITS } from '../net/limits.js';
import type { RateLimit, RateLimits } from '../net/rate-limit.js';
import { LocalRateLimits, perMinute, waitSeconds } from '../net/rate-limit.js';
import type { NameProblem } from './names.js';
import { nameKey, normalizeName } from './names.js';
import { usernameSkeleton } from './skeleton.js';
import type { Account } from './store.js';
import type { Stores } from '../storage/stores.js';

/*
 * Accounts (docs/accounts.md). Every visitor gets a guest account on the first visit: an id and a
 * secret the browser keeps, and a session. A guest may claim the account with a username (unique
 * whatever its case, and no look-alike of another: skeleton.ts) and a password, then sign in with
 * them anywhere; the claim revokes the guest secret. Sessions are bearer tokens, stored hashed, that
 * expire and can be signed out; passwords are stored with scrypt.
 *
 * Sign-ins leak nothing and lock no one out (docs/accounts.md): an unknown username costs the same
 * scrypt work as a known one (a dummy hash); attempts are limited per address, and per account and
 * address, so that strangers' guesses from elsewhere never lock the owner's own address; and the
 * failures of an account from all addresses are limited too, but only for addresses that have never
 * signed in to it: a spray from many addresses is slowed, the owner's known addresses are not.
 */

/** How long a session holds. */
export const SESSION_DAYS = 30;
/** scrypt's cost (N = 2^14, r = 8, p = 1: about 50 ms and 16 MB here). */
const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 } as const;
/** Password changes tried per account per minute. */
const PASSWORD_CHANGES = 5;
/**
 * How long an address that signed in to an account is known to it (not slowed by others' failures).
 * (Under 2^31 ms: the in-memory limiter's timers hold no longer.)
 */
export const KNOWN_ADDRESS_DAYS = 24;

/** The limits of accounts.ts (limits.ts: each has its default and its `UBONGO_*` variable). */
export type AccountLimits = Pick<
  Limits,
  'guestsPerMinute' | 'claimsPerMinute' | 'signInsPerMinute' | 'signInsPerAccountAddress' | 'signInFailuresPerAccount'
>;

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

/** Whether a guest's secret is its account's; false once the secret is revoked (''). */
function secretMatches(secret: string, stored: string): boolean {
  const got = Buffer.from(sha256(secret), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return expected.length === got.length && timingSafeEqual(got, expected);
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

/** The accounts of a store, with their limits. */
export class Accounts {
  readonly #byAddress: RateLimit;
  readonly #byPair: RateLimit;
  readonly #failures: RateLimit;
  /** Addresses that signed in to an account: a mark that lasts KNOWN_ADDRESS_DAYS (its one use, taken). */
  readonly #known: RateLimit;
  readonly #passwords: RateLimit;
  readonly #guests: RateLimit;
  readonly #claims: RateLimit;
  /** What an unknown username's password is checked against, so that it costs what a known one does. */
  readonly #dummy: Promise<string>;

  /** `rateLimits`: where the limits are kept; processes sharing Redis share them there (server.ts). */
  constructor(
    private readonly stores: Stores,
    private readonly now: () => number = Date.now,
    rateLimits: RateLimits = new LocalRateLimits(),
    limits: AccountLimits = DEFAULT_LIMITS,
  ) {
    this.#byAddress = rateLimits.limit('sign-in:address:', perMinute(limits.signInsPerMinute));
    this.#byPair = rateLimits.limit('sign-in:pair:', perMinute(limits.signInsPerAccountAddress));
    this.#failures = rateLimits.limit('sign-in:failures:', perMinute(limits.signInFailuresPerAccount));
    this.#known = rateLimits.limit('sign-in:known:', { burst: 1, refill: 1, every: KNOWN_ADDRESS_DAYS * 86_400 });
    this.#passwords = rateLimits.limit('password:account:', perMinute(PASSWORD_CHANGES));
    this.#guests = rateLimits.limit('guests:address:', perMinute(limits.guestsPerMinute));
    this.#claims = rateLimits.limit('claims:address:', perMinute(limits.claimsPerMinute));
    this.#dummy = hashPassword(token());
    // (Awaited at the first unknown username; a failure here is a fault seen there.)
    this.#dummy.catch(() => undefined);
  }

  /** A new guest account named `name` (or "Player NNNN"), signed in; limited per address. */
  async guest(
    name: string | undefined,
    address: string,
  ): Promise<{ account: AccountView; secret: string; session: string }> {
    let shown = await this.#playerName();
    if (name !== undefined) {
      const checked = normalizeName(name);
      if (!checked.ok) throw refusedName(checked.problem);
      shown = checked.name;
      await this.#refuseClaimed(shown, undefined);
    }
    // (A name refused spends nothing of the address's allowance.)
    await this.#allow(this.#guests, address, 'new guest accounts from your address');
    const secret = token();
    const account: Account = {
      id: randomBytes(12).toString('base64url'),
      secretHash: sha256(secret),
      name: shown,
      username: null,
      passwordHash: null,
      createdAt: this.now(),
    };
    await this.stores.accounts.createAccount(account);
    return { account: viewOf(account), secret, session: await this.#open(account.id) };
  }

  /**
   * Signs in with a guest's id and secret (refused once the account is claimed), or a username and
   * password. Limited per address, per account and address, and (for addresses that never signed
   * in to the account) by the account's failures from everywhere.
   */
  async signIn(
    credentials: { id: string; secret: string } | { username: string; password: string },
    address: string,
  ): Promise<{ account: AccountView; session: string }> {
    await this.#allow(this.#byAddress, address, 'sign-in attempts from your address');
    const account =
      'secret' in credentials
        ? await this.stores.accounts.account(credentials.id)
        : await this.stores.accounts.accountByUsername(nameKey(credentials.username.normalize('NFC').trim()));
    // An unknown account has limits of its own, as a known one does: the answers tell nothing apart.
    const key = account?.id ?? `unknown:${'username' in credentials ? nameKey(credentials.username) : credentials.id}`;
    const pair = `${key}|${address}`;
    await this.#allow(this.#byPair, pair, 'sign-in attempts for this account from your address');
    if ((await this.#known.wait(pair)) === 0)
      await this.#allow(this.#failures, key, 'failed sign-ins for this account from new addresses', false);
    const right =
      'secret' in credentials
        ? account !== undefined && secretMatches(credentials.secret, account.secretHash)
        : await passwordMatches(credentials.password, account?.passwordHash ?? (await this.#dummy));
    if (!account || !right) {
      await this.#failures.take(key);
      throw new AccountError(401, 'account/wrong-login', 'wrong username or password');
    }
    await this.#known.take(pair);
    return { account: viewOf(account), session: await this.#open(account.id) };
  }

  /** The account a session token belongs to, while the session holds. */
  async bySession(sessionToken: string | undefined): Promise<Account | undefined> {
    if (!sessionToken) return undefined;
    const session = await this.stores.accounts.session(sha256(sessionToken));
    if (!session || session.revokedAt !== null || session.expiresAt <= this.now()) return undefined;
    return this.stores.accounts.account(session.accountId);
  }

  /**
   * Gives the session's guest account a username and a password, and revokes its guest secret.
   * Limited per address (each claim costs a password hash); a username taken, or a look-alike of
   * one taken (the same TR39 skeleton: skeleton.ts), is refused with its own code.
   */
  async claim(account: Account, username: string, password: string, address: string): Promise<AccountView> {
    if (account.username !== null)
      throw new AccountError(409, 'account/has-username', 'this account already has a username');
    const name = checkUsername(username);
    checkPassword(password);
    const key = nameKey(name);
    const skeleton = usernameSkeleton(name);
    await this.#refuseTaken(name, key, skeleton);
    await this.#allow(this.#claims, address, 'username claims from your address');
    const claimed = await this.stores.accounts.claimAccount(
      account.id,
      name,
      key,
      await hashPassword(password),
      skeleton,
    );
    if (!claimed) {
      await this.#refuseTaken(name, key, skeleton);
      // Taken in the meantime and gone again: the claim did not hold; the client may try again.
      throw new AccountError(409, 'account/username-taken', `the username ${name} is taken`, { name });
    }
    // The address the account was claimed from is its owner's: known, as after a sign-in there.
    await this.#known.take(`${account.id}|${address}`);
    return { ...viewOf(account), username: name };
  }

  /** Refuses a username another account has (in any case), or one that looks like another's. */
  async #refuseTaken(name: string, key: string, skeleton: string): Promise<void> {
    if (await this.stores.accounts.accountByUsername(key))
      throw new AccountError(409, 'account/username-taken', `the username ${name} is taken`, { name });
    const other = await this.stores.accounts.accountBySkeleton(skeleton);
    if (other?.username)
      throw new AccountError(
        409,
        'account/username-lookalike',
        `the username ${name} looks like ${other.username}, which is taken`,
        { name, other: other.username },
      );
  }

  /**
   * Refuses `name` when it is another account's username or looks like one (the same skeleton,
   * spaces too set aside): nobody but the owner (`owner`, an account's id) goes by it.
   */
  async #refuseClaimed(name: string, owner: string | undefined): Promise<void> {
    const found = [
      await this.stores.accounts.accountBySkeleton(usernameSkeleton(name)),
      // (A look-alike claimed before skeletons were kept has none: found by its own key.)
      await this.stores.accounts.accountByUsername(nameKey(name)),
    ];
    const other = found.find((a) => a?.username != null && a.id !== owner);
    if (other?.username != null)
      throw new AccountError(
        409,
        'account/name-claimed',
        `the name ${name} is the username ${other.username}, or looks like it: only its owner goes by it`,
        { name, username: other.username },
      );
  }

  /** A name the server makes for a guest, "Player NNNN", not one somebody claimed as a username. */
  async #playerName(): Promise<string> {
    for (let tries = 1; ; tries++) {
      const name = `Player ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;
      if (tries === 5 || !(await this.stores.accounts.accountBySkeleton(usernameSkeleton(name)))) return name;
    }
  }

  /** A new password, the old one given; every other session is signed out, and the guest secret revoked. */
  async changePassword(account: Account, sessionToken: string, old: string, next: string): Promise<void> {
    if (account.passwordHash === null)
      throw new AccountError(409, 'account/claim-first', 'claim the account with a username first');
    await this.#allow(this.#passwords, account.id, 'password attempts for this account');
    if (!(await passwordMatches(old, account.passwordHash)))
      throw new AccountError(401, 'account/old-password-wrong', 'the old password is wrong');
    checkPassword(next);
    await this.stores.accounts.setPassword(account.id, await hashPassword(next));
    await this.stores.accounts.revokeSessions({ accountId: account.id, except: sha256(sessionToken) }, this.now());
  }

  /** Renames the account; a claimed username (or a look-alike) is its owner's name alone. */
  async rename(account: Account, name: string): Promise<AccountView> {
    const checked = normalizeName(name);
    if (!checked.ok) throw refusedName(checked.problem);
    await this.#refuseClaimed(checked.name, account.id);
    await this.stores.accounts.renameAccount(account.id, checked.name);
    return { ...viewOf(account), name: checked.name };
  }

  /** Signs a session out. */
  async signOut(sessionToken: string): Promise<void> {
    await this.stores.accounts.revokeSessions({ tokenHash: sha256(sessionToken) }, this.now());
  }

  async #open(accountId: string): Promise<string> {
    const session = token();
    const now = this.now();
    await this.stores.accounts.createSession({
      tokenHash: sha256(session),
      accountId,
      createdAt: now,
      expiresAt: now + SESSION_DAYS * 86_400_000,
      revokedAt: null,
    });
    return session;
  }

  /** Refuses (429) when `limit` has nothing left for `key`; `take`: and takes one. */
  async #allow(limit: RateLimit, key: string, what: string, take = true): Promise<void> {
    const ms = take ? await limit.take(key) : await limit.wait(key);
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

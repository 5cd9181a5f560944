/** A player's account: a guest's until claimed with a username and a password. */
export interface Account {
  readonly id: string;
  /** SHA-256 (hex) of the guest's secret, which the browser keeps; '' once revoked (the account claimed). */
  readonly secretHash: string;
  /** The name shown at tables and in records. */
  readonly name: string;
  /** Null for a guest. */
  readonly username: string | null;
  /** scrypt, as `scrypt$N$r$p$salt$hash` (base64url); null for a guest. */
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

/** A signed-in session: the hash of its token, whose account, until when. */
export interface Session {
  readonly tokenHash: string;
  readonly accountId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** When it was signed out; null while it holds. */
  readonly revokedAt: number | null;
}

/** Accounts: guests and claimed ones, their sessions, the flags for review. */
export interface Accounts {
  /** Creates a guest's account (its username and password, if any given, are ignored: see `claimAccount`). */
  createAccount(account: Account): Promise<void>;
  account(id: string): Promise<Account | undefined>;
  /** The account of a username, whatever its case (`key` is the username's `nameKey`). */
  accountByUsername(key: string): Promise<Account | undefined>;
  /** The account whose username has this TR39 skeleton (skeleton.ts's `usernameSkeleton`): a look-alike's. */
  accountBySkeleton(skeleton: string): Promise<Account | undefined>;
  /**
   * Gives a guest a username and a password and revokes its guest secret; false when another
   * account has the username (in any case, `key`) or a look-alike of it (`skeleton`).
   */
  claimAccount(id: string, username: string, key: string, passwordHash: string, skeleton: string): Promise<boolean>;
  /** A new password; the guest secret is revoked too (if the account still had one). */
  setPassword(id: string, passwordHash: string): Promise<void>;
  renameAccount(id: string, name: string): Promise<void>;
  createSession(session: Session): Promise<void>;
  session(tokenHash: string): Promise<Session | undefined>;
  /** Signs out one session (`tokenHash`), or every session of `accountId` but `except`. */
  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void>;
  /** Marks an account for review, with why and when (the first reason is kept). */
  flagAccount(id: string, reason: string, at: number): Promise<void>;
  /** The accounts marked for review, earliest first. */
  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]>;
}

import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Same } from '../protocol.js';
import type { Account, Accounts, Session } from '../accounts/store.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

// This store keeps no JSON: its rows are parsed whole, a time stored as text (SQLite takes it) as
// corrupt as a broken journal entry.
const accountRow = z.object({
  id: z.string(),
  secret_hash: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  username_key: z.string().nullable(),
  username_skeleton: z.string().nullable(),
  password_hash: z.string().nullable(),
  created_at: z.number(),
});
const sessionRow = z.object({
  token_hash: z.string(),
  account_id: z.string(),
  created_at: z.number(),
  expires_at: z.number(),
  revoked_at: z.number().nullable(),
});
const flagRow = z.object({ reason: z.string(), at: z.number() });
const agree = <T extends true>(value: T): T => value;
agree<Same<z.output<typeof accountRow>, Tables['accounts']>>(true);
agree<Same<z.output<typeof sessionRow>, Tables['sessions']>>(true);
agree<Same<z.output<typeof flagRow>, Omit<Tables['account_flags'], 'account_id'>>>(true);

const accountOf = (raw: Tables['accounts']): Account => {
  const row = parseStored(accountRow, raw, `accounts (id ${raw.id})`);
  return {
    id: row.id,
    secretHash: row.secret_hash,
    name: row.name,
    username: row.username,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
  };
};

/** A session's row; the key named by the start of its token's hash (enough to find it, not the whole). */
const sessionOf = (raw: Tables['sessions']): Session => {
  const row = parseStored(sessionRow, raw, `sessions (token_hash ${raw.token_hash.slice(0, 8)}...)`);
  return {
    tokenHash: row.token_hash,
    accountId: row.account_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
};

/** The accounts of a SQL database, with their sessions and flags, for SQLite and PostgreSQL alike. */
export class KyselyAccounts implements Accounts {
  /** `isUniqueViolation` says whether an error is the database refusing a row a unique index already holds. */
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly isUniqueViolation: (e: unknown) => boolean,
  ) {}

  async createAccount(a: Account): Promise<void> {
    await this.db
      .insertInto('accounts')
      .values({
        id: a.id,
        secret_hash: a.secretHash,
        name: a.name,
        username: null,
        username_key: null,
        username_skeleton: null,
        password_hash: null,
        created_at: a.createdAt,
      })
      .execute();
  }

  async account(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && accountOf(row);
  }

  async accountByUsername(key: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('username_key', '=', key).executeTakeFirst();
    return row && accountOf(row);
  }

  async accountBySkeleton(skeleton: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('username_skeleton', '=', skeleton)
      .executeTakeFirst();
    return row && accountOf(row);
  }

  async claimAccount(
    id: string,
    username: string,
    key: string,
    passwordHash: string,
    skeleton: string,
  ): Promise<boolean> {
    // The unique indexes on username_key and username_skeleton decide, not a look before the write:
    // two claims of one name (or of two look-alikes) at once, from two processes sharing PostgreSQL
    // say, cannot both pass them. The guest secret is revoked in the same write.
    try {
      await this.db
        .updateTable('accounts')
        .set({ username, username_key: key, username_skeleton: skeleton, password_hash: passwordHash, secret_hash: '' })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (e) {
      if (this.isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ password_hash: passwordHash, secret_hash: '' })
      .where('id', '=', id)
      .execute();
  }

  async renameAccount(id: string, name: string): Promise<void> {
    await this.db.updateTable('accounts').set({ name }).where('id', '=', id).execute();
  }

  async createSession(session: Session): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        account_id: session.accountId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        revoked_at: session.revokedAt,
      })
      .execute();
  }

  async session(tokenHash: string): Promise<Session | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && sessionOf(row);
  }

  async revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: at }).where('revoked_at', 'is', null);
    if ('tokenHash' in which) query = query.where('token_hash', '=', which.tokenHash);
    else {
      query = query.where('account_id', '=', which.accountId);
      if (which.except !== undefined) query = query.where('token_hash', '!=', which.except);
    }
    await query.execute();
  }

  async flagAccount(id: string, reason: string, at: number): Promise<void> {
    await this.db
      .insertInto('account_flags')
      .values({ account_id: id, reason, at })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  }

  async flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    const rows = await this.db
      .selectFrom('account_flags')
      .innerJoin('accounts', 'accounts.id', 'account_flags.account_id')
      .selectAll('accounts')
      .select(['account_flags.reason', 'account_flags.at'])
      .orderBy('account_flags.at')
      .orderBy('accounts.id')
      .execute();
    return rows.map((row) => ({
      account: accountOf(row),
      ...parseStored(flagRow, { reason: row.reason, at: row.at }, `account_flags (account ${row.id})`),
    }));
  }
}

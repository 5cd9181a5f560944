import type { Kysely } from 'kysely';
import type { Account, Accounts, Session } from '../storage.js';
import type { Tables } from './tables.js';

const accountOf = (row: Tables['accounts']): Account => ({
  id: row.id,
  secretHash: row.secret_hash,
  name: row.name,
  username: row.username,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
});

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

  async claimAccount(id: string, username: string, key: string, passwordHash: string): Promise<boolean> {
    // The unique index on username_key decides, not a look before the write: two claims of one
    // name at once (from two processes sharing PostgreSQL, say) cannot both pass it.
    try {
      await this.db
        .updateTable('accounts')
        .set({ username, username_key: key, password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (e) {
      if (this.isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
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
    return (
      row && {
        tokenHash: row.token_hash,
        accountId: row.account_id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      }
    );
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
    return rows.map((row) => ({ account: accountOf(row), reason: row.reason, at: row.at }));
  }
}

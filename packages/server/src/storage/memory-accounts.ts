import type { Account, Accounts, Session } from '../accounts/store.js';
import type { Gate } from './memory-shared.js';

/** The accounts of a store in memory, with their sessions and flags. */
export class MemoryAccounts implements Accounts {
  private readonly accounts = new Map<string, Account & { key: string | null; skeleton: string | null }>();
  private readonly sessions = new Map<string, Session>();
  private readonly flags = new Map<string, { reason: string; at: number }>();

  constructor(private readonly gate: Gate) {}

  /** An account as it stands, at once: what a join of another store's table with `accounts` reads. */
  find(id: string): Account | undefined {
    const a = this.accounts.get(id);
    return a && accountView(a);
  }

  createAccount(a: Account): Promise<void> {
    return this.gate.run(() => {
      if (this.accounts.has(a.id)) throw new Error(`account ${a.id} exists`);
      this.accounts.set(a.id, { ...a, username: null, passwordHash: null, key: null, skeleton: null });
    });
  }

  account(id: string): Promise<Account | undefined> {
    return this.gate.run(() => this.find(id));
  }

  accountByUsername(key: string): Promise<Account | undefined> {
    return this.gate.run(() => {
      const a = [...this.accounts.values()].find((x) => x.key === key);
      return a && accountView(a);
    });
  }

  accountBySkeleton(skeleton: string): Promise<Account | undefined> {
    return this.gate.run(() => {
      const a = [...this.accounts.values()].find((x) => x.skeleton === skeleton);
      return a && accountView(a);
    });
  }

  claimAccount(id: string, username: string, key: string, passwordHash: string, skeleton: string): Promise<boolean> {
    return this.gate.run(() => {
      const a = this.accounts.get(id);
      if ([...this.accounts.values()].some((x) => (x.key === key || x.skeleton === skeleton) && x.id !== id))
        return false;
      if (a) this.accounts.set(id, { ...a, username, key, skeleton, passwordHash, secretHash: '' });
      return true;
    });
  }

  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.gate.run(() => {
      const a = this.accounts.get(id);
      if (a) this.accounts.set(id, { ...a, passwordHash, secretHash: '' });
    });
  }

  renameAccount(id: string, name: string): Promise<void> {
    return this.gate.run(() => {
      const a = this.accounts.get(id);
      if (a) this.accounts.set(id, { ...a, name });
    });
  }

  createSession(session: Session): Promise<void> {
    return this.gate.run(() => {
      if (this.sessions.has(session.tokenHash)) throw new Error('session exists');
      this.sessions.set(session.tokenHash, { ...session });
    });
  }

  session(tokenHash: string): Promise<Session | undefined> {
    return this.gate.run(() => {
      const s = this.sessions.get(tokenHash);
      return s && { ...s };
    });
  }

  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    return this.gate.run(() => {
      for (const [hash, s] of this.sessions) {
        if (s.revokedAt !== null) continue;
        const hit =
          'tokenHash' in which ? hash === which.tokenHash : s.accountId === which.accountId && hash !== which.except;
        if (hit) this.sessions.set(hash, { ...s, revokedAt: at });
      }
    });
  }

  flagAccount(id: string, reason: string, at: number): Promise<void> {
    return this.gate.run(() => {
      if (!this.flags.has(id)) this.flags.set(id, { reason, at });
    });
  }

  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    return this.gate.run(() =>
      [...this.flags]
        .flatMap(([id, flag]) => {
          const account = this.find(id);
          return account ? [{ account, ...flag }] : [];
        })
        .sort((a, b) => a.at - b.at || (a.account.id < b.account.id ? -1 : 1)),
    );
  }
}

function accountView(a: Account & { key: string | null }): Account {
  return {
    id: a.id,
    secretHash: a.secretHash,
    name: a.name,
    username: a.username,
    passwordHash: a.passwordHash,
    createdAt: a.createdAt,
  };
}

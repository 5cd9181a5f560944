import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/**
 * What every `Accounts` must do: guests, claims, sessions, flags.
 */
export function accountsContract(name: string, open: Opener<'accounts'>): void {
  describe(`${name}: accounts`, () => {
    it('flags accounts for review, keeping the first reason', async () => {
      const stores = await open();
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await stores.accounts.createAccount(account);
      await stores.accounts.createAccount({ ...account, id: 'a2', name: 'Ben' });
      expect(await stores.accounts.flaggedAccounts()).toEqual([]);
      await stores.accounts.flagAccount('a2', 'too fast', 20);
      await stores.accounts.flagAccount('a1', 'too fast once', 10);
      await stores.accounts.flagAccount('a1', 'too fast again', 30);
      expect((await stores.accounts.flaggedAccounts()).map((f) => [f.account.name, f.reason, f.at])).toEqual([
        ['Ana', 'too fast once', 10],
        ['Ben', 'too fast', 20],
      ]);
      await stores.close();
    });

    it('keeps accounts: a guest, claimed with a username no other account has in any case nor as a look-alike', async () => {
      const stores = await open();
      const guest = {
        id: 'a1',
        secretHash: 'ab'.repeat(32),
        name: 'Ana',
        username: null,
        passwordHash: null,
        createdAt: 5,
      };
      await stores.accounts.createAccount(guest);
      await stores.accounts.createAccount({ ...guest, id: 'a2', name: 'Ben' });
      await expect(stores.accounts.createAccount(guest)).rejects.toThrow();
      expect(await stores.accounts.account('a1')).toEqual(guest);
      expect(await stores.accounts.account('nope')).toBeUndefined();
      expect(await stores.accounts.claimAccount('a1', 'AnaK', 'anak', 'scrypt$1', 'anak')).toBe(true);
      expect(await stores.accounts.claimAccount('a2', 'ANAK', 'anak', 'scrypt$2', 'anak')).toBe(false);
      // Another key with the same skeleton: a look-alike, refused.
      expect(await stores.accounts.claimAccount('a2', 'AnaK.', 'anak.', 'scrypt$2', 'anak')).toBe(false);
      // The claim revoked the guest secret ('').
      const claimed = { ...guest, secretHash: '', username: 'AnaK', passwordHash: 'scrypt$1' };
      expect(await stores.accounts.accountByUsername('anak')).toEqual(claimed);
      expect(await stores.accounts.accountBySkeleton('anak')).toEqual(claimed);
      expect(await stores.accounts.accountBySkeleton('anak.')).toBeUndefined();
      await stores.accounts.setPassword('a1', 'scrypt$3');
      await stores.accounts.renameAccount('a1', 'Ana K.');
      expect(await stores.accounts.account('a1')).toMatchObject({ name: 'Ana K.', passwordHash: 'scrypt$3' });
      expect(await stores.accounts.account('a2')).toMatchObject({ username: null, secretHash: guest.secretHash });
      // A new password revokes a guest secret too.
      await stores.accounts.setPassword('a2', 'scrypt$4');
      expect((await stores.accounts.account('a2'))?.secretHash).toBe('');
      await stores.close();
    });

    it('keeps sessions and signs them out one by one or all but one', async () => {
      const stores = await open();
      const session = (tokenHash: string, accountId = 'a1') => ({
        tokenHash,
        accountId,
        createdAt: 1,
        expiresAt: 100,
        revokedAt: null,
      });
      for (const s of [session('s1'), session('s2'), session('s3'), session('t1', 'a2')])
        await stores.accounts.createSession(s);
      expect(await stores.accounts.session('s1')).toEqual(session('s1'));
      expect(await stores.accounts.session('nope')).toBeUndefined();
      await stores.accounts.revokeSessions({ tokenHash: 's1' }, 50);
      expect((await stores.accounts.session('s1'))?.revokedAt).toBe(50);
      await stores.accounts.revokeSessions({ accountId: 'a1', except: 's2' }, 60);
      expect((await stores.accounts.session('s2'))?.revokedAt).toBeNull();
      expect((await stores.accounts.session('s3'))?.revokedAt).toBe(60);
      // Signed out once is signed out at that time.
      expect((await stores.accounts.session('s1'))?.revokedAt).toBe(50);
      expect((await stores.accounts.session('t1'))?.revokedAt).toBeNull();
      await stores.close();
    });

    it('gives a username to one of two accounts claiming it at once', async () => {
      const stores = await open();
      const guest = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await stores.accounts.createAccount(guest);
      await stores.accounts.createAccount({ ...guest, id: 'a2' });
      const claims = await Promise.all([
        stores.accounts.claimAccount('a1', 'Ana', 'ana', 'scrypt$1', 'ana'),
        stores.accounts.claimAccount('a2', 'ANA.', 'ana.', 'scrypt$2', 'ana'),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const owner = await stores.accounts.accountBySkeleton('ana');
      expect(owner?.id).toBe(claims[0] ? 'a1' : 'a2');
      expect((await stores.accounts.account(claims[0] ? 'a2' : 'a1'))?.username).toBeNull();
      // Claiming the name it has again changes nothing.
      expect(await stores.accounts.claimAccount(owner?.id ?? '', owner?.username ?? '', 'ana', 'scrypt$3', 'ana')).toBe(
        true,
      );
      await stores.close();
    });

    it('keeps times in milliseconds since 1970, as numbers', async () => {
      const stores = await open();
      // 2100-01-01: past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: at };
      await stores.accounts.createAccount(account);
      expect(await stores.accounts.account('a1')).toStrictEqual(account);
      const session = { tokenHash: 's1', accountId: 'a1', createdAt: at, expiresAt: at + 1, revokedAt: null };
      await stores.accounts.createSession(session);
      await stores.accounts.revokeSessions({ tokenHash: 's1' }, at + 2);
      expect(await stores.accounts.session('s1')).toStrictEqual({ ...session, revokedAt: at + 2 });
      await stores.close();
    });

    it('breaks ties by id code point by code point, capitals first, as every store does', async () => {
      const stores = await open();
      const account = { id: 'a', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      for (const id of ['b', 'a', 'B', 'A']) await stores.accounts.createAccount({ ...account, id, name: id });
      for (const id of ['b', 'a', 'B', 'A']) await stores.accounts.flagAccount(id, 'too fast', 10);
      expect((await stores.accounts.flaggedAccounts()).map((f) => f.account.id)).toEqual(['A', 'B', 'a', 'b']);
      await stores.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const stores = await open();
      await stores.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(stores.accounts.account('a1')).rejects.toThrow(Error);
      await expect(stores.accounts.session('s1')).rejects.toThrow(Error);
      await expect(stores.accounts.flaggedAccounts()).rejects.toThrow(Error);
      await stores.close();
    });
  });
}

import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/**
 * What every `Accounts` must do: guests, claims, sessions, flags.
 */
export function accountsContract(name: string, open: Opener): void {
  describe(`${name}: accounts`, () => {
    it('flags accounts for review, keeping the first reason', async () => {
      const storage = await open();
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await storage.createAccount(account);
      await storage.createAccount({ ...account, id: 'a2', name: 'Ben' });
      expect(await storage.flaggedAccounts()).toEqual([]);
      await storage.flagAccount('a2', 'too fast', 20);
      await storage.flagAccount('a1', 'too fast once', 10);
      await storage.flagAccount('a1', 'too fast again', 30);
      expect((await storage.flaggedAccounts()).map((f) => [f.account.name, f.reason, f.at])).toEqual([
        ['Ana', 'too fast once', 10],
        ['Ben', 'too fast', 20],
      ]);
      await storage.close();
    });

    it('keeps accounts: a guest, claimed with a username no other account has in any case nor as a look-alike', async () => {
      const storage = await open();
      const guest = {
        id: 'a1',
        secretHash: 'ab'.repeat(32),
        name: 'Ana',
        username: null,
        passwordHash: null,
        createdAt: 5,
      };
      await storage.createAccount(guest);
      await storage.createAccount({ ...guest, id: 'a2', name: 'Ben' });
      await expect(storage.createAccount(guest)).rejects.toThrow();
      expect(await storage.account('a1')).toEqual(guest);
      expect(await storage.account('nope')).toBeUndefined();
      expect(await storage.claimAccount('a1', 'AnaK', 'anak', 'scrypt$1', 'anak')).toBe(true);
      expect(await storage.claimAccount('a2', 'ANAK', 'anak', 'scrypt$2', 'anak')).toBe(false);
      // Another key with the same skeleton: a look-alike, refused.
      expect(await storage.claimAccount('a2', 'AnaK.', 'anak.', 'scrypt$2', 'anak')).toBe(false);
      // The claim revoked the guest secret ('').
      const claimed = { ...guest, secretHash: '', username: 'AnaK', passwordHash: 'scrypt$1' };
      expect(await storage.accountByUsername('anak')).toEqual(claimed);
      expect(await storage.accountBySkeleton('anak')).toEqual(claimed);
      expect(await storage.accountBySkeleton('anak.')).toBeUndefined();
      await storage.setPassword('a1', 'scrypt$3');
      await storage.renameAccount('a1', 'Ana K.');
      expect(await storage.account('a1')).toMatchObject({ name: 'Ana K.', passwordHash: 'scrypt$3' });
      expect(await storage.account('a2')).toMatchObject({ username: null, secretHash: guest.secretHash });
      // A new password revokes a guest secret too.
      await storage.setPassword('a2', 'scrypt$4');
      expect((await storage.account('a2'))?.secretHash).toBe('');
      await storage.close();
    });

    it('keeps sessions and signs them out one by one or all but one', async () => {
      const storage = await open();
      const session = (tokenHash: string, accountId = 'a1') => ({
        tokenHash,
        accountId,
        createdAt: 1,
        expiresAt: 100,
        revokedAt: null,
      });
      for (const s of [session('s1'), session('s2'), session('s3'), session('t1', 'a2')])
        await storage.createSession(s);
      expect(await storage.session('s1')).toEqual(session('s1'));
      expect(await storage.session('nope')).toBeUndefined();
      await storage.revokeSessions({ tokenHash: 's1' }, 50);
      expect((await storage.session('s1'))?.revokedAt).toBe(50);
      await storage.revokeSessions({ accountId: 'a1', except: 's2' }, 60);
      expect((await storage.session('s2'))?.revokedAt).toBeNull();
      expect((await storage.session('s3'))?.revokedAt).toBe(60);
      // Signed out once is signed out at that time.
      expect((await storage.session('s1'))?.revokedAt).toBe(50);
      expect((await storage.session('t1'))?.revokedAt).toBeNull();
      await storage.close();
    });

    it('gives a username to one of two accounts claiming it at once', async () => {
      const storage = await open();
      const guest = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await storage.createAccount(guest);
      await storage.createAccount({ ...guest, id: 'a2' });
      const claims = await Promise.all([
        storage.claimAccount('a1', 'Ana', 'ana', 'scrypt$1', 'ana'),
        storage.claimAccount('a2', 'ANA.', 'ana.', 'scrypt$2', 'ana'),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const owner = await storage.accountBySkeleton('ana');
      expect(owner?.id).toBe(claims[0] ? 'a1' : 'a2');
      expect((await storage.account(claims[0] ? 'a2' : 'a1'))?.username).toBeNull();
      // Claiming the name it has again changes nothing.
      expect(await storage.claimAccount(owner?.id ?? '', owner?.username ?? '', 'ana', 'scrypt$3', 'ana')).toBe(true);
      await storage.close();
    });

    it('keeps times in milliseconds since 1970, as numbers', async () => {
      const storage = await open();
      // 2100-01-01: past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: at };
      await storage.createAccount(account);
      expect(await storage.account('a1')).toStrictEqual(account);
      const session = { tokenHash: 's1', accountId: 'a1', createdAt: at, expiresAt: at + 1, revokedAt: null };
      await storage.createSession(session);
      await storage.revokeSessions({ tokenHash: 's1' }, at + 2);
      expect(await storage.session('s1')).toStrictEqual({ ...session, revokedAt: at + 2 });
      await storage.close();
    });

    it('breaks ties by id code point by code point, capitals first, as every store does', async () => {
      const storage = await open();
      const account = { id: 'a', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      for (const id of ['b', 'a', 'B', 'A']) await storage.createAccount({ ...account, id, name: id });
      for (const id of ['b', 'a', 'B', 'A']) await storage.flagAccount(id, 'too fast', 10);
      expect((await storage.flaggedAccounts()).map((f) => f.account.id)).toEqual(['A', 'B', 'a', 'b']);
      await storage.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const storage = await open();
      await storage.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(storage.account('a1')).rejects.toThrow(Error);
      await expect(storage.session('s1')).rejects.toThrow(Error);
      await expect(storage.flaggedAccounts()).rejects.toThrow(Error);
      await storage.close();
    });
  });
}

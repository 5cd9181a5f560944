import { beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from './accounts.js';
import { distinctName, sameName } from './names.js';
import type { Account } from './store.js';
import { openMemoryStores } from '../storage/memory.js';
import { Table } from '../table/table.js';

/*
 * A claimed username is its owner's name alone (docs/accounts.md, "Names"): nobody else takes it,
 * or a look-alike of it, as a name, and at a table the owner keeps it bare. In memory, no server.
 */

describe('names that show as one', () => {
  it('are the same name folded, or look-alikes', () => {
    expect(sameName('ana', 'ANA')).toBe(true);
    // Cyrillic а; a capital I for an l; separators and spaces set aside.
    expect(sameName('аna', 'ana')).toBe(true);
    expect(sameName('aIice', 'alice')).toBe(true);
    expect(sameName('a.na', 'ana')).toBe(true);
    expect(sameName('ana 2', 'ana')).toBe(false);
    expect(sameName('Anna', 'ana')).toBe(false);
  });

  it('are told apart at a table as the same name is', () => {
    expect(distinctName('аna', ['ana'])).toBe('аna 2');
    expect(distinctName('Ben', ['ana'])).toBe('Ben');
  });
});

describe('a claimed username as a name', () => {
  const stores = openMemoryStores();
  const accounts = new Accounts(stores);
  /** The account as the store has it, as a route finds it by its session. */
  async function accountOf(id: string): Promise<Account> {
    const found = await stores.accounts.account(id);
    if (!found) throw new Error('no account');
    return found;
  }
  let owner = '';

  beforeAll(async () => {
    const { account } = await accounts.guest('Ana', '127.0.0.1');
    await accounts.claim(await accountOf(account.id), 'ana', 'long enough', '127.0.0.1');
    owner = account.id;
  });

  it('is refused to anyone else, as it is and in its look-alikes, with the code and the username', async () => {
    const { account } = await accounts.guest('Mallory', '127.0.0.2');
    const mallory = await accountOf(account.id);
    for (const name of ['ana', 'ANA', 'аna', 'a.na', ' ana ', 'a_n_a']) {
      await expect(accounts.rename(mallory, name)).rejects.toMatchObject({
        status: 409,
        code: 'account/name-claimed',
        params: { username: 'ana' },
      });
    }
    // A name of its own, or one that only starts the same, is no one's username.
    await expect(accounts.rename(mallory, 'ana 2')).resolves.toMatchObject({ name: 'ana 2' });
    await expect(accounts.rename(mallory, 'Anabel')).resolves.toMatchObject({ name: 'Anabel' });
    // A new guest may not start under it either.
    await expect(accounts.guest('Ana', '127.0.0.3')).rejects.toMatchObject({ code: 'account/name-claimed' });
  });

  it('is the owner’s to take, in any case', async () => {
    const ana = await accountOf(owner);
    await expect(accounts.rename(ana, 'ANA')).resolves.toMatchObject({ name: 'ANA', username: 'ana' });
  });
});

describe('the owner at a table', () => {
  it('keeps the bare name: whoever else went by it is the one renamed', () => {
    const table = new Table();
    // A guest named ana before the username was claimed, a look-alike watching.
    table.sit('g', 'ana', 'easy', { id: 'acc-guest', claimed: false });
    table.sit('o', 'ana', 'easy', { id: 'acc-ana', claimed: true, username: 'ana' });
    expect(table.seats.map((s) => s.occupant)).toEqual([
      { kind: 'human', name: 'ana 2' },
      { kind: 'human', name: 'ana' },
    ]);
    // Another person under a name that is not theirs gets a number, as before.
    table.sit('b', 'ANA', 'easy', { id: 'acc-b', claimed: true, username: 'bea' });
    expect(table.seats[2]?.occupant).toEqual({ kind: 'human', name: 'ANA 3' });

    // A look-alike watching gives way too.
    const full = new Table();
    full.watch('w', { name: 'аna', side: 'easy', wantsSeat: false, account: { id: 'acc-w', claimed: false } });
    full.sit('o', 'ana', 'easy', { id: 'acc-ana', claimed: true, username: 'ana' });
    expect(full.watchers.get('w')?.name).toBe('аna 2');
    expect(full.seats[0]?.occupant).toEqual({ kind: 'human', name: 'ana' });
  });
});

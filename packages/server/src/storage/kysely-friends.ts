import type { Kysely } from 'kysely';
import type { AccountLink, Friends } from '../friends/store.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** Who follows or blocks whom in a SQL database (`account_links`), for SQLite and PostgreSQL alike. */
export class KyselyFriends implements Friends {
  constructor(private readonly db: Kysely<Tables>) {}

  async setAccountLink(link: AccountLink): Promise<void> {
    await this.db
      .insertInto('account_links')
      .values({ from_id: link.from, to_id: link.to, kind: link.kind, at: link.at })
      .onConflict((oc) => oc.columns(['from_id', 'to_id']).doUpdateSet({ kind: link.kind, at: link.at }))
      .execute();
  }

  async dropAccountLink(from: string, to: string): Promise<void> {
    await this.db.deleteFrom('account_links').where('from_id', '=', from).where('to_id', '=', to).execute();
  }

  async accountLinks(accountId: string): Promise<AccountLink[]> {
    const found = await this.db
      .selectFrom('account_links')
      .selectAll()
      .where((eb) => eb.or([eb('from_id', '=', accountId), eb('to_id', '=', accountId)]))
      .orderBy('at')
      .orderBy('from_id')
      .orderBy('to_id')
      .execute();
    return found.map((raw) => {
      const row = parseStored(rows.accountLinks, raw, `account_links (${raw.from_id} ${raw.to_id})`);
      return { from: row.from_id, to: row.to_id, kind: row.kind, at: row.at };
    });
  }
}

import type { Kysely } from 'kysely';
import type { Report, Reports, StoredReport } from '../accounts/report-store.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** The reports of a SQL database (`reports`), for SQLite and PostgreSQL alike. */
export class KyselyReports implements Reports {
  constructor(private readonly db: Kysely<Tables>) {}

  async saveReport(report: Report): Promise<boolean> {
    const done = await this.db
      .insertInto('reports')
      .values({ ...report, settled_at: null })
      .onConflict((oc) => oc.columns(['reporter', 'kind', 'target']).doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async reports(open = false): Promise<StoredReport[]> {
    let query = this.db.selectFrom('reports').selectAll();
    if (open) query = query.where('settled_at', 'is', null);
    const found = await query.orderBy('at').orderBy('reporter').execute();
    return found.map((r) => {
      const { settled_at, ...row } = parseStored(rows.reports, r, `reports (${r.reporter}, ${r.kind}, ${r.target})`);
      return { ...row, settledAt: settled_at };
    });
  }

  async settleReports(kind: Report['kind'], target: string, at: number): Promise<number> {
    const done = await this.db
      .updateTable('reports')
      .set({ settled_at: at })
      .where('kind', '=', kind)
      .where('target', '=', target)
      .where('settled_at', 'is', null)
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  }
}

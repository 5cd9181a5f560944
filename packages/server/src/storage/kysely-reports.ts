import type { Kysely } from 'kysely';
import type { Report, Reports } from '../accounts/report-store.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** The reports of a SQL database (`reports`), for SQLite and PostgreSQL alike. */
export class KyselyReports implements Reports {
  constructor(private readonly db: Kysely<Tables>) {}

  async saveReport(report: Report): Promise<boolean> {
    const done = await this.db
      .insertInto('reports')
      .values({ ...report })
      .onConflict((oc) => oc.columns(['reporter', 'kind', 'target']).doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async reports(): Promise<Report[]> {
    const found = await this.db.selectFrom('reports').selectAll().orderBy('at').orderBy('reporter').execute();
    return found.map((r) => parseStored(rows.reports, r, `reports (${r.reporter}, ${r.kind}, ${r.target})`));
  }
}

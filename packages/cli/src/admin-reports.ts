import type { Reports } from '@ubongo/server';
import type { Io } from './io.js';
import { EXIT } from './io.js';

/**
 * `ubongo admin reports`: the reports players made of board entries, earliest first. The list is
 * `Reports.reports`', as it is: a clean function an operator's review can join.
 */
export async function adminReports(
  store: Pick<Reports, 'reports'>,
  io: Io,
  json: boolean | undefined,
): Promise<number> {
  const reports = await store.reports();
  for (const r of reports) {
    const at = new Date(r.at).toISOString();
    // A report a reviewer's decision settled (docs/accounts.md, "Reviewed results") says when.
    const settledAt = r.settledAt === null ? null : new Date(r.settledAt).toISOString();
    io.out(
      json
        ? `${JSON.stringify({ ...r, at, settledAt })}\n`
        : `${at}  ${r.kind} ${r.target}  by ${r.reporter}: ${r.reason.replace(/\s+/g, ' ')}${settledAt === null ? '' : `  (settled ${settledAt})`}\n`,
    );
  }
  if (!json) io.out(`${reports.length} report${reports.length === 1 ? '' : 's'}\n`);
  return reports.length > 0 ? EXIT.ok : EXIT.none;
}

import type { Report, Reports } from '../accounts/report-store.js';
import type { Gate } from './memory-shared.js';

/** The reports of a store in memory. */
export class MemoryReports implements Reports {
  private readonly reported: Report[] = [];

  constructor(private readonly gate: Gate) {}

  saveReport(report: Report): Promise<boolean> {
    return this.gate.run(() => {
      const same = (r: Report): boolean =>
        r.reporter === report.reporter && r.kind === report.kind && r.target === report.target;
      if (this.reported.some(same)) return false;
      this.reported.push({ ...report });
      return true;
    });
  }

  reports(): Promise<Report[]> {
    return this.gate.run(() =>
      [...this.reported]
        .sort((a, b) => a.at - b.at || (a.reporter < b.reporter ? -1 : a.reporter > b.reporter ? 1 : 0))
        .map((r) => ({ ...r })),
    );
  }
}

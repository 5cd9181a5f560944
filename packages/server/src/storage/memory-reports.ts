import type { Report, Reports, StoredReport } from '../accounts/report-store.js';
import type { Gate } from './memory-shared.js';

/** The reports of a store in memory. */
export class MemoryReports implements Reports {
  private readonly reported: StoredReport[] = [];

  constructor(private readonly gate: Gate) {}

  saveReport(report: Report): Promise<boolean> {
    return this.gate.run(() => {
      const same = (r: Report): boolean =>
        r.reporter === report.reporter && r.kind === report.kind && r.target === report.target;
      if (this.reported.some(same)) return false;
      this.reported.push({ ...report, settledAt: null });
      return true;
    });
  }

  reports(open = false): Promise<StoredReport[]> {
    return this.gate.run(() =>
      this.reported
        .filter((r) => !open || r.settledAt === null)
        .sort((a, b) => a.at - b.at || (a.reporter < b.reporter ? -1 : a.reporter > b.reporter ? 1 : 0))
        .map((r) => ({ ...r })),
    );
  }

  settleReports(kind: Report['kind'], target: string, at: number): Promise<number> {
    return this.gate.run(() => {
      let settled = 0;
      this.reported.forEach((r, i) => {
        if (r.kind !== kind || r.target !== target || r.settledAt !== null) return;
        this.reported[i] = { ...r, settledAt: at };
        settled += 1;
      });
      return settled;
    });
  }
}

import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/** What every `Reports` store must do: one report per reporter and entry, listed earliest first, settled by entry. */
export function reportsContract(name: string, open: Opener<'reports'>): void {
  describe(`${name}: reports`, () => {
    it('keeps one report per reporter and entry, and lists them earliest first', async () => {
      const stores = await open();
      const report = { reporter: 'r1', kind: 'run', target: '7', reason: 'too fast', at: 20 } as const;
      expect(await stores.reports.saveReport(report)).toBe(true);
      expect(await stores.reports.saveReport({ ...report, reason: 'again', at: 30 })).toBe(false);
      expect(await stores.reports.saveReport({ ...report, reporter: 'r2', at: 10 })).toBe(true);
      expect(await stores.reports.saveReport({ ...report, kind: 'player', target: 'a1', at: 40 })).toBe(true);
      expect(await stores.reports.reports()).toEqual([
        { ...report, reporter: 'r2', at: 10, settledAt: null },
        { ...report, settledAt: null },
        { ...report, kind: 'player', target: 'a1', at: 40, settledAt: null },
      ]);
      await stores.close();
    });

    it('settles an entry’s open reports once: they are kept, no longer open', async () => {
      const stores = await open();
      const report = { reporter: 'r1', kind: 'run', target: '7', reason: 'too fast', at: 20 } as const;
      await stores.reports.saveReport(report);
      await stores.reports.saveReport({ ...report, reporter: 'r2', at: 25 });
      await stores.reports.saveReport({ ...report, kind: 'player', target: '7', at: 30 });
      expect(await stores.reports.settleReports('run', '7', 50)).toBe(2);
      expect(await stores.reports.settleReports('run', '7', 60)).toBe(0);
      expect(await stores.reports.reports(true)).toEqual([
        { ...report, kind: 'player', target: '7', at: 30, settledAt: null },
      ]);
      expect((await stores.reports.reports()).map((r) => r.settledAt)).toEqual([50, 50, null]);
      // A report made after the decision raises the entry again.
      await stores.reports.saveReport({ ...report, reporter: 'r3', at: 70 });
      expect((await stores.reports.reports(true)).map((r) => r.reporter)).toEqual(['r1', 'r3']);
      await stores.close();
    });
  });
}

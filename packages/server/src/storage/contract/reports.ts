import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/** What every `Reports` store must do: one report per reporter and entry, listed earliest first. */
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
        { ...report, reporter: 'r2', at: 10 },
        report,
        { ...report, kind: 'player', target: 'a1', at: 40 },
      ]);
      await stores.close();
    });
  });
}

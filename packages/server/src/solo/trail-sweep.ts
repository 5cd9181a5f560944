import type { Limits } from '../net/limits.js';
import type { Stores } from '../storage/stores.js';

/** A day in milliseconds. */
const DAY = 86_400_000;

/**
 * Bounds what solo runs keep (docs/operations.md, "What the database keeps"): an unverified run's
 * move trails go after `trailDays`, and an account keeps the trails of at most `trailsPerAccount`
 * runs (its listed bests always, then its newest). Swept once at start, then every
 * `trailSweepMinutes`; a sweep that fails is logged and tried again at the next.
 */
export function startTrailSweep(
  stores: Pick<Stores, 'soloRuns'>,
  limits: Pick<Limits, 'trailDays' | 'trailsPerAccount' | 'trailSweepMinutes'>,
  log: (message: string) => void,
  now: () => number = Date.now,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const sweep = (): void => {
    running = running.then(async () => {
      try {
        const dropped = await stores.soloRuns.pruneTrails({
          unverifiedBefore: now() - limits.trailDays * DAY,
          keepPerAccount: limits.trailsPerAccount,
        });
        if (dropped > 0) log(`trails: dropped the move trails of ${dropped} solo run${dropped === 1 ? '' : 's'}`);
      } catch (e) {
        log(`trails: the sweep failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, limits.trailSweepMinutes * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import type { SoloResult } from '@ubongo/core';
import { compareSoloResults } from '@ubongo/core';
import { isListed } from './leaderboards.js';
import type { SoloRecord } from './storage.js';

/** A solo run's setting, which bests are kept per: its mode, length and side. */
export const soloSetting = (r: Pick<SoloResult, 'mode' | 'limit' | 'side'>): string => `${r.mode}/${r.limit}/${r.side}`;

/** The best listed run (leaderboards.ts) of each setting (`soloSetting`) among `runs`. */
export function bestListedRuns(runs: readonly SoloRecord[]): Map<string, SoloRecord> {
  const best = new Map<string, SoloRecord>();
  for (const r of runs) {
    if (!isListed(r)) continue;
    const held = best.get(soloSetting(r));
    if (!held || compareSoloResults(r, held) > 0) best.set(soloSetting(r), r);
  }
  return best;
}

import type { SoloResult } from '@ubongo/core';
import { compareSoloResults } from '@ubongo/core';
import type { SoloRecord } from './storage.js';

/** A solo run's setting, which bests are kept per: its mode, length and side. */
export const soloSetting = (r: Pick<SoloResult, 'mode' | 'limit' | 'side'>): string => `${r.mode}/${r.limit}/${r.side}`;

/**
 * A listed run (records, bests): verified, and dealt shuffled (a run dealt at the player's level
 * was picked for them, so its times do not compare). The SQL stores filter on these columns.
 */
export const LISTED = { verified: true, dealing: 'shuffled' } as const;

/** Whether a run is listed (`LISTED`); a run stored before dealing was kept was dealt shuffled. */
export const isListed = (r: Pick<SoloRecord, 'verified' | 'dealing'>): boolean =>
  r.verified === LISTED.verified && (r.dealing ?? 'shuffled') === LISTED.dealing;

/** The best listed run of each setting (`soloSetting`) among `runs`. */
export function bestListedRuns(runs: readonly SoloRecord[]): Map<string, SoloRecord> {
  const best = new Map<string, SoloRecord>();
  for (const r of runs) {
    if (!isListed(r)) continue;
    const held = best.get(soloSetting(r));
    if (!held || compareSoloResults(r, held) > 0) best.set(soloSetting(r), r);
  }
  return best;
}

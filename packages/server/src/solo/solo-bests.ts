import type { SoloResult } from '@ubongo/core';

/** A solo run's setting, which bests are kept per: its mode, length and side. */
export const soloSetting = (r: Pick<SoloResult, 'mode' | 'limit' | 'side'>): string => `${r.mode}/${r.limit}/${r.side}`;

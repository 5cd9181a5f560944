import type { CampaignProgress } from '@ubongo/core';
import { useEffect, useMemo } from 'react';
import { useServerOut } from '../connection.js';
import { useData } from '../data.js';
import { fetchCampaign } from '../net.js';

/*
 * The campaign's progress as this browser last saw it, so that the map shows it while the server is
 * out of reach (offline, or down) rather than loading for good. Only shown, never sent: the server's
 * is the progress.
 */

const KEY = 'ubongo.campaign';

interface Kept {
  readonly account: string;
  readonly progress: CampaignProgress;
}

/** Keeps the account's progress as the server just said it. */
export function keepProgress(account: string, progress: CampaignProgress): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ account, progress } satisfies Kept));
  } catch {
    // Storage full or unavailable: the map then says it needs the server.
  }
}

/**
 * The progress last kept: the account's, or with no account known yet (the server out of reach
 * since the page loaded), this browser's last one. Null when none is kept, or it is unreadable.
 */
export function keptProgress(account: string | null): CampaignProgress | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    if (!kept?.progress || !Array.isArray(kept.progress.worlds)) return null;
    return account === null || kept.account === account ? kept.progress : null;
  } catch {
    return null;
  }
}

/**
 * The campaign as the map shows it: the server's progress (fetched again when `recorded` changes),
 * kept as it comes; while the server is out of reach (`out`) or the fetch failed, the progress last
 * kept (`kept`, shown as such).
 */
export function useCampaignProgress(account: string | null, recorded: unknown) {
  const loaded = useData<CampaignProgress>(account ? fetchCampaign : null, [account, recorded], { keep: true });
  const failed = loaded.error !== null;
  const out = useServerOut();
  useEffect(() => {
    if (account && loaded.data) keepProgress(account, loaded.data);
  }, [account, loaded.data]);
  const kept = useMemo(
    () => (!loaded.data && (out !== null || failed) ? keptProgress(account) : null),
    [loaded.data, out, failed, account],
  );
  return { progress: loaded.data ?? kept, kept, failed, out };
}

import { setTimeout as sleep } from 'node:timers/promises';

// The soak's check of its finished games over the HTTP API (bench/soak.ts).

/** Whether game `id` replays to its stored result (a 429 waited out, a few times), or what went wrong. */
export async function replayOf(http: string, id: string): Promise<boolean | string> {
  for (let tries = 0; ; tries++) {
    const res = await fetch(`${http}/api/games/${id}/replay`);
    if (res.ok) return ((await res.json()) as { matchesRecord: boolean }).matchesRecord;
    if (res.status !== 429 || tries >= 5) return `HTTP ${res.status}`;
    await sleep(1000 * Math.max(1, Number(res.headers.get('retry-after')) || 1));
  }
}

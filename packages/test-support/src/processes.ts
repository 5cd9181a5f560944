import { readFileSync, rmSync } from 'node:fs';

/*
 * The processes this package starts (services and game servers), tracked by pid so that none
 * outlives the test worker or script that started it.
 */

// A worker that exits with a process still up (a test run interrupted past its afterAll) ends it.
const running = new Map<number, NodeJS.Signals>();
process.once('exit', () => {
  for (const [pid, signal] of running)
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
});

/** Ends `pid` with `signal` should this process exit first. */
export function track(pid: number, signal: NodeJS.Signals): void {
  running.set(pid, signal);
}

/** Forgets `pid`: it has ended. */
export function untrack(pid: number): void {
  running.delete(pid);
}

/** Whether `pid` runs: a daemon's exited process stays a zombie where nobody reaps it (a container's init). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Signals `pid` and waits until it is gone (SIGKILL after 10 s). */
export async function endProcess(pid: number, signal: NodeJS.Signals): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, signal);
  for (let waited = 0; alive(pid); waited += 20) {
    if (waited === 10_000) process.kill(pid, 'SIGKILL');
    if (waited === 20_000) throw new Error(`process ${pid} outlived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Stops a service once: its process by pid, then its folder. */
export function stopper(pid: number, signal: NodeJS.Signals, dir: string): () => Promise<void> {
  track(pid, signal);
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      await endProcess(pid, signal);
      untrack(pid);
      rmSync(dir, { recursive: true, force: true });
    })());
}

import { expect, it } from 'vitest';
import { ServerMetrics } from './metrics.js';

it('counts a stretch in which the event loop was held as a stall, with its length', async () => {
  const metrics = new ServerMetrics();
  try {
    await new Promise((resolve) => setTimeout(resolve, 30));
    metrics.take();
    // The loop held for 80 ms, as a long piece of work holds it.
    const until = performance.now() + 80;
    while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 30));
    metrics.claimAnswered(3);
    const report = metrics.take();
    expect(report.stalls).toBeGreaterThanOrEqual(1);
    expect(report.stalledMs).toBeGreaterThanOrEqual(50);
    expect(report).toMatchObject({ claims: 1, claimP99: 3 });
    // Counting starts again.
    expect(metrics.take()).toMatchObject({ claims: 0, stalls: 0, stalledMs: 0 });
  } finally {
    metrics.stop();
  }
});

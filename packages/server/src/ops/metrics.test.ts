import { describe, expect, it } from 'vitest';
import { playing } from '@ubongo/test-support/race-table';
import * as table from '@ubongo/test-support/race-table';
import { LOOPBACK, trustedProxies } from '../net/client-address.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

// GET /metrics over a real socket: Prometheus's text format, for loopback or the operator's token,
// never charged to the address's API budget.
const TOKEN = 'operator-secret-1234';

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
    metricsToken: TOKEN,
    // This test's requests come from loopback: as an nginx there, it may say whose they are.
    limits: { trustProxy: trustedProxies(LOOPBACK), apiPointsPerMinute: 6 },
  }),
);

/** The metrics as scraped, a sample's value by its name and labels as written. */
async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${served.http}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

const sample = (text: string, name: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describe('GET /metrics', () => {
  it('answers loopback in Prometheus’s text format, as often as it is asked', async () => {
    // Six points a minute: a charged route would be refused long before the tenth scrape.
    for (let i = 0; i < 10; i++) expect((await scrape()).status).toBe(200);
    const { type, text } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('# TYPE ubongo_claim_seconds histogram');
    expect(text).toContain('# TYPE ubongo_journal_write_seconds histogram');
    expect(text).toMatch(/^ubongo_event_loop_delay_seconds\{quantile="0\.99"\} [\d.e-]+$/m);
    expect(text).toMatch(/^ubongo_memory_bytes\{kind="rss"\} \d+$/m);
    expect(text).toContain('# TYPE ubongo_refusals_total counter');
    expect(text).toContain('# TYPE ubongo_limit_hits_total counter');
  });

  it('refuses a request forwarded from outside, unless it shows the operator’s token', async () => {
    const outside = { 'x-forwarded-for': '203.0.113.9' };
    const refused = await scrape(outside);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ error: expect.stringContaining('UBONGO_METRICS_TOKEN') as unknown });
    expect((await scrape({ ...outside, authorization: 'Bearer wrong-token-4321' })).status).toBe(403);
    expect((await scrape({ ...outside, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('counts rooms and players by kind, journal writes, and refusals by code', async () => {
    const ana = await table.newTable(`ws://127.0.0.1:${served.server.port}`, 'classic', { rounds: 3 });
    ana.room.send('no-such-message', {});
    ana.send('add-bot', { level: 'casual' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    await ana.waitFor('view', playing(1));
    const { text } = await scrape();
    expect(sample(text, 'ubongo_rooms{kind="race"}')).toBe(1);
    expect(sample(text, 'ubongo_players{kind="race"}')).toBe(1);
    expect(sample(text, 'ubongo_journal_write_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ubongo_refusals_total{code="message/unknown"}')).toBeGreaterThanOrEqual(1);
    await ana.room.leave(true);
  });
});

import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctName, NAME_MAX, normalizeName } from './names.js';
import type { UbongoServer } from '../server.js';
import { startServer } from '../server.js';
import { Player } from '@ubongo/test-support/player';

describe('names', () => {
  it.each([
    ['', 'name/empty'],
    ['   ', 'name/empty'],
    ['\u200B', 'name/zero-width'],
    ['a\u200Db', 'name/zero-width'],
    ['\u202Eevil', 'name/bidi'],
    ['a\u2066b', 'name/bidi'],
    ['a\u0000b', 'name/control'],
    ['line\nbreak', 'name/control'],
    ['\u3164', 'name/invisible'],
    ['\u00AD\u2800', 'name/invisible'],
    ['x'.repeat(NAME_MAX + 1), 'name/too-long'],
    ['Bot 1 (master)', 'name/reserved'],
    ['bot2', 'name/reserved'],
    ['Ana (bot)', 'name/reserved'],
    // Read as people read them: look-alike letters and digits folded (skeleton.ts).
    ['\u0412ot 1 (m\u0430ster)', 'name/reserved'],
    ['BOT l', 'name/reserved'],
    ['Bot 1 (\u217Faster)', 'name/reserved'],
    ['Ana (b\u043Et)', 'name/reserved'],
    // Nothing a person can see: variation selectors, marks, other default-ignorables alone.
    ['\uFE0F', 'name/invisible'],
    ['\uFE0E\uFE0F\u{E0100}', 'name/invisible'],
    ['\u0301\u0308', 'name/invisible'],
    ['\u034F\u180B\u115F', 'name/invisible'],
  ])('refuses %j with %s and a reason', (raw, code) => {
    const checked = normalizeName(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.problem.code).toBe(code);
      expect(checked.problem.message.length).toBeGreaterThan(5);
    }
  });

  it('says which character is refused and where', () => {
    const checked = normalizeName('ab\u202Ec');
    expect(checked.ok ? '' : checked.problem.message).toContain('U+202E at 3');
  });

  it('keeps names of every script, normalized', () => {
    expect(normalizeName('  Zoë   Ann ')).toEqual({ ok: true, name: 'Zoë Ann' });
    // A decomposed ë (e + combining diaeresis) is composed.
    expect(normalizeName('Zoe\u0308')).toEqual({ ok: true, name: 'Zoë' });
    for (const n of ['Łukasz', 'José', '李雷', 'Ωμέγα', 'Robot Fan', '🦊 Fox', 'Bot Lisa', 'Botond', '❤\uFE0F', '★'])
      expect(normalizeName(n)).toEqual({ ok: true, name: n });
  });

  it('gives back only names that pass again unchanged, with nothing hidden in them (seeded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const checked = normalizeName(raw);
        if (!checked.ok) return;
        expect(normalizeName(checked.name)).toEqual(checked);
        expect(/[\p{Cc}\u202A-\u202E\u2066-\u2069\u200B-\u200D\uFEFF]/u.test(checked.name)).toBe(false);
        expect(Array.from(checked.name).length).toBeLessThanOrEqual(NAME_MAX);
      }),
      { seed: 13, numRuns: 2000 },
    );
  });

  it('makes names distinct at a table without regard to case', () => {
    expect(distinctName('alice', [])).toBe('alice');
    expect(distinctName('alice', ['Alice'])).toBe('alice 2');
    expect(distinctName('ALICE', ['alice', 'Alice 2'])).toBe('ALICE 3');
    expect(Array.from(distinctName('x'.repeat(NAME_MAX), ['x'.repeat(NAME_MAX)])).length).toBe(NAME_MAX);
  });
});

describe('names at the server', () => {
  let server: UbongoServer;
  let url: string;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'ubongo-names-')),
      log: () => undefined,
    });
    url = `ws://localhost:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a bad name with its reason, and seats two alices as two people', async () => {
    const http = url.replace(/^ws/, 'http');
    const guest = (name: string): Promise<Response> =>
      fetch(`${http}/api/accounts`, { method: 'POST', body: JSON.stringify({ name }) });
    const evil = await guest('\u202Eevil');
    expect(evil.status).toBe(400);
    expect(((await evil.json()) as { error: string }).error).toMatch(/turn text around \(U\+202E at 1\)/);
    expect(((await (await guest('a\u0000b')).json()) as { error: string }).error).toMatch(/control characters/);
    const first = await Player.create(url, 'race', { name: 'alice' });
    const { code } = await first.waitFor('lobby');
    const second = await Player.join(url, code, { name: 'Alice' });
    const lobby = await second.waitFor('lobby', (l) => l.seats.length === 2);
    expect(lobby.seats.map((s) => (s.kind === 'human' ? s.name : ''))).toEqual(['alice', 'Alice 2']);
    const watcher = await Player.join(url, code, { name: 'ALICE', spectate: true });
    await watcher.waitFor('lobby');
  });
});

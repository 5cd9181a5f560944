import { describe, expect, it } from 'vitest';
import { type Machine, NEEDS, plan } from './machine.js';

/* What `npm test` does about a machine that lacks Chromium, PostgreSQL, Redis or nginx (issue 49). */

const all = new Set(NEEDS.map((n) => n.name));
const machine = (over: Partial<Machine>): Machine => ({
  present: all,
  debian: true,
  root: true,
  chromiumOverride: undefined,
  ...over,
});
const without = (...names: string[]): Set<string> => new Set([...all].filter((n) => !names.includes(n)));

describe('plan', () => {
  it('does nothing on a machine that has everything', () => {
    expect(plan(machine({}), ['server', 'browser'])).toEqual({ kind: 'ready' });
  });

  it('installs only what the asked lanes lack, as root on Debian, in one apt command', () => {
    const p = plan(machine({ present: without('Chromium', 'nginx') }), ['server', 'browser']);
    expect(p).toMatchObject({ kind: 'install', command: ['apt-get', 'install', '-y', 'chromium', 'nginx'] });
    expect(plan(machine({ present: without('Chromium') }), ['server'])).toEqual({ kind: 'ready' });
    expect(plan(machine({ present: without('redis-server') }), ['browser'])).toEqual({ kind: 'ready' });
  });

  it('stops with the sudo command on Debian without root', () => {
    const p = plan(machine({ present: without("PostgreSQL's initdb"), root: false }), ['server']);
    expect(p.kind).toBe('stop');
    if (p.kind === 'stop') expect(p.message).toContain('sudo apt-get install -y postgresql');
  });

  it('stops elsewhere, naming UBONGO_CHROMIUM when Chromium is missing', () => {
    const p = plan(machine({ present: without('Chromium'), debian: false }), ['browser']);
    expect(p.kind).toBe('stop');
    if (p.kind === 'stop') expect(p.message).toMatch(/install chromium .*UBONGO_CHROMIUM/);
  });

  it('never installs over a UBONGO_CHROMIUM that names no file', () => {
    const p = plan(machine({ present: without('Chromium'), chromiumOverride: '/opt/chrome' }), ['browser']);
    expect(p.kind).toBe('stop');
    if (p.kind === 'stop') expect(p.message).toContain('UBONGO_CHROMIUM is /opt/chrome');
  });
});

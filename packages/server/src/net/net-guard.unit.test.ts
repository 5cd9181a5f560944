import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { connectionCap, newcomerReserve, openFileLimit } from './net-guard.js';

it('takes the open-file limit less the reserve, unless a total is set', () => {
  expect(connectionCap({ maxConnections: 0, fdReserve: 256 }, 20_000)).toBe(19_744);
  expect(connectionCap({ maxConnections: 0, fdReserve: 256 }, 1024)).toBe(768);
  // A reserve past the limit still lets one in (and the log says the cap).
  expect(connectionCap({ maxConnections: 0, fdReserve: 5000 }, 1024)).toBe(1);
  expect(connectionCap({ maxConnections: 500, fdReserve: 256 }, 20_000)).toBe(500);
  // Without /proc: a fixed total.
  expect(connectionCap({ maxConnections: 0, fdReserve: 256 }, undefined)).toBe(10_000);
});

it('keeps a tenth of the total for newcomers, or what is set, and never all of it', () => {
  expect(newcomerReserve({ newcomerReserve: 0 }, 19_744)).toBe(1974);
  expect(newcomerReserve({ newcomerReserve: 50 }, 19_744)).toBe(50);
  expect(newcomerReserve({ newcomerReserve: 50 }, 20)).toBe(19);
  expect(newcomerReserve({ newcomerReserve: 0 }, 5)).toBe(0);
});

it('reads the soft open-file limit of this process from /proc', () => {
  const soft = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  expect(openFileLimit()).toBe(Number(soft));
});

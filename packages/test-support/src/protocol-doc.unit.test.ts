import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { expect, it } from 'vitest';

/*
 * docs/protocol.md is how a client author learns the protocol: its title and every join option it
 * shows (`{protocol: N, ...}`) name the version the server speaks (a wave once left 5 in the doc
 * after the protocol went to 6).
 */

const doc = readFileSync(fileURLToPath(new URL('../../../docs/protocol.md', import.meta.url)), 'utf8');

it('names the protocol version the server speaks, in its title and every join option', () => {
  expect(doc.split('\n')[0]).toBe(`# The game protocol, version ${PROTOCOL_VERSION}`);
  const shown = [...doc.matchAll(/\{\s*protocol:\s*(\d+)/g)].map((m) => Number(m[1]));
  expect(shown.length).toBeGreaterThan(5);
  expect(shown.filter((v) => v !== PROTOCOL_VERSION)).toEqual([]);
});

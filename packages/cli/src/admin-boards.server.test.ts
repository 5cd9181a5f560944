import { openSqliteStores } from '@ubongo/server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: () => '' };
  const code = await main(args, io);
  return { code, out, err };
}

it('ubongo admin boards lists the shared boards, hides one and shows it again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-admin-boards-'));
  const stores = await openSqliteStores(dir);
  const spec = {
    grid: 'square',
    region: ['..##', '####', '####', '###', '##'],
    pieces: ['L4', 'T4', 'P5', 'I2'],
  } as const;
  await stores.boards.saveBoard({
    id: 'abcdefgh',
    accountId: 'a1',
    name: 'Stairs',
    grid: 'square',
    spec,
    solutions: 4,
    difficulty: 8.5,
    createdAt: Date.UTC(2026, 10, 29),
  });
  await stores.close();
  expect(await ubongo('admin', 'boards', '--data-dir', dir)).toEqual({
    code: 0,
    out: '2026-11-29T00:00:00.000Z  abcdefgh  square  4 solutions, difficulty 8.5  by a1: Stairs\n1 board\n',
    err: '',
  });
  expect((await ubongo('admin', 'boards', 'hide', 'abcdefgh', '--data-dir', dir)).out).toBe('board abcdefgh hidden\n');
  expect((await ubongo('admin', 'boards', '--data-dir', dir, '--json')).out).toMatch(/"hiddenAt":"20\d\d-/);
  expect(await ubongo('admin', 'boards', 'hide', 'zzzzzzzz', '--data-dir', dir)).toMatchObject({
    code: 1,
    err: 'ubongo: no board zzzzzzzz\n',
  });
  expect((await ubongo('admin', 'boards', 'show', 'abcdefgh', '--data-dir', dir)).out).toBe('board abcdefgh shown\n');
  expect((await ubongo('admin', 'boards', '--data-dir', dir, '--json')).out).toContain('"hiddenAt":null');
  expect((await ubongo('admin', 'boards', 'hide', '--data-dir', dir)).code).toBe(2);
});

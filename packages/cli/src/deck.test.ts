import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deckCommand } from './deck.js';
import type { Io } from './io.js';
import { main } from './main.js';

const decks = fileURLToPath(new URL('../../core/src/decks/', import.meta.url));

async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: (p) => readFileSync(p, 'utf8') };
  const code = await main(args, io);
  return { code, out, err };
}

describe('ubongo deck', () => {
  it.each(['classic', 'extreme'])('export %s prints the shipped file', async (edition) => {
    const r = await ubongo('deck', 'export', edition);
    expect(r.code).toBe(0);
    expect(r.out).toBe(readFileSync(join(decks, `${edition}.json`), 'utf8'));
  });

  it.each(['classic', 'extreme'])('verify %s re-solves all 432 tasks and finds the deck sound', async (edition) => {
    const r = await ubongo('deck', 'verify', edition);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(`^${edition} deck: \\d+ boards, \\d+ sides, 432 tasks re-solved in \\d+ ms: all sound\\n$`),
    );
  });

  it('verify --file names each problem of a broken deck and exits 1', async () => {
    const deck = JSON.parse(readFileSync(join(decks, 'classic.json'), 'utf8')) as {
      boards: { sides: { easy: { tasks: { pieces: string[] }[] } } }[];
    };
    const task = deck.boards[3]?.sides.easy.tasks[0];
    if (!task) throw new Error('fixture');
    task.pieces = ['I2', 'I3', 'V3'];
    const file = join(mkdtempSync(join(tmpdir(), 'ubongo-')), 'broken.json');
    writeFileSync(file, JSON.stringify(deck));
    const r = await ubongo('deck', 'verify', 'classic', '--file', file);
    expect(r.code).toBe(1);
    expect(r.out).toContain('C04 easy task ');
    expect(r.out).toMatch(/: \d+ problems?\n$/);
  });

  it('verify --file refuses a file that is not a deck, with where', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ubongo-')), 'bad.json');
    writeFileSync(file, '{"edition": "classic", "grid": "square", "seed": "x"}');
    const r = await ubongo('deck', 'verify', 'classic', '--file', file);
    expect(r).toMatchObject({ code: 2, err: `ubongo: ${file}: pieces: expected an object\n` });
  });

  it('show draws a board side and lists its tasks', async () => {
    const r = await ubongo('deck', 'show', 'classic', 'c01', '--side', 'easy');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^C01 easy: 1[1-3] cells$/);
    expect(
      lines.filter((l) => /^ {2}[1-6] +\w\d( \+ \w\d){2} +difficulty [\d.]+, \d+ solutions?$/.test(l)),
    ).toHaveLength(6);
  });

  it('render writes two sides and a sheet per board', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-svg-'));
    const r = await ubongo('deck', 'render', 'extreme', '--out', dir);
    expect(r.out).toBe(`wrote 166 SVG files to ${dir}\n`);
    const files = readdirSync(dir);
    expect(files).toContain('E54-sheet.svg');
    expect(readFileSync(join(dir, 'E01-easy.svg'), 'utf8')).toMatch(/^<svg xmlns/);
  });

  it('generate with the shipped seed writes the shipped bytes, with progress on stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-deck-'));
    let err = '';
    const io: Io = { out: () => undefined, err: (t) => (err += t), readFile: (p) => readFileSync(p, 'utf8') };
    const seed = (JSON.parse(readFileSync(join(decks, 'classic.json'), 'utf8')) as { seed: number }).seed;
    expect(deckCommand(['generate', '--seed', String(seed), '--edition', 'classic', '--out', dir], io, true)).toBe(0);
    expect(readFileSync(join(dir, 'classic.json'), 'utf8')).toBe(readFileSync(join(decks, 'classic.json'), 'utf8'));
    expect(err).toContain('[##############################] 72/72\n');
  });

  it.each([
    [['deck', 'export', 'chess'], 'expected classic or extreme, got chess'],
    [['deck', 'show', 'classic', 'C99'], 'no board C99; boards are C01 to C36'],
    [['deck', 'show', 'classic', '--side', 'middle'], '--side must be easy or hard'],
    [['deck', 'render', 'classic'], 'render needs --out DIR'],
    [['deck', 'generate', '--out', '/tmp/x'], 'generate needs --seed N'],
    [['deck', 'generate', '--seed=-3', '--out', '/tmp/x'], 'a non-negative integer, got -3'],
    [['deck', 'shuffle', 'classic'], 'unknown deck command shuffle'],
  ])('usage error %j', async (args, message) => {
    const r = await ubongo(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});

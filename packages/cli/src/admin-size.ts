import type { TableSize } from '@ubongo/server';
import type { Io } from './io.js';
import { EXIT } from './io.js';

/** Bytes as people read them: 1.5 MB, 320 kB, 96 B. */
export function bytesText(bytes: number | null): string {
  if (bytes === null) return '?';
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let unit = 0;
  while (n >= 1000 && unit < units.length - 1) {
    n /= 1000;
    unit++;
  }
  return `${unit === 0 ? n : n.toFixed(1)} ${units[unit]}`;
}

/**
 * `ubongo admin size`: the database's tables by size, largest first: rows, and bytes with their
 * indexes where the database can say (SQLite's dbstat, PostgreSQL's pg_total_relation_size).
 */
export async function adminSize(
  stores: { sizes(): Promise<TableSize[]> },
  io: Io,
  json: boolean | undefined,
): Promise<number> {
  const sizes = await stores.sizes();
  if (json) {
    for (const s of sizes) io.out(`${JSON.stringify(s)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(5, ...sizes.map((s) => s.table.length));
  io.out(`${'table'.padEnd(width)}  ${'rows'.padStart(10)}  ${'bytes'.padStart(10)}\n`);
  for (const s of sizes)
    io.out(`${s.table.padEnd(width)}  ${String(s.rows).padStart(10)}  ${bytesText(s.bytes).padStart(10)}\n`);
  const known = sizes.filter((s) => s.bytes !== null);
  const total = known.reduce((sum, s) => sum + (s.bytes ?? 0), 0);
  io.out(
    `${'total'.padEnd(width)}  ${String(sizes.reduce((n, s) => n + s.rows, 0)).padStart(10)}  ${(known.length > 0 ? bytesText(total) : '?').padStart(10)}\n`,
  );
  return EXIT.ok;
}

import type { z } from 'zod';
import type { LiveTable } from '../table/store.js';
import type { tableBody } from './schemas.js';

/** A parsed `live_tables` row as the table it keeps (both stores read theirs through this). */
export function tableRowOf(row: {
  readonly code: string;
  readonly body: z.output<typeof tableBody>;
  readonly saved_at: number;
}): LiveTable {
  return { code: row.code, ...row.body, savedAt: row.saved_at };
}

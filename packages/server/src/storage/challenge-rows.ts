import { CHALLENGE_STATUSES } from '@ubongo/core';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Same } from '../protocol.js';
import type { Tables } from './tables.js';

/*
 * The rows of challenges (challenges/store.ts): apart from rows.ts so that their columns are in one
 * place. A stored status is never `expired`: that is an open one's week over, said when read.
 */

/** A row of `challenges`. */
export const challengeRows = z.object({
  id: z.string(),
  from_account: z.string(),
  to_account: z.string(),
  run_id: z.number().int(),
  created_at: z.number(),
  expires_at: z.number(),
  status: z.string().pipe(z.enum(CHALLENGE_STATUSES).exclude(['expired'])),
  raced_run: z.number().int().nullable(),
  winner: z
    .string()
    .pipe(z.enum(['from', 'to', 'tie']))
    .nullable(),
  settled_at: z.number().nullable(),
});

const agree = <T extends true>(value: T): T => value;
agree<Same<z.input<typeof challengeRows>, Selectable<Tables['challenges']>>>(true);

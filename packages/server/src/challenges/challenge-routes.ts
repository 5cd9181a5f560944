import { CHALLENGE_ID_PATTERN } from '@ubongo/core';
import { z } from 'zod';
import type { Http } from '../http/http-common.js';
import { route } from '../http/route.js';
import type { ChallengeBook } from './challenges.js';

const challengeBody = z.strictObject({
  to: z
    .string({ error: 'to is a friend’s username or account id' })
    .min(1, { error: 'to is a friend’s username or account id' })
    .max(64, { error: 'to is a friend’s username or account id' }),
  run: z
    .number({ error: 'run is the id of one of your stored runs' })
    .int({ error: 'run is the id of one of your stored runs' })
    .min(1, { error: 'run is the id of one of your stored runs' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'run is the id of one of your stored runs' }),
});

const challengeId = z.object({ id: z.string().regex(CHALLENGE_ID_PATTERN) });

/**
 * The challenge routes (docs/challenges.md): send a friend a run, list the challenges received and
 * sent with their status and verdict, decline one. Racing one is the solo room's (`challenge`).
 */
export function challengeRoutes(app: Http, book: ChallengeBook): void {
  route(app, 'POST /api/challenges', { body: challengeBody }, ({ body, me }) =>
    book.send(me.account, body.to, body.run),
  );

  route(app, 'GET /api/challenges', {}, ({ me }) => book.list(me.account));

  route(app, 'POST /api/challenges/:id/decline', { params: challengeId }, ({ params, me }) =>
    book.decline(me.account, params.id),
  );
}

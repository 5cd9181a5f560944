import { z } from 'zod';
import type { Http, HttpOptions } from '../http/http-common.js';
import { Refused } from '../http/http-common.js';
import { perMinute, waitSeconds } from '../net/rate-limit.js';
import type { Stores } from '../storage/stores.js';
import { route } from '../http/route.js';

/** Reports one account may make a minute (and one per entry, ever). */
export const REPORTS_PER_MINUTE = 10;

/** The longest reason a report gives. */
export const REPORT_REASON_CHARS = 300;

const reportBody = z.strictObject({
  kind: z.enum(['run', 'player', 'board'], { error: 'kind is run, player or board' }),
  target: z.string().regex(/^[\w-]{1,64}$/, { error: 'target is a run’s id, a player’s id or a board’s' }),
  reason: z
    .string({ error: `reason is text of 1 to ${REPORT_REASON_CHARS} characters` })
    .trim()
    .min(1, { error: `reason is text of 1 to ${REPORT_REASON_CHARS} characters` })
    .max(REPORT_REASON_CHARS, { error: `reason is text of 1 to ${REPORT_REASON_CHARS} characters` }),
});

/**
 * `POST /api/reports`: a signed-in player with a username reports an entry of a public board (a
 * solo run by its id, a player of a rating board by theirs) or a shared board (by its id), with why, for an operator to look at
 * (`ubongo admin reports`). One report per reporter and entry; `REPORTS_PER_MINUTE` an account.
 */
export function reportRoutes(
  app: Http,
  options: Pick<HttpOptions, 'rateLimits'> & {
    readonly stores: Pick<Stores, 'accounts' | 'reports' | 'soloRuns' | 'boards'>;
  },
): void {
  const { stores } = options;
  const limit = options.rateLimits.limit('reports:', perMinute(REPORTS_PER_MINUTE));
  route(app, 'POST /api/reports', { body: reportBody }, async ({ body, me: { account } }) => {
    if (account.username === null) throw new Refused(403, 'claim a username before reporting');
    const { kind, target, reason } = body;
    const exists =
      kind === 'run'
        ? /^[1-9]\d{0,15}$/.test(target) && (await stores.soloRuns.soloRun(Number(target))) !== undefined
        : kind === 'board'
          ? (await stores.boards.board(target))?.hiddenAt === null
          : (await stores.accounts.account(target)) !== undefined;
    if (!exists) throw new Refused(404, `no ${kind} ${target}`);
    const ms = await limit.take(account.id);
    if (ms > 0) {
      const seconds = waitSeconds(ms);
      throw new Refused(429, `at most ${REPORTS_PER_MINUTE} reports a minute: try again in ${seconds} s`, {
        'retry-after': String(seconds),
      });
    }
    const saved = await stores.reports.saveReport({ reporter: account.id, kind, target, reason, at: Date.now() });
    if (!saved) throw new Refused(409, `you have reported this ${kind} already`);
    return { reported: { kind, target } };
  });
}

import type { Reports, Reviewed, Reviews, SoloRuns } from '@ubongo/server';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo admin review`, a part of `ubongo admin --help`. */
export const REVIEW_HELP = `  review [--all]       the results held for review (docs/accounts.md, "Reviewed results"): solo runs
                       and rated claims showing what no person does, with their reasons and replay,
                       then the board entries players reported; --all lists those already approved
                       or rejected too (the web's #/review screen is the whole queue, flags and all)
  review show ID       one held or decided result whole (a run's puzzles with their move trails), as JSON
  review approve ID    approves a result (release ID, its old name): listed, marked reviewed (a
                       claim: noted, the game not re-rated)
  review reject ID     keeps it off the boards for good
  role USERNAME ROLE   gives an account a role: reviewer, operator or none (who may review in the web)
`;

/** Where a result is replayed: a game's replay route, or a run's (its puzzles and, while kept, trails). */
export function replayOf(r: Reviewed): string {
  return r.kind === 'claim' ? `/api/games/${r.gameId}/replay` : `/api/runs/${r.id.slice('run-'.length)}`;
}

/** A result on one line: what, whose, its reasons. */
function line(r: Reviewed): string {
  const when = new Date(r.at).toISOString();
  const what =
    r.kind === 'run'
      ? `solo ${r.run.mode} ${r.run.limit} ${r.run.side} by ${r.run.player}: ${r.run.solved} solved in ${(r.run.ms / 1000).toFixed(2)} s`
      : `claim of ${r.player} in rated game ${r.gameId}`;
  return `${when}  ${r.id}  ${r.review}  ${what} (account ${r.accountId ?? 'none'})\n    replay: ${replayOf(r)}\n${r.reasons.map((why) => `    ${why}\n`).join('')}`;
}

/** A result as one JSON object (a run without its puzzles: `show` gives them). */
function jsonOf(r: Reviewed, whole = false): string {
  const base = { id: r.id, kind: r.kind, review: r.review, accountId: r.accountId, at: new Date(r.at).toISOString() };
  const about =
    r.kind === 'run'
      ? { run: whole ? r.run : { ...r.run, puzzles: undefined } }
      : { gameId: r.gameId, player: r.player };
  return `${JSON.stringify({ ...base, ...about, reasons: r.reasons, replay: replayOf(r) })}\n`;
}

/** `ubongo admin review [--all] | show ID | release ID | reject ID`, on an open store. */
export async function reviewCommand(
  stores: {
    readonly reviews: Pick<Reviews, 'reviews' | 'decide'>;
    readonly soloRuns: Pick<SoloRuns, 'soloRun'>;
    readonly reports: Pick<Reports, 'reports'>;
  },
  args: readonly string[],
  options: { readonly json: boolean; readonly all: boolean },
  io: Io,
): Promise<number> {
  const [verb, id, ...extra] = args;
  if (verb === undefined) {
    const results = await stores.reviews.reviews(options.all);
    for (const r of results) io.out(options.json ? jsonOf(r) : line(r));
    if (!options.json)
      io.out(`${results.length} result${results.length === 1 ? '' : 's'} ${options.all ? 'reviewed' : 'held'}\n`);
    // The board entries players reported come to the same list (as `ubongo admin reports` lists them).
    const reports = await stores.reports.reports(true);
    for (const r of reports) {
      const at = new Date(r.at).toISOString();
      const replay = r.kind === 'run' ? `/api/runs/${r.target}` : `/api/players/${r.target}`;
      io.out(
        options.json
          ? `${JSON.stringify({ kind: 'report', about: r.kind, target: r.target, reporter: r.reporter, reason: r.reason, at, replay })}\n`
          : `${at}  reported  ${r.kind} ${r.target} by ${r.reporter}: ${r.reason.replace(/\s+/g, ' ')}\n    replay: ${replay}\n`,
      );
    }
    if (!options.json && reports.length > 0) io.out(`${reports.length} report${reports.length === 1 ? '' : 's'}\n`);
    return results.length + reports.length > 0 ? EXIT.ok : EXIT.none;
  }
  if (!['show', 'approve', 'release', 'reject'].includes(verb) || id === undefined || extra.length > 0)
    throw new UsageError(
      `admin review takes nothing, 'show ID', 'approve ID' (or 'release ID') or 'reject ID'; run 'ubongo admin --help'`,
    );
  if (verb === 'show') {
    const found = (await stores.reviews.reviews(true)).find((r) => r.id === id);
    if (!found) return notFound(id, io);
    // A run's trails are kept apart from it (read by a replay only): the whole run, with them.
    const whole =
      found.kind === 'run' ? await stores.soloRuns.soloRun(Number(found.id.slice('run-'.length))) : undefined;
    io.out(jsonOf(whole && found.kind === 'run' ? { ...found, run: whole } : found, true));
    return EXIT.ok;
  }
  // Releasing is approving, as before reviews had more names (docs/accounts.md).
  const decided = await stores.reviews.decide(id, verb === 'reject' ? 'rejected' : 'approved');
  if (!decided) return notFound(id, io);
  io.out(options.json ? jsonOf(decided) : line(decided));
  return EXIT.ok;
}

function notFound(id: string, io: Io): number {
  io.err(`ubongo: no result ${id} (ids are as 'ubongo admin review' lists them: run-N or claim-N)\n`);
  return EXIT.none;
}

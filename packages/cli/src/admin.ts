import type { Accounts, PlayerBoards, Reports, Reviews, SoloRuns, TableSize } from '@ubongo/server';
import { ARENA_HELP, arenaCommand } from './admin-arena.js';
import { adminBoards, BOARDS_HELP } from './admin-boards.js';
import { adminReports } from './admin-reports.js';
import { adminRole } from './admin-role.js';
import { adminSize } from './admin-size.js';
import { parseArgs } from 'node:util';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';
import { openDatabase } from './database.js';
import { REVIEW_HELP, reviewCommand } from './review.js';

/** Help for `ubongo admin`. */
export const ADMIN_HELP = `Usage: ubongo admin flagged|size|reports [--data-dir DIR | --database-url URL] [--json]
       ubongo admin review [--all | show ID | approve ID | reject ID] [--data-dir DIR | --database-url URL] [--json]
       ubongo admin role USERNAME reviewer|operator|none [--data-dir DIR | --database-url URL] [--json]
       ubongo admin arena list | add ... | cancel ID [--data-dir DIR | --database-url URL] [--json]
       ubongo admin boards [hide ID | show ID] [--data-dir DIR | --database-url URL] [--json]

What an operator reviews, in the server's database (read; review's approve and reject, role, and
boards' hide and show, write):
PostgreSQL if DATABASE_URL names one (as for the server), else SQLite in the data folder (stop the
server first, or read a copy).

  flagged              the accounts marked for review: a solve faster than a person can (docs/accounts.md)
${REVIEW_HELP}  size                 the database's tables by size: rows and bytes (docs/operations.md)
  reports              the board entries players reported, earliest first (docs/accounts.md)
${BOARDS_HELP}${ARENA_HELP}  --data-dir DIR       where the SQLite database lives (default: $UBONGO_DATA_DIR, else ./data)
  --database-url URL   a postgres:// URL: the PostgreSQL database to read (default: $DATABASE_URL)
  --json               one JSON object per line instead of a table
  -h, --help           this help
`;

/** `ubongo admin ...`. */
export async function adminCommand(args: string[], io: Io): Promise<number> {
  if (args[0] === 'arena' && !args.includes('--help') && !args.includes('-h')) return arenaCommand(args.slice(1), io);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(ADMIN_HELP);
    return EXIT.ok;
  }
  const [what, ...extra] = positionals;
  const simple = ['flagged', 'size', 'reports'];
  const withArgs = ['review', 'role', 'boards'];
  if (!(what !== undefined && simple.includes(what) && extra.length === 0) && !withArgs.includes(what ?? ''))
    throw new UsageError(
      `admin takes 'flagged', 'review', 'role', 'size', 'reports', 'boards' or 'arena'; run 'ubongo admin --help'`,
    );
  if (values.all && (what !== 'review' || extra.length > 0))
    throw new UsageError(`--all is for 'ubongo admin review' alone`);
  if (values['data-dir'] !== undefined && values['database-url'] !== undefined)
    throw new UsageError('admin reads one database: --data-dir or --database-url, not both');
  // Read only, but for review's decisions (release, reject).
  const stores: {
    readonly accounts: Pick<Accounts, 'flaggedAccounts' | 'accountByUsername'>;
    readonly reviews: Pick<Reviews, 'reviews' | 'decide' | 'setRole'>;
    readonly soloRuns: Pick<SoloRuns, 'soloRun'>;
    readonly reports: Pick<Reports, 'reports'>;
    readonly boards: Pick<PlayerBoards, 'boardList' | 'hideBoard'>;
    sizes(): Promise<TableSize[]>;
    close(): Promise<void>;
  } = await openDatabase(values, io);
  try {
    if (what === 'review')
      return await reviewCommand(stores, extra, { json: values.json ?? false, all: values.all ?? false }, io);
    if (what === 'role') return await adminRole(stores, extra, io, values.json);
    if (what === 'size') return await adminSize(stores, io, values.json);
    if (what === 'reports') return await adminReports(stores.reports, io, values.json);
    if (what === 'boards') return await adminBoards(stores.boards, extra, io, values.json);
    const flagged = await stores.accounts.flaggedAccounts();
    for (const { account, reason, at } of flagged) {
      const who = account.username === null ? `${account.name} (guest)` : `${account.name} @${account.username}`;
      io.out(
        values.json
          ? `${JSON.stringify({ id: account.id, name: account.name, username: account.username, reason, at: new Date(at).toISOString() })}\n`
          : `${new Date(at).toISOString()}  ${account.id}  ${who}: ${reason}\n`,
      );
    }
    if (!values.json) io.out(`${flagged.length} account${flagged.length === 1 ? '' : 's'} flagged\n`);
    return flagged.length > 0 ? EXIT.ok : EXIT.none;
  } finally {
    await stores.close();
  }
}

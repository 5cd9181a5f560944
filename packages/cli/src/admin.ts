import { parseArgs } from 'node:util';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo admin`. */
export const ADMIN_HELP = `Usage: ubongo admin flagged [--data-dir DIR] [--json]

What an operator reviews, read from the server's database (stop the server first, or read a copy).

  flagged           the accounts marked for review: a solve faster than a person can (docs/accounts.md)
  --data-dir DIR    where the SQLite database lives (default: $UBONGO_DATA_DIR, else ./data)
  --json            one JSON object per line instead of a table
  -h, --help        this help
`;

/** `ubongo admin ...`. */
export async function adminCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(ADMIN_HELP);
    return EXIT.ok;
  }
  const [what, ...extra] = positionals;
  if (what !== 'flagged' || extra.length > 0) throw new UsageError(`admin takes 'flagged'; run 'ubongo admin --help'`);
  const dataDir = values['data-dir'] ?? process.env['UBONGO_DATA_DIR'] ?? './data';
  const { SqliteStorage } = await import('@ubongo/server');
  const storage = await SqliteStorage.open(dataDir);
  try {
    const flagged = await storage.flaggedAccounts();
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
    await storage.close();
  }
}

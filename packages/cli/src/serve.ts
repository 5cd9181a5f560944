import { parseArgs } from 'node:util';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo serve`. */
export const SERVE_HELP = `Usage: ubongo serve [--port N] [--host ADDRESS] [--data-dir DIR]

Runs the game server, as \`npm start\` does: the web client, the HTTP API and the game socket on one port.
Stops cleanly on SIGTERM or Ctrl-C, saving the games in progress.

  --port N          the port (default: $PORT, else 2567; 0 for any free port)
  --host ADDRESS    the address to listen on (default: all)
  --data-dir DIR    where the SQLite database lives (default: $UBONGO_DATA_DIR, else ./data)
  -h, --help        this help
`;

/** `ubongo serve ...`: resolves when the server has stopped. */
export async function serveCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SERVE_HELP);
    return EXIT.ok;
  }
  const portText = values.port ?? process.env['PORT'] ?? '2567';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, got ${portText}`);
  const dataDir = values['data-dir'] ?? process.env['UBONGO_DATA_DIR'] ?? './data';
  // Loaded here, so that the other commands do not pay for the server's start-up.
  const { startServer } = await import('@ubongo/server');
  const server = await startServer({ port, dataDir, ...(values.host === undefined ? {} : { host: values.host }) });
  io.out(`ubongo: listening on http://localhost:${server.port} (data in ${dataDir})\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      io.out('ubongo: stopping\n');
      void server.close().then(resolve);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return EXIT.ok;
}

import type { Io } from './io.js';
import { EXIT, processIo, UsageError } from './io.js';

/** Help for `ubongo` itself. */
export const MAIN_HELP = `Usage: ubongo COMMAND [options]

Ubongo, the real-time polyomino puzzle race: the puzzle engine on the command line.

Commands:
  solve FILE    solve a puzzle file: draw a solution, count them, or print JSON
  polyforms     enumerate polyominoes or polyhexes of a size
  deck          the classic and Extreme decks: export, verify, show, render, generate
  simulate      play a whole game between bots and tell it round by round
  serve         run the game server (as npm start does)
  admin         what an operator reviews: accounts flagged for implausible solves, held results
  help [CMD]    this help, or a command's

Run 'ubongo COMMAND --help' for a command's options.
`;

type Command = (args: string[], io: Io) => number | Promise<number>;
type LoadCommand = () => Promise<Command>;

// A command's module is loaded only when it runs: a small `solve` takes milliseconds, and loading
// every command up front would parse the decks (for `deck` and `simulate`) on each run. A Map, so
// that `ubongo toString` is an unknown command rather than a lookup on Object.prototype.
const COMMANDS: ReadonlyMap<string, LoadCommand> = new Map<string, LoadCommand>([
  ['solve', async () => (await import('./solve.js')).solveCommand],
  ['polyforms', async () => (await import('./polyforms.js')).polyformsCommand],
  ['deck', async () => (await import('./deck.js')).deckCommand],
  ['simulate', async () => (await import('./simulate.js')).simulateCommand],
  ['serve', async () => (await import('./serve.js')).serveCommand],
  ['admin', async () => (await import('./admin.js')).adminCommand],
]);

/** Runs the command line `args` (without `node` and the script) and returns the exit code. */
export async function main(args: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === undefined || command === '--help' || command === '-h') {
      io.out(MAIN_HELP);
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    if (command === 'help') {
      const topic = rest[0];
      if (topic === undefined) {
        io.out(MAIN_HELP);
        return EXIT.ok;
      }
      const load = COMMANDS.get(topic);
      if (!load) throw new UsageError(`unknown command ${topic}`);
      const help = await load();
      return await help(['--help'], io);
    }
    const load = COMMANDS.get(command);
    if (!load) throw new UsageError(`unknown command ${command}; run 'ubongo --help'`);
    const run = await load();
    return await run(rest, io);
  } catch (e) {
    // parseArgs reports unknown or malformed options as errors with an ERR_PARSE_ARGS code.
    const code = (e as { code?: unknown }).code;
    if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`ubongo: ${(e as Error).message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

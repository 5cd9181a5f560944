import type { Io } from './io.js';
import { EXIT, processIo, UsageError } from './io.js';
import { deckCommand } from './deck.js';
import { polyformsCommand } from './polyforms.js';
import { serveCommand } from './serve.js';
import { simulateCommand } from './simulate.js';
import { solveCommand } from './solve.js';

/** Help for `ubongo` itself. */
export const MAIN_HELP = `Usage: ubongo COMMAND [options]

Ubongo, the real-time polyomino puzzle race: the puzzle engine on the command line.

Commands:
  solve FILE    solve a puzzle file: draw a solution, count them, or print JSON
  polyforms     enumerate polyominoes or polyhexes of a size
  deck          the classic and Extreme decks: export, verify, show, render, generate
  simulate      play a whole game between bots and tell it round by round
  serve         run the game server (as npm start does)
  help [CMD]    this help, or a command's

Run 'ubongo COMMAND --help' for a command's options.
`;

const COMMANDS: Record<string, (args: string[], io: Io) => number | Promise<number>> = {
  solve: solveCommand,
  polyforms: polyformsCommand,
  deck: deckCommand,
  simulate: simulateCommand,
  serve: serveCommand,
};

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
      if (topic === undefined) io.out(MAIN_HELP);
      else if (COMMANDS[topic]) return await Promise.resolve(COMMANDS[topic](['--help'], io));
      else throw new UsageError(`unknown command ${topic}`);
      return EXIT.ok;
    }
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown command ${command}; run 'ubongo --help'`);
    return await Promise.resolve(run(rest, io));
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

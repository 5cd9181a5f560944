import { readFileSync } from 'node:fs';

/** What a command needs from the outside world, so that tests can run it in-process. */
export interface Io {
  /** Writes to standard output. */
  readonly out: (text: string) => void;
  /** Writes to standard error. */
  readonly err: (text: string) => void;
  /** Reads a file as UTF-8 (`-` is standard input). */
  readonly readFile: (path: string) => string;
}

/** The process's own streams and file system. */
export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path === '-' ? 0 : path, 'utf8'),
};

/** Exit codes: 0 done, 1 no solution, 2 bad input or usage. */
export const EXIT = { ok: 0, none: 1, usage: 2 } as const;

/** A mistake in how the command was called or what it was given; reported without a stack. */
export class UsageError extends Error {}

import type { DestinationStream, Level, Logger } from 'pino';
import { pino } from 'pino';
import { prettyLine } from './pretty.js';

/** How log lines are written: one JSON object a line, or a line a person reads in a terminal. */
export type LogFormat = 'json' | 'pretty';

/** The levels a log may be set to (`UBONGO_LOG_LEVEL`), `silent` writing nothing. */
export const LOG_LEVELS: readonly (Level | 'silent')[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Where a logger writes: a stream, or a function given each line's message (tests capture them so). */
export type LogSink = DestinationStream | ((message: string) => void);

/** What makes a logger: its format, its level, where it writes (default stderr). */
export interface LogOptions {
  readonly format?: LogFormat;
  readonly level?: Level | 'silent';
  readonly to?: LogSink;
}

/** A text sink as a pino destination: each JSON line's message handed on as it is. */
function messagesTo(write: (message: string) => void): DestinationStream {
  return {
    write: (line: string) => {
      const { msg, err } = JSON.parse(line) as { msg?: unknown; err?: { stack?: unknown } };
      const text = typeof msg === 'string' ? msg : line.trim();
      // An error logged with the line (a request's) is said after it, as the text log always did.
      write(typeof err?.stack === 'string' ? `${text}: ${err.stack}` : text);
    },
  };
}

/**
 * The process's logger: JSON lines on stderr with the time and the level (pino), or, in a
 * terminal, the same lines made readable (pretty.ts). Fastify's requests and the rooms log
 * through children of it, carrying the request's id or the room's code.
 */
export function makeLogger(options: LogOptions = {}): Logger {
  const { format = 'json', level = 'info', to } = options;
  const settings = { level, base: null, timestamp: pino.stdTimeFunctions.isoTime };
  if (typeof to === 'function') return pino(settings, messagesTo(to));
  const out = to ?? pino.destination({ fd: 2, sync: true });
  if (format === 'json') return pino(settings, out);
  return pino(settings, {
    write: (line: string) => {
      out.write(prettyLine(line));
    },
  });
}

/** `UBONGO_LOG` and `UBONGO_LOG_LEVEL`: what they say, or why they are refused. */
export function logOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  terminal: boolean,
): { format: LogFormat; level: Level | 'silent' } | string {
  const format = env['UBONGO_LOG'] || (terminal ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty') return `UBONGO_LOG must be json or pretty, got ${format}`;
  const level = env['UBONGO_LOG_LEVEL'] || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    return `UBONGO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${level}`;
  return { format, level: level as Level | 'silent' };
}

/** A message's subject, said first by convention (`room ABCD: ...`), as the field it goes in. */
const SUBJECT = /^(room|table|arena|game|season) ([^\s:]+)/;

/** The fields a line of the rooms' and services' log carries: its room, table, arena... if it names one. */
export function fieldsOf(message: string): Record<string, string> {
  const m = SUBJECT.exec(message);
  return m?.[1] && m[2] ? { [m[1]]: m[2] } : {};
}

/**
 * The words by which a line of the services' log says something went wrong (they all say it so:
 * `could not write the journal`, `the sweep failed`); the others say how things go (`season 2026-10
 * began`, `connected again`).
 */
const TROUBLE =
  /\b(fail(ed|s)?|could not|cannot|not (stored|saved|told|made|read again)|refused|error|lost|lose|retrying|no room)\b/i;

/** A line's level: warn when it says something went wrong, info otherwise. */
export function levelOf(message: string): 'info' | 'warn' {
  return TROUBLE.test(message) ? 'warn' : 'info';
}

/** The rooms' and services' log (`log`): each line at its level (`levelOf`), carrying the subject it names. */
export function linesTo(logger: Logger): (message: string) => void {
  return (message) => {
    logger[levelOf(message)](fieldsOf(message), message);
  };
}

/** Colyseus's logger (its own complaints, a failed reconnection say): warn and error as warnings, through `limited`; debug and trace left out. */
export function colyseusLogger(
  logger: Logger,
  limited: (write: (message: string) => void) => (message: string) => void,
): Record<string, (...args: unknown[]) => void> {
  const text = (args: unknown[]): string =>
    args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
  const colyseus = logger.child({ component: 'colyseus' });
  const warn = limited((message) => {
    colyseus.warn(message);
  });
  return {
    debug: () => undefined,
    trace: () => undefined,
    info: (...args) => {
      colyseus.info(text(args));
    },
    warn: (...args) => {
      warn(text(args));
    },
    error: (...args) => {
      warn(text(args));
    },
  };
}

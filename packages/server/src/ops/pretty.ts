/** pino's level numbers by name, for a person. */
const LEVELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields said in the line's head, not after the message. */
const HEAD = new Set(['level', 'time', 'msg']);

/** An error's stack, as pino's serializer keeps it, or the value in one line. */
function shown(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'stack' in value && typeof value.stack === 'string')
    return `\n    ${value.stack.replaceAll('\n', '\n    ')}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One of pino's JSON lines as a person reads it in a terminal (`UBONGO_LOG=pretty`):
 * `2026-11-29 06:10:01.123 WARN  could not write the journal  room=ABCD`. The JSON lines are what a
 * log collector reads; this is for `npm start` in a terminal, with nothing to install.
 */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof entry['time'] === 'string' ? entry['time'].replace('T', ' ').replace(/Z$/, '') : '';
  const level = LEVELS[Number(entry['level'])] ?? String(entry['level']);
  const rest = Object.entries(entry)
    .filter(([key]) => !HEAD.has(key))
    .map(([key, value]) => `${key}=${shown(value)}`);
  return `${[time, level, shown(entry['msg'] ?? ''), ...rest].join(' ')}\n`;
}

import { describe, expect, it } from 'vitest';
import { fieldsOf, levelOf, linesTo, logOptionsFromEnv, makeLogger } from './log.js';
import { prettyLine } from './pretty.js';

/** A JSON logger writing into an array, its lines parsed. */
function captured() {
  const lines: Record<string, unknown>[] = [];
  const logger = makeLogger({
    level: 'info',
    to: {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { logger, lines };
}

describe('the log', () => {
  it('writes JSON lines with a time, a level and the room a line names', () => {
    const { logger, lines } = captured();
    const log = linesTo(logger);
    log('room ABCD: could not write the journal: Error: no game ABCD-1 under way');
    log('season 2026-10 began');
    logger.debug('not at info');
    expect(lines).toEqual([
      {
        level: 40,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        room: 'ABCD',
        msg: 'room ABCD: could not write the journal: Error: no game ABCD-1 under way',
      },
      { level: 30, time: expect.any(String) as unknown, season: '2026-10', msg: 'season 2026-10 began' },
    ]);
  });

  it('says trouble as a warning and the rest as information', () => {
    expect(levelOf('trails: the sweep failed: disk full')).toBe('warn');
    expect(levelOf('room X: accounts not read again: timeout')).toBe('warn');
    expect(levelOf('Redis at redis://x: connected again')).toBe('info');
    expect(fieldsOf('table QWER: its game cannot be shown again')).toEqual({ table: 'QWER' });
    expect(fieldsOf('listening on http://localhost:1')).toEqual({});
  });

  it('hands a text sink each line’s message (tests capture them)', () => {
    const said: string[] = [];
    makeLogger({ to: (m) => said.push(m) }).warn({ room: 'R' }, 'room R: hello');
    makeLogger({ to: (m) => said.push(m) }).error({ err: new Error('boom') }, 'http GET /x failed');
    expect(said).toEqual([
      'room R: hello',
      expect.stringMatching(/^http GET \/x failed: Error: boom\n {4}at /) as unknown,
    ]);
  });

  it('reads its form and level from the environment, refusing what it does not know', () => {
    expect(logOptionsFromEnv({}, true)).toEqual({ format: 'pretty', level: 'info' });
    expect(logOptionsFromEnv({}, false)).toEqual({ format: 'json', level: 'info' });
    expect(logOptionsFromEnv({ UBONGO_LOG: 'json', UBONGO_LOG_LEVEL: 'debug' }, true)).toEqual({
      format: 'json',
      level: 'debug',
    });
    expect(logOptionsFromEnv({ UBONGO_LOG: 'loud' }, true)).toBe('UBONGO_LOG must be json or pretty, got loud');
    expect(logOptionsFromEnv({ UBONGO_LOG_LEVEL: 'chatty' }, true)).toMatch(/^UBONGO_LOG_LEVEL must be one of/);
  });

  it('reads in a terminal: time, level, message, then the other fields', () => {
    expect(prettyLine('{"level":40,"time":"2026-11-29T06:10:01.123Z","room":"ABCD","msg":"room ABCD: late"}')).toBe(
      '2026-11-29 06:10:01.123 WARN  room ABCD: late room=ABCD\n',
    );
    const withError = prettyLine(
      JSON.stringify({ level: 50, time: 't', reqId: 'req-1', msg: 'failed', err: { stack: 'Error: x\n  at y' } }),
    );
    expect(withError).toBe('t ERROR failed reqId=req-1 err=\n    Error: x\n      at y\n');
    expect(prettyLine('not json\n')).toBe('not json\n');
  });
});

// @vitest-environment jsdom
import type { Room } from 'colyseus.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem } from './api.js';
import i18next from 'i18next';
import { setUpI18n, switchLanguage } from './i18n.js';
import { atServer, errorText, sendReport } from './net.js';
import { CannotReach, CONNECT_MS, isUnreachable, reached, useCannotConnect, watchedJoin } from './connection.js';
import { act, renderHook } from '@testing-library/react';
import { canComeBack, forgetRoom, rememberRoom } from './reconnect.js';

/** A joined room as far as remembering it goes: its code and this connection's reconnection token. */
const room = (roomId: string, reconnectionToken: string): Room => ({ roomId, reconnectionToken }) as unknown as Room;
const saved = (): unknown => JSON.parse(sessionStorage.getItem('ubongo.reconnect') ?? 'null');

describe('what a tab remembers to come back to a table', () => {
  beforeEach(() => {
    forgetRoom();
  });

  it('keeps a seat’s token, and its key once a game is under way', () => {
    rememberRoom(room('ABC123', 'ABC123:t1'));
    expect(saved()).toEqual({ code: 'ABC123', token: 'ABC123:t1' });
    rememberRoom(room('ABC123', 'ABC123:t1'), { you: 0, seatKey: 'k1' });
    expect(saved()).toEqual({ code: 'ABC123', token: 'ABC123:t1', seatKey: 'k1' });
    // Back on a new connection before any lobby: its token, the seat's key kept.
    rememberRoom(room('ABC123', 'ABC123:t2'));
    expect(saved()).toEqual({ code: 'ABC123', token: 'ABC123:t2', seatKey: 'k1' });
    expect(canComeBack('ABC123')).toBe(true);
    expect(canComeBack('XYZ789')).toBe(false);
  });

  it('keeps no token for someone watching, only that they watch, until they sit down', () => {
    rememberRoom(room('ABC123', 'ABC123:t1'));
    rememberRoom(room('ABC123', 'ABC123:t1'), { you: -1, seatKey: null });
    expect(saved()).toEqual({ code: 'ABC123', watching: true });
    expect(canComeBack('ABC123')).toBe(true);
    // Watching again on a new connection: still no token.
    rememberRoom(room('ABC123', 'ABC123:t2'));
    expect(saved()).toEqual({ code: 'ABC123', watching: true });
    // Seated after the game: this connection's token, to come back to the seat.
    rememberRoom(room('ABC123', 'ABC123:t2'), { you: 1, seatKey: null });
    expect(saved()).toEqual({ code: 'ABC123', token: 'ABC123:t2' });
  });

  it('keeps that someone came only to watch (the live page), through every lobby', () => {
    rememberRoom(room('ABC123', 'ABC123:t1'), undefined, true);
    rememberRoom(room('ABC123', 'ABC123:t1'), { you: -1, seatKey: null });
    expect(saved()).toEqual({ code: 'ABC123', watching: true, spectate: true });
    rememberRoom(room('ABC123', 'ABC123:t2'));
    expect(saved()).toEqual({ code: 'ABC123', watching: true, spectate: true });
  });

  it('forgets another table’s key', () => {
    rememberRoom(room('ABC123', 'ABC123:t1'), { you: 0, seatKey: 'k1' });
    rememberRoom(room('XYZ789', 'XYZ789:t9'));
    expect(saved()).toEqual({ code: 'XYZ789', token: 'XYZ789:t9' });
    forgetRoom();
    expect(canComeBack('XYZ789')).toBe(false);
  });
});

describe('an error in words for people', () => {
  it('says in the reader’s language what the server said by a code, and the rest in its own words', async () => {
    await setUpI18n();
    await switchLanguage('es');
    const t = i18next.t.bind(i18next);
    const taken = new ApiProblem(409, 'the username ana is taken', 'account/username-taken', { name: 'ana' });
    expect(errorText(taken, t)).toBe('El nombre de usuario ana ya está ocupado.');
    // As colyseus.js throws them: the matchmaker's HTTP status, or Colyseus's own code.
    const serverError = (code: number, message: string): Error =>
      Object.assign(new Error(message), { name: 'ServerError', code });
    const notFound = serverError(404, 'room "ZZZZZZ" not found');
    expect(errorText(notFound, t)).toBe('No hay ninguna mesa con este código. Compruébalo o vuelve a pedir el enlace.');
    const locked = serverError(4212, 'room "ZZZZZZ" is locked');
    expect(errorText(locked, t)).toBe('En esta mesa ya no cabe nadie más.');
    // A seat's key or reconnection token of another account: the code the words end with.
    const notYours = serverError(403, 'that seat belongs to another account (account/seat-not-yours)');
    expect(errorText(notYours, t)).toBe(
      'Ese asiento es de otra cuenta: entra con la cuenta de su jugador para recuperarlo.',
    );
    // No code, or one with no words kept for it: the server's own words.
    expect(errorText(new ApiProblem(500, 'internal error'), t)).toBe('internal error');
    expect(errorText(new Error('this table has 12 spectators already'), t)).toBe(
      'this table has 12 spectators already',
    );
    await switchLanguage('en');
  });
});

describe('a report, as the server answers it', () => {
  const asked: { path: string; authorization: string | null; body: unknown }[] = [];
  let answer: Response | Error = new Response();
  beforeEach(() => {
    asked.length = 0;
    localStorage.setItem('ubongo.session', 'session-of-rita-0123456789');
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
      const authorization = new Headers(init?.headers).get('authorization');
      asked.push({ path, authorization, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (path === '/api/me')
        return Promise.resolve(Response.json({ account: { id: 'a1', name: 'Rita', username: 'rita_r' } }));
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [201, {}, { outcome: 'sent' }],
    [409, {}, { outcome: 'already' }],
    [401, {}, { outcome: 'sign-in' }],
    [403, {}, { outcome: 'sign-in' }],
    [404, {}, { outcome: 'missing' }],
    [429, { 'retry-after': '37' }, { outcome: 'too-many', seconds: 37 }],
    [429, {}, { outcome: 'too-many', seconds: null }],
    [400, {}, { outcome: 'failed', message: 'reason is text of 1 to 300 characters' }],
  ] as const)('%i %j is %j', async (status, headers, outcome) => {
    answer = Response.json(status === 400 ? { error: 'reason is text of 1 to 300 characters' } : {}, {
      status,
      headers,
    });
    expect(await sendReport({ kind: 'run', target: '7', reason: 'too-fast' })).toEqual(outcome);
    expect(asked.at(-1)).toEqual({
      path: '/api/reports',
      authorization: 'Bearer session-of-rita-0123456789',
      body: { kind: 'run', target: '7', reason: 'too-fast' },
    });
  });

  it('says a request that never reached the server as a failure, in its words', async () => {
    answer = new Error('Failed to fetch');
    expect(await sendReport({ kind: 'player', target: 'a2', reason: 'other' })).toEqual({
      outcome: 'failed',
      message: 'Failed to fetch',
    });
  });
});

describe('the server out of reach', () => {
  afterEach(() => {
    vi.useRealTimers();
    reached();
  });

  it('opens a game socket at the page’s own server, keeping the path that picks a process', () => {
    const socket = new URL('ws://localhost:8080/p2/proc1/ROOM?sessionId=s1');
    expect(atServer(socket, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/p2/proc1/ROOM?sessionId=s1');
    expect(atServer(new URL('wss://play.example.org/p1/a/b'), 'https://203.0.113.9')).toBe('wss://203.0.113.9/p1/a/b');
    // The matchmaker's own address is the server's already.
    expect(atServer(new URL('http://127.0.0.1:2567/matchmake/create/solo'), 'http://127.0.0.1:2567')).toBe(
      'http://127.0.0.1:2567/matchmake/create/solo',
    );
  });

  it('tells no answer at all from a refusal, and says it as a sentence', async () => {
    const serverError = (code: number): Error => Object.assign(new Error(''), { name: 'ServerError', code });
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new ProgressEvent('error'))).toBe(true);
    expect(isUnreachable(serverError(1006))).toBe(true);
    expect(isUnreachable(serverError(4212))).toBe(false);
    expect(isUnreachable(new ApiProblem(429, 'too many'))).toBe(false);
    await setUpI18n();
    const t = i18next.t.bind(i18next);
    expect(errorText(new CannotReach(new ProgressEvent('error')), t)).toBe("the game server can't be reached");
  });

  it('says it cannot connect once a join goes unanswered for a few seconds, and takes it back when one is answered', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCannotConnect());
    let answer: (value: string) => void = () => undefined;
    const join = watchedJoin(new Promise<string>((resolve) => (answer = resolve)));
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_MS - 1));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(true);
    answer('room');
    await act(async () => {
      expect(await join).toBe('room');
    });
    expect(result.current).toBe(false);
    // A join with no answer at all fails as CannotReach, and says so at once.
    await act(async () => {
      await expect(watchedJoin(Promise.reject(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(CannotReach);
    });
    expect(result.current).toBe(true);
  });
});

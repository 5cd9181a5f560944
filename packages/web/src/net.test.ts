// @vitest-environment jsdom
import type { Room } from 'colyseus.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { canComeBack, forgetRoom, rememberRoom } from './net.js';

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

  it('forgets another table’s key', () => {
    rememberRoom(room('ABC123', 'ABC123:t1'), { you: 0, seatKey: 'k1' });
    rememberRoom(room('XYZ789', 'XYZ789:t9'));
    expect(saved()).toEqual({ code: 'XYZ789', token: 'XYZ789:t9' });
    forgetRoom();
    expect(canComeBack('XYZ789')).toBe(false);
  });
});

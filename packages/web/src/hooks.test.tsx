// @vitest-environment jsdom
import type { Room } from 'colyseus.js';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRoomMessages, watchRoom } from './hooks.js';
import type { GameRoom } from './net.js';

/** A joined room as far as its messages go: what it hears is handed to its `*` listener. */
function fakeRoom(): { room: Room; hear: (type: string, body: unknown) => void } {
  let all: ((type: string, body: unknown) => void) | undefined;
  const room = {
    onMessage: (type: string, listener: (type: string, body: unknown) => void) => {
      if (type === '*') all = listener;
      return () => undefined;
    },
  } as unknown as Room;
  return { room, hear: (type, body) => all?.(type, body) };
}

afterEach(cleanup);

describe('a room’s messages to a screen that starts listening late', () => {
  it('gives the rated queue’s table, told before the screen listened (a queue that pairs at once)', () => {
    const { room, hear } = fakeRoom();
    // Joined: caught from here, before the screen renders with the room.
    watchRoom(room);
    hear('queue', { waiting: 2 });
    hear('matched', { code: 'ABC123', rated: true });
    const matched = vi.fn();
    const queue = vi.fn();
    renderHook(() => {
      useRoomMessages(room as GameRoom<'rated'>, { matched, queue });
    });
    expect(queue).toHaveBeenCalledWith({ waiting: 2 });
    expect(matched).toHaveBeenCalledWith({ code: 'ABC123', rated: true });
    // And what comes after, as it comes.
    hear('matched', { code: 'XYZ789', rated: false });
    expect(matched).toHaveBeenLastCalledWith({ code: 'XYZ789', rated: false });
  });

  it('gives a table’s last round’s boards and its stored game, told as it was joined', () => {
    const { room, hear } = fakeRoom();
    watchRoom(room);
    hear('lobby', { started: true });
    hear('reveal', { round: 2 });
    hear('saved', { game: 'g1', rated: true, ratings: [] });
    const order: string[] = [];
    renderHook(() => {
      useRoomMessages(room as GameRoom<'race'>, {
        lobby: () => order.push('lobby'),
        reveal: () => order.push('reveal'),
        saved: () => order.push('saved'),
      });
    });
    // In the order they came, so that a lobby that starts a new game clears what came before it.
    expect(order).toEqual(['lobby', 'reveal', 'saved']);
  });

  it('gives a solo run’s ghost and a refused start, answered before the screen listened, once', () => {
    const { room, hear } = fakeRoom();
    watchRoom(room);
    hear('ghost', { player: 'rey' });
    hear('rejected', { to: 'start', code: 'message/ghost-none', message: 'none' });
    const ghost = vi.fn();
    const rejected = vi.fn();
    renderHook(() => {
      useRoomMessages(room as GameRoom<'solo'>, { ghost, rejected } as never);
    });
    expect(ghost).toHaveBeenCalledWith({ player: 'rey' });
    expect(rejected).toHaveBeenCalledExactlyOnceWith({ to: 'start', code: 'message/ghost-none', message: 'none' });
    // A second screen listening later is not told the refusal again (it was answered).
    const later = vi.fn();
    renderHook(() => {
      useRoomMessages(room as GameRoom<'solo'>, { rejected: later });
    });
    expect(later).not.toHaveBeenCalled();
    expect(rejected).toHaveBeenCalledTimes(1);
  });

  it('replays no passing event (a reaction said before the screen listened is gone)', () => {
    const { room, hear } = fakeRoom();
    watchRoom(room);
    hear('reaction', { seat: 0, reaction: 'gg' });
    const reaction = vi.fn();
    renderHook(() => {
      useRoomMessages(room as GameRoom<'race'>, { reaction });
    });
    expect(reaction).not.toHaveBeenCalled();
    hear('reaction', { seat: 1, reaction: 'wow' });
    expect(reaction).toHaveBeenCalledWith({ seat: 1, reaction: 'wow' });
  });
});

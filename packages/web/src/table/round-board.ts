import type { ProposedPlacement } from '@ubongo/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameRoom } from '../net.js';
import { send } from '../net.js';
import type { LaidBoard } from '../play/props.js';

/*
 * A round's board kept through a reload: the pieces the player had down are laid again, if the
 * page comes back to the same round of the same game with the same task. Kept in this tab's
 * sessionStorage, one board at a time. And what the others see of it: the count of pieces down
 * and where they lie, reported to the server (`progress`) when it changes, at most every
 * `REPORT_EVERY_MS` (the last always goes): the server shows the board to those who may see it.
 */

/** Real ms between two reports of my board: watchers see it at most this much behind. */
const REPORT_EVERY_MS = 250;

const KEY = 'ubongo.roundBoard';

/**
 * The board kept for `which` (game, round and task), if it is the one kept and not whole: a board
 * with all `of` pieces down would claim itself the moment it is laid again, so it is not laid again
 * (a solve the server heard of is shown solved by the view; one it did not is played again).
 */
function keptFor(which: string, of: number): LaidBoard | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { which?: unknown; laid?: unknown } | null;
    if (kept?.which !== which || typeof kept.laid !== 'object' || kept.laid === null) return null;
    const laid = kept.laid as LaidBoard;
    return Array.isArray(laid.pieces) && laid.pieces.length < of ? laid : null;
  } catch {
    return null;
  }
}

function forget(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

function keep(which: string, laid: LaidBoard): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ which, laid }));
  } catch {
    // Not kept (storage full or refused): a reload then brings an empty board, as before.
  }
}

/**
 * The board of a round of mine: what to lay again (`initial`, read once per task) and what to do
 * with each arrangement (`onPlacements`): keep it, and tell the room which of the task's `pieces`
 * are down and where while `reporting` (my round in play, not solved, the sand not out). While the
 * round is not `live` (between rounds, or a round the server will deal again after a restart, which
 * deals the same boards: docs/operations.md) the kept board is forgotten, so that a round played
 * again starts from an empty board, as everyone's does.
 */
export function useRoundBoard(
  room: GameRoom<'race'>,
  which: string,
  pieces: readonly string[],
  reporting: boolean,
  live: boolean,
): { initial: LaidBoard | null; onPlacements: (laid: LaidBoard) => void } {
  const of = pieces.length;
  // Read once for each task: a board laid again is not laid again at every render.
  const [initial, setInitial] = useState(() => ({ which, laid: live ? keptFor(which, of) : null }));
  if (initial.which !== which) setInitial({ which, laid: live ? keptFor(which, of) : null });
  else if (!live && initial.laid !== null) setInitial({ which, laid: null });
  useEffect(() => {
    if (!live) forget();
  }, [live]);
  const now = useRef({ reporting, pieces });
  now.current = { reporting, pieces };
  const report = useReports(room, which);
  const onPlacements = useCallback(
    (laid: LaidBoard) => {
      keep(which, laid);
      if (now.current.reporting) report(boardOf(laid, now.current.pieces));
    },
    [which, report],
  );
  return { initial: initial.which === which ? initial.laid : null, onPlacements };
}

/**
 * Each piece of the task on a board as it lies, with the board cells it covers (playing with the
 * whole set, pieces not the task's may lie there too: they are not the task's pieces down).
 */
function boardOf(laid: LaidBoard, task: readonly string[]): ProposedPlacement[] {
  const left = [...task];
  return laid.pieces.flatMap((p) => {
    const i = left.indexOf(p.piece);
    if (i < 0) return [];
    left.splice(i, 1);
    return [{ piece: p.piece, cells: p.cells.map(([x, y]) => [x + p.at[0], y + p.at[1]] as const) }];
  });
}

/**
 * Reports my board of `which` to the room (`progress`): a board like the last told is not sent
 * again; one that comes sooner than `REPORT_EVERY_MS` after the last waits until then (only the
 * latest is sent).
 */
function useReports(room: GameRoom<'race'>, which: string): (placements: readonly ProposedPlacement[]) => void {
  const told = useRef<{ which: string; board: string; at: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [which],
  );
  return useCallback(
    (placements: readonly ProposedPlacement[]) => {
      clearTimeout(timer.current);
      const board = JSON.stringify(placements);
      const last = told.current?.which === which ? told.current : null;
      if (last?.board === board) return;
      const tell = (): void => {
        if (!room.connection.isOpen) return;
        told.current = { which, board, at: performance.now() };
        send(room, 'progress', { down: placements.length, placements });
      };
      const wait = last ? last.at + REPORT_EVERY_MS - performance.now() : 0;
      if (wait <= 0) tell();
      else timer.current = setTimeout(tell, wait);
    },
    [room, which],
  );
}

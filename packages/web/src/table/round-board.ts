import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameRoom } from '../net.js';
import { send } from '../net.js';
import type { LaidBoard } from '../play/props.js';

/*
 * A round's board kept through a reload: the pieces the player had down are laid again, if the
 * page comes back to the same round of the same game with the same task. Kept in this tab's
 * sessionStorage, one board at a time. And what the others see of it: the count of pieces down,
 * reported to the server (`progress`) each time it changes.
 */

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
 * with each arrangement (`onPlacements`): keep it, and tell the room how many pieces are down
 * (at most `of`) while `reporting` (my round in play, not solved, the sand not out). While the
 * round is not `live` (between rounds, or a round the server will deal again after a restart, which
 * deals the same boards: docs/operations.md) the kept board is forgotten, so that a round played
 * again starts from an empty board, as everyone's does.
 */
export function useRoundBoard(
  room: GameRoom<'race'>,
  which: string,
  of: number,
  reporting: boolean,
  live: boolean,
): { initial: LaidBoard | null; onPlacements: (laid: LaidBoard) => void } {
  // Read once for each task: a board laid again is not laid again at every render.
  const [initial, setInitial] = useState(() => ({ which, laid: live ? keptFor(which, of) : null }));
  if (initial.which !== which) setInitial({ which, laid: live ? keptFor(which, of) : null });
  else if (!live && initial.laid !== null) setInitial({ which, laid: null });
  useEffect(() => {
    if (!live) forget();
  }, [live]);
  const told = useRef<{ which: string; down: number } | null>(null);
  const now = useRef({ reporting, of });
  now.current = { reporting, of };
  const onPlacements = useCallback(
    (laid: LaidBoard) => {
      keep(which, laid);
      const down = Math.min(laid.pieces.length, now.current.of);
      if (!now.current.reporting || !room.connection.isOpen) return;
      if (told.current?.which === which && told.current.down === down) return;
      told.current = { which, down };
      send(room, 'progress', { down });
    },
    [room, which],
  );
  return { initial: initial.which === which ? initial.laid : null, onPlacements };
}

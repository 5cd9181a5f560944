import { useCallback, useRef, useState } from 'react';
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

/** The board kept for `which` (game, round and task), if it is the one kept. */
function keptFor(which: string): LaidBoard | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { which?: unknown; laid?: unknown } | null;
    return kept?.which === which && typeof kept.laid === 'object' ? (kept.laid as LaidBoard) : null;
  } catch {
    return null;
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
 * (at most `of`) while `reporting` (my round in play, not solved, the sand not out).
 */
export function useRoundBoard(
  room: GameRoom<'race'>,
  which: string,
  of: number,
  reporting: boolean,
): { initial: LaidBoard | null; onPlacements: (laid: LaidBoard) => void } {
  // Read once for each task: a board laid again is not laid again at every render.
  const [initial, setInitial] = useState(() => ({ which, laid: keptFor(which) }));
  if (initial.which !== which) setInitial({ which, laid: keptFor(which) });
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

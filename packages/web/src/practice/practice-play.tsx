import type { Rejected } from '@ubongo/core';
import type { ReactNode, RefObject } from 'react';
import { useCallback, useMemo } from 'react';
import type { GameRoom } from '../net.js';
import { send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { PracticeControls } from './practice-board.js';

/**
 * What a board played in the practice room sends (Practice.tsx, the misses' review): a covered
 * board as a claim, kept in `pendingClaim` until answered (a board covered while the connection is
 * down is answered once it is back), and the controls under the board (a hint, the solution, the
 * sound), off once the board is solved or shown whole, or while the room is away.
 */
export function usePracticePlay(
  room: GameRoom<'practice'> | null,
  pendingClaim: RefObject<Placements | null>,
  setRejected: (rejected: Rejected | null) => void,
  hints: { readonly shown: number; readonly of: number } | null,
  disabled: boolean,
): { claim: (placements: Placements) => void; controls: ReactNode } {
  const claim = useCallback(
    (placements: Placements) => {
      setRejected(null);
      pendingClaim.current = placements;
      if (room?.connection.isOpen) send(room, 'claim', { placements });
    },
    [room, setRejected, pendingClaim],
  );
  const controls = useMemo(
    () => (
      <PracticeControls
        hints={hints}
        disabled={disabled}
        onHint={() => {
          if (room) send(room, 'hint');
        }}
        onSolution={() => {
          if (room) send(room, 'solution');
        }}
      />
    ),
    [room, hints, disabled],
  );
  return { claim, controls };
}

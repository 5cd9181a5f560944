import type { DeckEdition, Placement, PracticeMessage, PracticeTaskRef, Rejected } from '@ubongo/core';
import type { RefObject } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useRoomMessages } from '../hooks.js';
import type { GameRoom } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { solvedCue } from '../ui/cues.js';

const sameTask = (a: PracticeTaskRef, b: PracticeTaskRef): boolean =>
  a.edition === b.edition && a.board === b.board && a.side === b.side && a.key === b.key;

/** The task in practice as the server deals it, and what it said of it: hints, the solution, the verdict, the level. */
export interface PracticeTask {
  readonly task: PracticeMessage | null;
  readonly shown: readonly Placement[] | undefined;
  readonly hints: { shown: number; of: number } | null;
  readonly solved: boolean;
  /** The player's level this session in each edition, as the server says it ("At my level"). */
  readonly levels: Partial<Record<DeckEdition, number>>;
  readonly rejected: Rejected | null;
  readonly setRejected: (rejected: Rejected | null) => void;
}

/**
 * The room's messages about the task, as state; `taskRef` follows the task in hand and
 * `pendingClaim` is let go of once the server answered it.
 */
export function usePracticeTask(
  room: GameRoom<'practice'> | null,
  taskRef: RefObject<PracticeTaskRef | null>,
  pendingClaim: RefObject<Placements | null>,
): PracticeTask {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [task, setTask] = useState<PracticeMessage | null>(null);
  const [shown, setShown] = useState<readonly Placement[] | undefined>(undefined);
  const [hints, setHints] = useState<{ shown: number; of: number } | null>(null);
  const [solved, setSolved] = useState(false);
  const [levels, setLevels] = useState<Partial<Record<DeckEdition, number>>>({});
  const [rejected, setRejected] = useState<Rejected | null>(null);
  taskRef.current = task;

  useRoomMessages(room, {
    practice: (next) => {
      // The same task again is the room made again after a drop: the board, its hints and its
      // verdict stay as they are.
      const before = taskRef.current;
      taskRef.current = next;
      if (before && sameTask(before, next)) {
        setTask(next);
        return;
      }
      pendingClaim.current = null;
      setTask(next);
      setShown(undefined);
      setHints(null);
      setSolved(false);
      setRejected(null);
    },
    level: ({ edition, level }) => {
      setLevels((known) => ({ ...known, [edition]: level }));
    },
    hint: (hint) => {
      setShown(hint.placements);
      setHints({ shown: hint.placements.length, of: hint.of });
    },
    solution: ({ placements }) => {
      setShown(placements);
      setHints(null);
    },
    checked: () => {
      pendingClaim.current = null;
      setSolved(true);
      announce(t('practice.solved'));
      solvedCue();
    },
    rejected: (r) => {
      if (r.to === 'claim') pendingClaim.current = null;
      setRejected(r);
    },
  });

  return { task, shown, hints, solved, levels, rejected, setRejected };
}

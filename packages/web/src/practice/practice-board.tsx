import type { Placement, Puzzle as PuzzleTask, Rejected } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import type { Placements } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound } from '../sound.js';
import { boardMove } from '../ui/cues.js';
import { PlayBar, SoundControl } from '../ui/PlayBar.js';
import { RejectedNote } from '../ui/RejectedNote.js';

/*
 * What practice shows under its chooser, online (Practice.tsx, the server's checks) and offline
 * (OfflinePractice.tsx, this device's): the board, what is said of it, and the controls under it.
 */

/** Practice's controls under the board: the hints given so far, a hint, the solution, the sound. */
export function PracticeControls({
  hints,
  disabled,
  onHint,
  onSolution,
}: {
  /** The hints given, of how many the solution has (none shown while null). */
  hints: { readonly shown: number; readonly of: number } | null;
  disabled: boolean;
  onHint: () => void;
  onSolution: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {hints && <span className="hint-count">{t('practice.hints', { count: hints.shown, of: hints.of })}</span>}
      <button type="button" disabled={disabled} onClick={onHint}>
        {t('practice.hint')}
      </button>
      <button type="button" disabled={disabled} onClick={onSolution}>
        {t('practice.solution')}
      </button>
      <SoundControl />
    </>
  );
}

/** Practice's board: solved or refused as it was said, the board (a new one per task), the controls. */
export function PracticeBoard({
  id,
  board,
  task,
  shown,
  solved,
  rejected,
  onCloseRejected,
  onComplete,
  controls,
}: {
  /** The task's own name: a new task is a new, empty board. */
  id: string;
  /** The board's number, for its label. */
  board: string;
  task: PuzzleTask;
  /** The placements a hint or the solution shows. */
  shown: readonly Placement[] | null;
  solved: boolean;
  rejected: Rejected | null;
  onCloseRejected: () => void;
  onComplete: (placements: Placements) => void;
  controls: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {solved && (
        <p className="solved-banner" role="status">
          {t('practice.solved')}
        </p>
      )}
      <RejectedNote rejected={rejected} onClose={onCloseRejected} />
      <Puzzle
        key={id}
        task={task}
        {...(shown ? { shown } : {})}
        disabled={solved}
        onMove={boardMove}
        onLift={liftSound}
        onComplete={onComplete}
        label={t('game.boardLabel', { board })}
      />
      <PlayBar>{controls}</PlayBar>
    </>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a button of the board does. */
export type Tool = 'rotate' | 'flip' | 'back' | 'clear' | 'undo';

/**
 * The board's buttons: Turn, Flip, Back to tray on the piece touched last (`movable`: there is
 * one that may move), Clear the board, Undo; then `extra`, what the screen puts beside them.
 */
export function Controls({
  movable,
  canClear,
  canUndo,
  onTool,
  extra,
}: {
  movable: boolean;
  canClear: boolean;
  canUndo: boolean;
  onTool: (tool: Tool) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="puzzle-tools">
      <button
        type="button"
        disabled={!movable}
        onClick={() => {
          onTool('rotate');
        }}
      >
        <span className="tool-icon" aria-hidden="true">
          ⟳
        </span>{' '}
        {t('puzzle.rotate')}
      </button>
      <button
        type="button"
        disabled={!movable}
        onClick={() => {
          onTool('flip');
        }}
      >
        <span className="tool-icon" aria-hidden="true">
          ⇋
        </span>{' '}
        {t('puzzle.flip')}
      </button>
      <button
        type="button"
        disabled={!movable}
        onClick={() => {
          onTool('back');
        }}
      >
        <span className="tool-icon" aria-hidden="true">
          ↩
        </span>{' '}
        {t('puzzle.toTray')}
      </button>
      <button
        type="button"
        disabled={!canClear}
        onClick={() => {
          onTool('clear');
        }}
      >
        {t('puzzle.clear')}
      </button>
      <button
        type="button"
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => {
          onTool('undo');
        }}
      >
        <span className="tool-icon" aria-hidden="true">
          ↶
        </span>{' '}
        {t('puzzle.undo')}
      </button>
      {extra}
    </div>
  );
}

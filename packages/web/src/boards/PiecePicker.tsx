import type { Cell, GridName } from '@ubongo/core';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { cellPolygon, extentOf } from '../play/geometry.js';
import { pieceColour } from '../play/draw.js';
import { pieceTile } from '../play/outline.js';
import { PiecePattern } from '../seeing/patterns.js';
import type { EditorAction, EditorState } from './editor.js';
import { EDITOR_PIECES, pieceSet } from './editor.js';

/** A piece drawn small, in its colour. */
function PieceIcon({ grid, id, cells, index }: { grid: GridName; id: string; cells: readonly Cell[]; index: number }) {
  const box = extentOf(grid, cells);
  return (
    <svg className="piece-icon" viewBox={`${box.x - 2} ${box.y - 2} ${box.w + 4} ${box.h + 4}`} aria-hidden="true">
      {cells.map((c) => (
        <polygon key={`${c[0]},${c[1]}`} points={cellPolygon(grid, c)} style={{ fill: pieceColour(id, index) }} />
      ))}
      <PiecePattern d={pieceTile(grid, cells).face} i={index} />
    </svg>
  );
}

/** The pieces chosen (each with a button to take it out) and the deck's set to add from. */
export function PiecePicker({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const { t } = useTranslation();
  const set = pieceSet(state.grid);
  const full = state.pieces.length >= EDITOR_PIECES;
  return (
    <div className="piece-picker">
      <h2>{t('boards.chosen', { count: state.pieces.length })}</h2>
      <ul className="chosen-pieces" data-testid="chosen-pieces">
        {state.pieces.map((id, i) => {
          const cells = set.find((p) => p.id === id)?.cells ?? [];
          return (
            <li key={`${id}-${i}`} className={state.refusal?.piece === i ? 'refused' : ''}>
              <button
                type="button"
                aria-label={t('boards.removePiece', { piece: id })}
                onClick={() => {
                  dispatch({ type: 'remove', index: i });
                }}
              >
                <PieceIcon grid={state.grid} id={id} cells={cells} index={i} />
                <span>{id} ×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <details className="piece-set" open={state.grid === 'square'}>
        <summary>{t('boards.addPiece')}</summary>
        <ul>
          {set.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                disabled={full}
                aria-label={t('boards.addThis', { piece: p.id })}
                onClick={() => {
                  dispatch({ type: 'add', piece: p.id });
                }}
              >
                <PieceIcon grid={state.grid} id={p.id} cells={p.cells} index={i} />
                <span>{p.id}</span>
              </button>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

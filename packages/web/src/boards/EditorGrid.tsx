import type { Cell } from '@ubongo/core';
import type { Dispatch } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cellAt, cellPolygon, centre, extentOf } from '../play/geometry.js';
import type { EditorAction, EditorState } from './editor.js';
import { editorCells, EDITOR_SIZE } from './editor.js';

/*
 * The drawing area: a tap or a drag paints cells white (or, starting on a white cell, back to
 * grey), with pointer capture so a finger's drag is one stroke; the keys move a cursor (arrows)
 * and turn its cell (Space or Enter). The cell the server refused is marked.
 */

const same = (a: Cell | undefined, b: Cell): boolean => a !== undefined && a[0] === b[0] && a[1] === b[1];

export function EditorGrid({ state, dispatch }: { state: EditorState; dispatch: Dispatch<EditorAction> }) {
  const { t } = useTranslation();
  const { grid } = state;
  const svg = useRef<SVGSVGElement>(null);
  const stroke = useRef<boolean | null>(null);
  const [cursor, setCursor] = useState<[number, number]>([0, 0]);
  const cells = editorCells(grid);
  const white = new Set(state.cells);
  const box = extentOf(grid, cells);
  const pad = 4;

  const cellUnder = (e: { clientX: number; clientY: number }): Cell | undefined => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return undefined;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const c = cellAt(grid, p.x, p.y);
    return cells.find((k) => same(k, c));
  };
  const paint = (c: Cell | undefined): void => {
    if (c && stroke.current !== null) dispatch({ type: 'paint', cell: c, white: stroke.current });
  };
  // The cursor is an index into the area's rows and columns, whichever the grid.
  const cursorCell = cells[cursor[1] * EDITOR_SIZE + cursor[0]] ?? [0, 0];
  const onKey = (e: React.KeyboardEvent): void => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      const clamp = (n: number): number => Math.max(0, Math.min(EDITOR_SIZE - 1, n));
      setCursor([clamp(cursor[0] + move[0]), clamp(cursor[1] + move[1])]);
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      dispatch({ type: 'paint', cell: cursorCell, white: !white.has(`${cursorCell[0]},${cursorCell[1]}`) });
    }
  };

  return (
    <svg
      ref={svg}
      className="editor-grid"
      data-testid="editor-grid"
      viewBox={`${box.x - pad} ${box.y - pad} ${box.w + 2 * pad} ${box.h + 2 * pad}`}
      role="application"
      tabIndex={0}
      aria-label={t('boards.gridLabel', { count: state.cells.length })}
      aria-describedby="editor-grid-help"
      onKeyDown={onKey}
      onPointerDown={(e) => {
        const c = cellUnder(e);
        if (!c) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        stroke.current = !white.has(`${c[0]},${c[1]}`);
        paint(c);
      }}
      onPointerMove={(e) => {
        paint(cellUnder(e));
      }}
      onPointerUp={() => {
        stroke.current = null;
      }}
      onPointerCancel={() => {
        stroke.current = null;
      }}
    >
      <desc id="editor-grid-help">{t('boards.gridHelp')}</desc>
      {cells.map((c) => {
        const k = `${c[0]},${c[1]}`;
        const classes = [
          'editor-cell',
          white.has(k) ? 'white' : '',
          same(state.refusal?.cell, c) ? 'refused' : '',
          same(cursorCell, c) ? 'cursor' : '',
        ];
        return <polygon key={k} data-cell={k} className={classes.join(' ').trim()} points={cellPolygon(grid, c)} />;
      })}
      {state.refusal?.cell && (
        <circle
          className="refused-mark"
          cx={centre(grid, state.refusal.cell)[0]}
          cy={centre(grid, state.refusal.cell)[1]}
          r={6}
        />
      )}
    </svg>
  );
}

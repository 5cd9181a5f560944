import type { GridName } from '@ubongo/core';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  MouseEvent as ReactMouseEvent,
  PointerEvent as ReactPointerEvent,
} from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pivotIndex } from './board.js';
import { pieceColour, pieceLetter } from './draw.js';
import { PiecePattern } from '../seeing/patterns.js';
import type { PieceState } from './geometry.js';
import { cellPolygon, centre, coveredCells } from './geometry.js';
import { pieceTile } from './outline.js';

/** What the pieces are told: their look and the hands that move them. */
export interface PiecesProps {
  readonly grid: GridName;
  readonly pieces: readonly PieceState[];
  /** Where each piece is drawn (its translation, picture units). */
  readonly at: readonly (readonly [number, number])[];
  /** The share of the board's scale each piece is drawn at (the tray's, or 1). */
  readonly sizes: readonly number[];
  /** An id of this board's own, for the pieces' ids and the sheen. */
  readonly uid: string;
  readonly selected: number | null;
  /** The piece in hand (dragged, or picked up). */
  readonly active: number | null;
  readonly held: number | null;
  /** The piece with a keyboard focus ring, as a class: a piece drawn on top is a copy, which :focus-visible does not reach. */
  readonly ring: number | null;
  /** The piece last picked up: drawn on top of the others. */
  readonly top: number | null;
  /** A folded tray: its pieces go with it. */
  readonly compact: boolean;
  readonly disabled: boolean;
  readonly conflicts: ReadonlySet<string>;
  readonly onPointerDown: (e: ReactPointerEvent, i: number) => void;
  readonly onContextMenu: (e: ReactMouseEvent, i: number) => void;
  readonly onKeyDown: (e: ReactKeyboardEvent, i: number) => void;
  readonly onFocus: (e: { currentTarget: Element }, i: number) => void;
  readonly onBlur: () => void;
}

/** The pieces on the board and in the tray, each one bevelled tile with its cells and letter. */
export function Pieces(props: PiecesProps) {
  const { grid, pieces, uid, selected, active, held, ring, top, compact, disabled, conflicts } = props;
  const { t } = useTranslation();
  // Each piece as one bevelled tile: a few paths, no filters.
  const tiles = useMemo(() => pieces.map((p) => pieceTile(grid, p.cells)), [grid, pieces]);
  const describe = (p: PieceState, i: number): string => {
    const name = t('puzzle.piece', { letter: pieceLetter(i), cells: p.cells.length });
    const lifted = held === i ? `, ${t('puzzle.held')}` : '';
    if (!p.at) return `${name}, ${t('puzzle.inTray')}${lifted}`;
    const where = t('puzzle.onBoard', { x: p.at[0] + 1, y: p.at[1] + 1 });
    const bad = coveredCells(p).some((c) => conflicts.has(`${c[0]},${c[1]}`));
    return `${name}, ${where}${lifted}${bad ? `, ${t('puzzle.conflict')}` : ''}`;
  };
  return (
    <>
      {pieces.map((p, i) => {
        const at = p.at;
        if (compact && !at) return null;
        const middle = p.cells[pivotIndex(p.cells)] ?? [0, 0];
        const [mx, my] = centre(grid, middle);
        const [tx, ty] = props.at[i] ?? [0, 0];
        const f = props.sizes[i] ?? 1;
        return (
          <g
            key={i}
            id={`p-${uid}-${i}`}
            className={`piece${selected === i ? ' selected' : ''}${active === i ? ' lifted' : ''}${p.pinned ? ' pinned' : ''}${ring === i ? ' ring' : ''}`}
            transform={`translate(${tx.toFixed(1)},${ty.toFixed(1)})${f === 1 ? '' : ` scale(${f.toFixed(3)})`}`}
            data-size={f === 1 ? undefined : f.toFixed(3)}
            tabIndex={disabled || p.pinned ? -1 : 0}
            role="button"
            aria-label={describe(p, i)}
            aria-roledescription={t('puzzle.pieceRole')}
            data-index={i}
            data-piece={p.id}
            data-cells={JSON.stringify(p.cells)}
            data-at={at ? `${at[0]},${at[1]}` : ''}
            onPointerDown={(e) => {
              props.onPointerDown(e, i);
            }}
            onContextMenu={(e) => {
              props.onContextMenu(e, i);
            }}
            onKeyDown={(e) => {
              props.onKeyDown(e, i);
            }}
            onFocus={(e) => {
              props.onFocus(e, i);
            }}
            onBlur={props.onBlur}
            style={{ ['--piece' as string]: pieceColour(p.id, i) }}
          >
            {/* The tile's thickness, its face, then its cells (what a pointer takes hold of). */}
            <path className="piece-side" d={tiles[i]?.face} />
            <path className="piece-face" d={tiles[i]?.face} />
            {p.cells.map((c, k) => {
              const bad = at !== null && conflicts.has(`${c[0] + at[0]},${c[1] + at[1]}`);
              return (
                <polygon
                  key={k}
                  points={cellPolygon(grid, c)}
                  className={bad ? 'piece-cell bad' : 'piece-cell'}
                  data-cell={`${c[0]},${c[1]}`}
                />
              );
            })}
            <PiecePattern d={tiles[i]?.face} i={i} />
            <path className="piece-sheen" d={tiles[i]?.face} fill={`url(#sheen-${uid})`} />
            <path className="piece-light" d={tiles[i]?.light} />
            <path className="piece-dark" d={tiles[i]?.dark} />
            <path className="piece-edge" d={tiles[i]?.face} />
            <text x={mx} y={my} className="piece-letter" aria-hidden="true">
              {pieceLetter(i)}
            </text>
          </g>
        );
      })}
      {/* The piece last placed, on top; what is seen on top is what a pointer picks up there. */}
      {top !== null && top !== active && (
        <use
          href={`#p-${uid}-${top}`}
          className="on-top"
          data-index={top}
          aria-hidden="true"
          onPointerDown={(e) => {
            props.onPointerDown(e, top);
          }}
          onContextMenu={(e) => {
            props.onContextMenu(e, top);
          }}
        />
      )}
    </>
  );
}

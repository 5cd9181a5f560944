import type { RaceView } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { send } from '../net.js';
import { PIECE_COLOURS } from '../play/draw.js';
import { JEWEL_FILL, JEWEL_SHAPES } from '../ui/gems.js';
import type { Table } from './table.js';

/** The jewel board's holes, in the units of its pictures, and how many a row has (as printed). */
export const JEWEL_CELL = 26;
export const ROW_HOLES = 12;

/** A player's pawn: a number in a colour, the same beside the name in the standings. */
export function Pawn({ index, name }: { index: number; name: string }) {
  return (
    <span className="pawn" title={name} style={{ background: PIECE_COLOURS[index % PIECE_COLOURS.length] }}>
      {index + 1}
    </span>
  );
}

/** The jewel edition's game board: six rows of jewels (front first) and the pawns; after I solve, the rows I may go to. */
export function JewelBoard({ table, view }: { table: Table; view: RaceView }) {
  const { t } = useTranslation();
  // Where the pawn may go now, as the server says: only after solving and before moving; or
  // before the first round, where it may start.
  const reach = view.reach;
  const place = view.place;
  const rows = reach?.rows ?? place?.rows ?? [];
  const cell = JEWEL_CELL;
  return (
    <section className="card jewel-board">
      <h2>{t('game.jewelBoard')}</h2>
      {reach && <p role="status">{t('game.chooseRow', { count: reach.upTo })}</p>}
      <ol className="jewel-rows">
        {view.rows.map((row, r) => {
          const pawns = view.players.filter((p) => p.pawn === r);
          const reachable = rows.includes(r);
          const content = (
            <>
              <span className="row-number">{r + 1}</span>
              <span className="pawns">
                {pawns.map((p) => {
                  const i = view.players.indexOf(p);
                  return <Pawn key={p.id} index={i} name={table.nameOf(p.id)} />;
                })}
              </span>
              <svg
                className="jewel-row"
                viewBox={`0 0 ${ROW_HOLES * cell} ${cell}`}
                role="img"
                aria-label={t('game.rowJewels', {
                  row: r + 1,
                  jewels: row.map((c) => t(`jewels.${c}`)).join(', ') || t('game.empty'),
                })}
              >
                {row.map((colour, k) => (
                  <g key={k} transform={`translate(${k * cell + cell / 2},${cell / 2})`} opacity={k < 2 ? 1 : 0.55}>
                    <path d={JEWEL_SHAPES[colour]} fill={JEWEL_FILL[colour]} stroke="#0008" />
                  </g>
                ))}
              </svg>
            </>
          );
          return (
            <li key={r} className={reachable ? 'reachable' : ''}>
              {reachable ? (
                <button
                  type="button"
                  className="row-button"
                  onClick={() => {
                    send(table.room, place ? 'place' : 'move', { row: r });
                  }}
                  aria-label={t(place ? 'game.placeOn' : 'game.moveTo', { row: r + 1 })}
                >
                  {content}
                </button>
              ) : (
                <div className="row-button static">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import type { ReactNode } from 'react';

/*
 * Small drawings (issue 46): the home tiles' art and the empty states'. Inline SVG in the house's
 * colours (the pieces' and the header's blue), nothing fetched, so the offline worker keeps them
 * with the script. Always decorative: the words beside a drawing say what it means.
 */

/** The drawings there are. */
export const ART = [
  'board',
  'hourglass',
  'race',
  'medal',
  'table',
  'hint',
  'map',
  'calendar',
  'storm',
  'pencil',
  'people',
  'trophy',
  'screen',
] as const;
/** One of `ART`. */
export type ArtName = (typeof ART)[number];

const INK = '#1d3557';
const PAPER = '#fffaf0';
const EDGE = '#c9b48a';
const RED = '#e76f51';
const TEAL = '#2a9d8f';
const GOLD = '#e9c46a';
const PURPLE = '#6d6ab8';
const GREEN = '#8ab17d';

/** Cells of 8 units at (column, row) pairs, as a piece: one path, its corners a little round. */
function Cells({
  at,
  colour,
  x = 0,
  y = 0,
}: {
  at: readonly (readonly [number, number])[];
  colour: string;
  x?: number;
  y?: number;
}) {
  return (
    <g fill={colour} stroke="#00000033" strokeWidth="0.8">
      {at.map(([c, r]) => (
        <rect key={`${c},${r}`} x={x + c * 8 + 0.5} y={y + r * 8 + 0.5} width="7" height="7" rx="1.2" />
      ))}
    </g>
  );
}

/** A board of the game: cream cells on cardboard, some covered by pieces. */
function Board({ x, y, cols, rows }: { x: number; y: number; cols: number; rows: number }) {
  return (
    <>
      <rect
        x={x - 2}
        y={y - 2}
        width={cols * 8 + 4}
        height={rows * 8 + 4}
        rx="3"
        fill={PAPER}
        stroke={EDGE}
        strokeWidth="1.2"
      />
      {Array.from({ length: cols * rows }, (_, i) => (
        <rect
          key={i}
          x={x + (i % cols) * 8 + 0.5}
          y={y + Math.floor(i / cols) * 8 + 0.5}
          width="7"
          height="7"
          rx="1"
          fill="#fff"
          stroke="#e3dccb"
          strokeWidth="0.6"
        />
      ))}
    </>
  );
}

const Hourglass = ({ x, y }: { x: number; y: number }) => (
  <g transform={`translate(${x} ${y})`}>
    <rect x="0" y="0" width="20" height="3" rx="1.5" fill={INK} />
    <rect x="0" y="29" width="20" height="3" rx="1.5" fill={INK} />
    <path
      d="M3 3h14c0 7-5 9-5.5 13 .5 4 5.5 6 5.5 13H3c0-7 5-9 5.5-13C8 12 3 10 3 3z"
      fill="#fff"
      stroke={INK}
      strokeWidth="1.4"
    />
    <path d="M6 8h8c-1 3-3 4-4 6-1-2-3-3-4-6zM5.5 27.5c1-4 3.5-5 4.5-7.5 1 2.5 3.5 3.5 4.5 7.5z" fill={GOLD} />
  </g>
);

const Medal = ({ x, y, colour = GOLD }: { x: number; y: number; colour?: string }) => (
  <g transform={`translate(${x} ${y})`}>
    <path d="M4 0h6l4 12H8zM20 0h-6l-4 12h6z" fill={RED} />
    <path d="M10 0h4l-2 6z" fill="#bc4a2e" />
    <circle cx="12" cy="21" r="9" fill={colour} stroke="#8a5a00" strokeWidth="1.4" />
    <circle cx="12" cy="21" r="5.5" fill="none" stroke="#fff" strokeOpacity="0.7" strokeWidth="1.2" />
  </g>
);

const Person = ({ x, y, colour }: { x: number; y: number; colour: string }) => (
  <g transform={`translate(${x} ${y})`} fill={colour}>
    <circle cx="8" cy="6" r="5.5" />
    <path d="M0 24c0-7 3.5-10 8-10s8 3 8 10z" />
  </g>
);

const Trophy = ({ x, y }: { x: number; y: number }) => (
  <g transform={`translate(${x} ${y})`}>
    <path
      d="M5 4H1c0 6 3 9 6 9M23 4h4c0 6-3 9-6 9"
      fill="none"
      stroke="#b8860b"
      strokeWidth="2"
      strokeLinecap="round"
    />
    <path d="M5 1h18v6c0 7-4 11-9 11S5 14 5 7z" fill={GOLD} stroke="#8a5a00" strokeWidth="1.2" />
    <rect x="12" y="18" width="4" height="6" fill="#c4960f" />
    <rect x="7" y="24" width="14" height="5" rx="1.2" fill={INK} />
    <path d="M10 5v5" stroke="#fff" strokeOpacity="0.7" strokeWidth="1.6" strokeLinecap="round" />
  </g>
);

const Bolt = ({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) => (
  <path
    transform={`translate(${x} ${y}) scale(${scale})`}
    d="M13 0L2 18h8l-3 14L19 12h-8l4-12z"
    fill={GOLD}
    stroke="#8a5a00"
    strokeWidth="1.2"
    strokeLinejoin="round"
  />
);

/** Each drawing, in a 64 by 40 box. */
const DRAWINGS: Record<ArtName, () => ReactNode> = {
  board: () => (
    <>
      <Board x={12} y={6} cols={5} rows={3} />
      <Cells
        x={12}
        y={6}
        at={[
          [0, 0],
          [0, 1],
          [0, 2],
          [1, 2],
        ]}
        colour={RED}
      />
      <Cells
        x={12}
        y={6}
        at={[
          [1, 0],
          [2, 0],
          [1, 1],
        ]}
        colour={TEAL}
      />
      <Cells
        x={44}
        y={14}
        at={[
          [0, 0],
          [1, 0],
          [1, 1],
        ]}
        colour={GOLD}
      />
    </>
  ),
  hourglass: () => (
    <>
      <Hourglass x={22} y={4} />
      <path d="M10 12h6M8 20h8M10 28h6" stroke={EDGE} strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  race: () => (
    <>
      <Board x={4} y={10} cols={3} rows={3} />
      <Cells
        x={4}
        y={10}
        at={[
          [0, 0],
          [1, 0],
          [0, 1],
          [0, 2],
        ]}
        colour={RED}
      />
      <Board x={36} y={10} cols={3} rows={3} />
      <Cells
        x={36}
        y={10}
        at={[
          [2, 0],
          [2, 1],
          [1, 1],
        ]}
        colour={TEAL}
      />
      <Bolt x={26} y={6} scale={0.6} />
    </>
  ),
  medal: () => (
    <>
      <Medal x={8} y={8} colour="#c0c6cf" />
      <Medal x={36} y={8} colour="#d9904a" />
      <Medal x={21} y={4} />
    </>
  ),
  table: () => (
    <>
      <ellipse cx="32" cy="27" rx="20" ry="7" fill={EDGE} />
      <ellipse cx="32" cy="25" rx="20" ry="7" fill={PAPER} stroke={EDGE} strokeWidth="1.2" />
      <Person x={4} y={10} colour={RED} />
      <Person x={44} y={10} colour={PURPLE} />
      <Cells
        x={24}
        y={20}
        at={[
          [0, 0],
          [1, 0],
        ]}
        colour={GOLD}
      />
      <Cells
        x={34}
        y={18}
        at={[
          [0, 0],
          [0, 1],
        ]}
        colour={TEAL}
      />
    </>
  ),
  hint: () => (
    <>
      <Board x={6} y={10} cols={4} rows={3} />
      <Cells
        x={6}
        y={10}
        at={[
          [0, 0],
          [1, 0],
          [2, 0],
          [0, 1],
        ]}
        colour={GREEN}
      />
      <g transform="translate(42 4)">
        <circle cx="8" cy="10" r="8" fill={GOLD} stroke="#8a5a00" strokeWidth="1.2" />
        <rect x="4.5" y="18" width="7" height="6" rx="1.5" fill={INK} />
        <path d="M8 5v6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </g>
    </>
  ),
  map: () => (
    <>
      <path
        d="M6 8l16-4 20 4 16-4v28l-16 4-20-4-16 4z"
        fill={PAPER}
        stroke={EDGE}
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <path d="M22 4v28M42 8v28" stroke={EDGE} strokeWidth="0.8" />
      <path
        d="M12 28c6-2 8-10 16-10s10 6 18-6"
        fill="none"
        stroke={RED}
        strokeWidth="1.6"
        strokeDasharray="2.5 2.5"
        strokeLinecap="round"
      />
      <circle cx="12" cy="28" r="2.5" fill={TEAL} />
      <path d="M46 12V3l7 3-7 3" fill={GOLD} stroke="#8a5a00" strokeWidth="1" strokeLinejoin="round" />
    </>
  ),
  calendar: () => (
    <g transform="translate(16 3)">
      <rect x="0" y="3" width="32" height="32" rx="4" fill="#fff" stroke={INK} strokeWidth="1.4" />
      <path d="M0 7a4 4 0 0 1 4-4h24a4 4 0 0 1 4 4v6H0z" fill={RED} />
      <rect x="7" y="0" width="3" height="7" rx="1.5" fill={INK} />
      <rect x="22" y="0" width="3" height="7" rx="1.5" fill={INK} />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect
          key={i}
          x={5 + (i % 3) * 8}
          y={17 + Math.floor(i / 3) * 8}
          width="6"
          height="6"
          rx="1"
          fill={i === 4 ? TEAL : '#ece6d8'}
        />
      ))}
    </g>
  ),
  storm: () => (
    <>
      <path
        d="M14 20a8 8 0 0 1 6-12 11 11 0 0 1 21 0 8 8 0 0 1 3 15H18a6 6 0 0 1-4-3z"
        fill="#d6dde8"
        stroke={INK}
        strokeWidth="1.2"
      />
      <Bolt x={22} y={10} scale={0.9} />
      <path d="M46 26l-3 6M52 24l-3 6" stroke={TEAL} strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  pencil: () => (
    <>
      <Board x={8} y={8} cols={4} rows={3} />
      <Cells
        x={8}
        y={8}
        at={[
          [0, 0],
          [1, 0],
          [1, 1],
          [2, 1],
        ]}
        colour="#f4a3c0"
      />
      <g transform="translate(38 4) rotate(35)">
        <rect x="0" y="0" width="7" height="24" rx="1" fill={GOLD} stroke="#8a5a00" strokeWidth="1" />
        <path d="M0 24h7l-3.5 7z" fill={PAPER} stroke="#8a5a00" strokeWidth="1" strokeLinejoin="round" />
        <rect x="0" y="-4" width="7" height="4" rx="1" fill={RED} />
      </g>
    </>
  ),
  people: () => (
    <>
      <Person x={10} y={12} colour={TEAL} />
      <Person x={38} y={12} colour={RED} />
      <Person x={24} y={6} colour={PURPLE} />
    </>
  ),
  trophy: () => (
    <>
      <Trophy x={18} y={5} />
      <path d="M8 10l2 2M56 10l-2 2M6 22h3M55 22h3" stroke={RED} strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  screen: () => (
    <>
      <rect x="10" y="4" width="44" height="28" rx="3" fill={INK} />
      <rect x="13" y="7" width="38" height="22" rx="1.5" fill={PAPER} />
      <Cells
        x={18}
        y={10}
        at={[
          [0, 0],
          [1, 0],
          [0, 1],
        ]}
        colour={RED}
      />
      <Cells
        x={34}
        y={12}
        at={[
          [0, 0],
          [0, 1],
          [1, 1],
        ]}
        colour={TEAL}
      />
      <circle cx="48" cy="10" r="1.6" fill={RED} />
      <path d="M24 32l-4 5M40 32l4 5" stroke={INK} strokeWidth="2" strokeLinecap="round" />
    </>
  ),
};

/** A drawing, hidden from screen readers, as big as its CSS makes it (64 by 40 units). */
export function Art({ name, className = '' }: { name: ArtName; className?: string }) {
  const Drawing = DRAWINGS[name];
  return (
    <svg className={`art ${className}`.trim()} data-art={name} viewBox="0 0 64 40" aria-hidden="true" focusable="false">
      <Drawing />
    </svg>
  );
}

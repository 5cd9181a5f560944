import { useSeeing } from './seeing.js';

/*
 * The patterns laid over pieces when the player asks for them (seeing.ts): six marks, one per
 * piece colour (a piece's pattern follows its place, as its colour and letter do), so that two
 * pieces of colours a colour-vision deficiency runs together (or Extreme's shades of one colour)
 * still look different. Each mark is drawn twice, light and wide under dark and thin, to show on
 * light and dark pieces alike. Defined once for the page (`PatternDefs`); every picture of a piece
 * fills a copy of the piece's face with one.
 */

/** The marks, in a tile of `TILE` picture units (a square cell is 40, a hexagon's radius 24). */
const TILE = 10;
const MARKS: readonly { readonly name: string; readonly d: string; readonly dots?: boolean }[] = [
  // Lines rising to the right.
  { name: 'rising', d: 'M-1 1 1 -1M0 10 10 0M9 11 11 9' },
  // Dots.
  { name: 'dots', d: 'M5 5h.01', dots: true },
  // Lines falling to the right.
  { name: 'falling', d: 'M-1 9 1 11M0 0 10 10M9 -1 11 1' },
  // A zigzag.
  { name: 'zigzag', d: 'M0 7 2.5 3 5 7 7.5 3 10 7' },
  // Crossed diagonals.
  { name: 'crossed', d: 'M0 0 10 10M10 0 0 10' },
  // Small rings.
  { name: 'rings', d: 'M7.2 5a2.2 2.2 0 1 1-4.4 0 2.2 2.2 0 1 1 4.4 0Z' },
];

/** Each mark's two strokes: light and wide under dark and thin (widths for a line, and for a dot). */
const LAYERS = [
  { stroke: '#fff', opacity: 0.75, line: 3, dot: 5 },
  { stroke: '#000', opacity: 0.7, line: 1.4, dot: 3 },
] as const;

/** How many patterns there are: a piece's is its place modulo this, as its colour is (draw.tsx). */
export const PATTERN_COUNT = MARKS.length;

/** The id of the pattern of the piece at place `i`. */
export const patternId = (i: number): string => `ubongo-pattern-${MARKS[i % MARKS.length]?.name ?? 'rising'}`;

/** The page's patterns, in a picture of no size (not `display: none`, where patterns would not paint). */
export function PatternDefs() {
  return (
    <svg className="pattern-defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {MARKS.map((m) => (
          <pattern
            key={m.name}
            id={`ubongo-pattern-${m.name}`}
            patternUnits="userSpaceOnUse"
            width={TILE}
            height={TILE}
          >
            {LAYERS.map((l) => (
              <path
                key={l.stroke}
                d={m.d}
                fill="none"
                stroke={l.stroke}
                strokeOpacity={l.opacity}
                strokeWidth={m.dots ? l.dot : l.line}
                strokeLinecap="round"
              />
            ))}
          </pattern>
        ))}
      </defs>
    </svg>
  );
}

/** The pattern over a piece's face `d` (its place `i`), when the player asked for patterns; else nothing. */
export function PiecePattern({ d, i }: { d: string | undefined; i: number }) {
  const { patterns } = useSeeing();
  if (!patterns || !d) return null;
  return <path className="piece-pattern" d={d} fill={`url(#${patternId(i)})`} data-pattern={patternId(i)} />;
}

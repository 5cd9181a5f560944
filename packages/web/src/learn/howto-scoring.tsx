import { FIXED_SCORING, GAME_ROUNDS } from '@ubongo/core';
import { Gem, JEWEL_FILL, JEWEL_SHAPES } from '../ui/gems.js';
import { Frame } from './howto-drawing.js';

/* The how-to page's pictures of scoring (HowToPictures.tsx shows them): the gems, the marker, fixed scoring, the jewels. */

/** The gems and what each is worth. */
export function Gems() {
  const worth = [
    ['ruby', 4],
    ['sapphire', 3],
    ['emerald', 2],
    ['amber', 1],
  ] as const;
  return (
    <ul className="howto-gems">
      {worth.map(([gem, points]) => (
        <li key={gem}>
          <Gem gem={gem} />
          <b>{points}</b>
        </li>
      ))}
    </ul>
  );
}

/**
 * The round marker in the third round: two rounds' gems gone, this round's sapphire (for the first
 * to solve) and amber (for the second) ringed, the rest waiting.
 */
export function Marker() {
  const now = 2;
  return (
    <div className="howto-marker">
      {(['sapphire', 'amber'] as const).map((gem, row) => (
        <div key={gem} className="howto-marker-row">
          <b>{row + 1}.</b>
          {/* A sapphire and an amber for each round of a whole game. */}
          {Array.from({ length: GAME_ROUNDS.default }, (_, k) => (
            <span key={k} className={k === now ? 'howto-slot now' : 'howto-slot'}>
              {k >= now && <Gem gem={gem} />}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Fixed scoring as a podium: each place and the gem it takes. */
export function Podium() {
  return (
    <ol className="howto-podium">
      {FIXED_SCORING.map((gem, i) => (
        <li key={gem}>
          <Gem gem={gem} />
          <span className="howto-step" style={{ height: `${(4 - i) * 0.8 + 1}rem` }}>
            {i + 1}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Six rows of jewels in a fixed order, the jewel board as it may be dealt (front first). */
const JEWEL_ROWS: readonly (readonly string[])[] = [
  ['red', 'blue', 'yellow', 'green', 'violet', 'brown'],
  ['green', 'brown', 'red', 'yellow', 'blue', 'violet'],
  ['violet', 'yellow', 'blue', 'brown', 'red', 'green'],
  ['blue', 'red', 'green', 'violet', 'brown', 'yellow'],
  ['yellow', 'violet', 'brown', 'red', 'green', 'blue'],
  ['brown', 'green', 'violet', 'blue', 'yellow', 'red'],
];

/** The jewel board: a pawn moves from its row two rows down and takes the two front jewels there. */
export function Jewels() {
  const cell = 34;
  const from = 1;
  const to = 3;
  const track = 20;
  const left = 44;
  const y = (r: number): number => r * cell + cell / 2;
  const width = left + 6 * cell;
  return (
    <Frame box={{ x: 0, y: 0, w: width, h: 6 * cell }}>
      {JEWEL_ROWS.map((row, r) => (
        <g key={r}>
          <circle className="howto-space" cx={track} cy={y(r)} r={11} />
          {row.map((colour, k) => (
            <g
              key={k}
              transform={`translate(${left + k * cell + cell / 2},${y(r)}) scale(1.5)`}
              opacity={k < 2 ? 1 : 0.55}
            >
              <path d={JEWEL_SHAPES[colour]} fill={JEWEL_FILL[colour]} stroke="#0008" />
            </g>
          ))}
        </g>
      ))}
      {/* The move: from the pawn's row to two rows down, and the two jewels taken there. */}
      <path
        className="howto-move"
        d={`M${track - 12} ${y(from) + 4}C${track - 30} ${y(from) + 16} ${track - 30} ${y(to) - 16} ${track - 12} ${y(to) - 4}`}
      />
      <circle className="howto-pawn-was" cx={track} cy={y(from)} r={8} />
      <circle className="howto-pawn" cx={track} cy={y(to)} r={8} />
      <rect
        className="howto-taken"
        x={left + 1}
        y={y(to) - cell / 2 + 1}
        width={2 * cell - 2}
        height={cell - 2}
        rx={7}
      />
    </Frame>
  );
}

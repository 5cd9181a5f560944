import type { DieFace } from './deck.js';

/*
 * The die's six symbols, drawn for this project (docs/rules.md §7). The printed die shows a
 * handprint, a shield with spears, a gazelle, a snake, a hut and a mask; these are our own
 * pictures of such things, kept as data so that the web client and the printed sheets draw the
 * same die. The faces keep their ids '1' to '6', which are the protocol's values: a symbol is
 * only how a face looks.
 *
 * Each symbol is a few filled SVG paths in a 16 × 16 box (viewBox "0 0 16 16"), absolute
 * commands only, each path filled on its own with the even-odd rule (so a path's inner rings,
 * such as the mask's eyes, are holes). They are drawn bold, to be told apart at 16 to 40 px.
 */

/** How one die face looks: its English name (for SVG titles) and its filled paths. */
export interface DieSymbol {
  readonly name: string;
  readonly paths: readonly string[];
}

/** The picture of each die face: filled paths in a 16 × 16 box, each path filled with the even-odd rule. */
export const DIE_SYMBOLS: Readonly<Record<DieFace, DieSymbol>> = {
  '1': {
    name: 'handprint',
    paths: [
      // the palm, four fingers fanning out, and the thumb
      'M4.2 7.6H11.8V12.2A2.6 2.6 0 0 1 9.2 14.8H6.8A2.6 2.6 0 0 1 4.2 12.2Z',
      'M5.93 8.42L5.02 4.12A0.85 0.85 0 0 0 3.35 4.47L4.27 8.78A0.85 0.85 0 0 0 5.93 8.42Z',
      'M8.05 8.16L7.77 2.76A0.85 0.85 0 0 0 6.07 2.85L6.35 8.24A0.85 0.85 0 0 0 8.05 8.16Z',
      'M10.15 8.27L10.58 3.29A0.85 0.85 0 0 0 8.89 3.14L8.45 8.13A0.85 0.85 0 0 0 10.15 8.27Z',
      'M11.88 8.99L12.8 5.31A0.8 0.8 0 0 0 11.24 4.92L10.32 8.61A0.8 0.8 0 0 0 11.88 8.99Z',
      'M5.76 11.03L2.76 7.03A0.95 0.95 0 0 0 1.24 8.17L4.24 12.17A0.95 0.95 0 0 0 5.76 11.03Z',
    ],
  },
  '2': {
    name: 'shield with spears',
    paths: [
      // two crossed spears with leaf-shaped heads, behind an oval shield with a ridge down its middle
      'M3.01 14.97L12.31 4.77L13.94 4.39L15 1L11.72 2.37L11.49 4.03L2.19 14.23Z',
      'M13.81 14.23L4.51 4.03L4.28 2.37L1 1L2.06 4.39L3.69 4.77L12.99 14.97Z',
      'M8 2.4C10.4 2.4 11.8 5.2 11.8 8.6 11.8 12 10.4 14.8 8 14.8 5.6 14.8 4.2 12 4.2 8.6 4.2 5.2 5.6 2.4 8 2.4ZM8 4.2 7.35 8.6 8 13 8.65 8.6Z',
    ],
  },
  '3': {
    name: 'gazelle',
    paths: [
      // facing right: body, neck and head; a horn curving back; an ear; the tail; four legs
      'M3.2 7C4.5 6.2 8 6.4 9.6 6L11.2 3.4C11.6 2.9 12.2 2.9 12.6 3.2L14.7 4.7C14.9 4.9 14.8 5.3 14.5 5.3L12.8 5.5C12.3 5.6 12.1 5.9 11.9 6.4L11.4 8.6C11.2 9.8 10.6 10.4 9.4 10.4L5.6 10.2C4 10.2 2.9 9.6 2.7 8.4 2.6 7.8 2.8 7.3 3.2 7Z',
      'M11.5 3.4C11 2.2 10.2 1.2 9 0.6 10.6 0.9 11.8 1.8 12.3 3.1Z',
      'M11.4 3.8 9.7 3.2 10.9 4.5Z',
      'M3.1 7.4 1.6 9.2 2.1 9.5 3.4 8.1Z',
      'M10.7 9.2 11.6 9.2 11.7 14.9 11 14.9Z',
      'M9.6 9.6 10.4 9.8 9.9 14.9 9.2 14.9Z',
      'M4.2 9.4 5.2 9.6 5.5 14.9 4.8 14.9Z',
      'M3.2 9 4 9.4 3.5 14.9 2.8 14.9Z',
    ],
  },
  '4': {
    name: 'snake',
    paths: [
      // an S-shaped body of two arcs, the tail tapering to a point; the head with an eye; a forked tongue
      'M7.32 1.16A3.9 3.9 0 1 0 8 8.9A2.3 2.3 0 0 1 9.15 13.19L8.3 13.68L7.26 13.8L6.17 13.45L5.26 12.66L4.71 11.49L4.91 12.84L5.67 14.08L6.93 14.95L8.5 15.27L10.15 14.92A4.3 4.3 0 0 0 8 6.9A1.9 1.9 0 1 1 7.67 3.13Z',
      'M11.2 1.5A2.4 1.75 -10 1 1 6.48 2.33 2.4 1.75 -10 1 1 11.2 1.5ZM10 1.4A0.45 0.45 0 1 0 9.1 1.4 0.45 0.45 0 1 0 10 1.4Z',
      'M11 1.9 12.8 1.8 13.7 1.1 13.2 1.95 13.8 2.7 12.8 2.2 11 2.4Z',
    ],
  },
  '5': {
    name: 'hut',
    paths: [
      // a conical thatched roof with a ragged eave, over a round wall with an arched door
      'M8 0.8C9.4 2.6 12.4 6 15.4 8.4L14.34 9.3 13.29 8.4 12.23 9.3 11.17 8.4 10.11 9.3 9.06 8.4 8 9.3 6.94 8.4 5.89 9.3 4.83 8.4 3.77 9.3 2.71 8.4 1.66 9.3 0.6 8.4C3.6 6 6.6 2.6 8 0.8Z',
      'M3.2 9.2H12.8V13.6Q11 14.4 9.3 14.6V12A1.3 1.3 0 0 0 6.7 12V14.6Q5 14.4 3.2 13.6Z',
    ],
  },
  '6': {
    name: 'mask',
    paths: [
      // a long face narrowing to the chin, with almond eyes, a nose and a round mouth cut out
      'M8 0.6C12 0.6 13 3.5 13 6.5 13 10.5 10.5 15.4 8 15.4 5.5 15.4 3 10.5 3 6.5 3 3.5 4 0.6 8 0.6ZM4.6 6.3Q6 4.9 7.2 6.3 6 7.3 4.6 6.3ZM8.8 6.3Q10 4.9 11.4 6.3 10 7.3 8.8 6.3ZM6.6 11.6A1.4 1 0 1 0 9.4 11.6 1.4 1 0 1 0 6.6 11.6ZM8 5.2 8.6 9.4H7.4Z',
    ],
  },
};

/*
 * `@ubongo/core/solve`: the puzzle format, the solver and the text drawing, apart from the rest of
 * core (the rules engines, the decks' tools, SVG). A one-off solve (`ubongo solve`) loads these
 * eleven modules instead of all of core's seventy.
 */
export * from './puzzle.js';
export * from './solver.js';
export * from './text.js';
export * from './result.js';

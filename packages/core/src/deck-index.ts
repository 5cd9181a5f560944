import type { Deck, DeckSide } from './deck.js';
import type { DeckIndex } from './protocol/index.js';

/** A side's tasks as practice offers them: each key with its difficulty, no solution. */
const tasksOf = (side: DeckSide): { tasks: { key: string; difficulty: number }[] } => ({
  tasks: side.tasks.map((t) => ({ key: t.key, difficulty: t.difficulty })),
});

/**
 * The boards and tasks of each deck, without solutions: what practice offers to choose from
 * (`GET /api/decks`, and the offline practice from the decks the browser keeps).
 */
export function deckIndexOf(decks: readonly Deck[]): DeckIndex {
  return {
    decks: decks.map((deck) => ({
      edition: deck.edition,
      grid: deck.grid,
      boards: deck.boards.map((b) => ({
        id: b.id,
        sides: { easy: tasksOf(b.sides.easy), hard: tasksOf(b.sides.hard) },
      })),
    })),
  };
}

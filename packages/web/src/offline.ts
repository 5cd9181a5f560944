import type { Deck, DeckIndex, DeckTask, Puzzle, PracticeTaskRef, Rejected } from '@ubongo/core';
import { checkSolution, claimRefusal, DECK_EDITIONS, deckIndexOf, findTask, puzzleOf } from '@ubongo/core';

/*
 * The one place the client holds rules (eslint.config.js lets this module, and no other, import
 * core's engine and the shipped decks): practice while offline (docs/web.md, "Offline"), where
 * there is no server to ask. The decks are a chunk of their own, fetched only for it and kept by
 * the service worker. Nothing checked here is recorded or sent anywhere.
 */

/** The shipped decks, and what practice offers of them. */
export interface OfflineDecks {
  readonly decks: readonly Deck[];
  readonly index: DeckIndex;
}

/** The decks kept with the app (loaded once, when offline practice first needs them). */
export async function loadOfflineDecks(): Promise<OfflineDecks> {
  const { shippedDeck } = await import('@ubongo/core/decks');
  const decks = DECK_EDITIONS.map((edition) => shippedDeck(edition));
  return { decks, index: deckIndexOf(decks) };
}

/** A task of the decks, as a checked puzzle with the deck's own task (its solution, its difficulty). */
export function offlineTask(
  { decks }: OfflineDecks,
  ref: PracticeTaskRef,
): { puzzle: Puzzle; task: DeckTask } | undefined {
  const deck = decks.find((d) => d.edition === ref.edition);
  const task = deck && findTask(deck, ref);
  return deck && task ? { puzzle: puzzleOf(deck, ref), task } : undefined;
}

/** A claim checked by core's checker: null when it solves the puzzle, the refusal the server would send otherwise. */
export function checkOffline(puzzle: Puzzle, placements: unknown): Rejected | null {
  const checked = checkSolution(puzzle, placements);
  if (checked.ok) return null;
  const refused = claimRefusal(checked.error);
  return { to: 'claim', code: refused.code, message: refused.message, problems: checked.error };
}

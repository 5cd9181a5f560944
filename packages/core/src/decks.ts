// The shipped decks. A separate entry point (`@ubongo/core/decks`), so that code that does not
// need the decks does not carry them.
import type { Deck, DeckEdition } from './deck.js';
import { deckFromValue } from './deck-format.js';
import classic from './decks/classic.json' with { type: 'json' };
import extreme from './decks/extreme.json' with { type: 'json' };

const RAW: Record<DeckEdition, unknown> = { classic, extreme };
const loaded = new Map<DeckEdition, Deck>();

/** The deck shipped with the game for an edition (generated with SHIPPED_DECK_SEED). */
export function shippedDeck(edition: DeckEdition): Deck {
  let deck = loaded.get(edition);
  if (!deck) {
    const parsed = deckFromValue(RAW[edition]);
    if (!parsed.ok)
      throw new Error(`the shipped ${edition} deck is malformed at ${parsed.error.path}: ${parsed.error.message}`);
    deck = parsed.value;
    loaded.set(edition, deck);
  }
  return deck;
}

import type { Deck, DeckEdition, ReplayAnswer, ReplayRound } from '@ubongo/core';
import { deckFor, parseRaceAction, parseRaceConfig, raceEngine, RoundWatcher } from '@ubongo/core';
import { parseOccupant } from '../protocol.js';
import type { Stores } from '../storage/stores.js';

/** A replayed game (`GET /api/games/:id/replay`), as core's protocol says. */
export type Replay = ReplayAnswer;

/** The game `id` replayed by the engine from its stored seed and actions; undefined when there is none. */
export async function replayOf(
  stores: Pick<Stores, 'accounts' | 'games'>,
  decks: Readonly<Record<DeckEdition, Deck>>,
  id: string,
): Promise<Replay | undefined> {
  const record = await stores.games.game(id);
  if (!record) return undefined;
  const seats = await Promise.all(
    record.seats.map(async (s) => {
      // Stored data is outside input: an occupant that is not one is left out (the name stays).
      const occupant = parseOccupant(s.occupant);
      const account = s.accountId === undefined ? undefined : await stores.accounts.account(s.accountId);
      return {
        id: s.id,
        name: s.name,
        kind: s.kind,
        ...(occupant ? { occupant } : {}),
        ...(account ? { account: account.id } : {}),
        ...(account?.username == null ? {} : { username: account.username }),
      };
    }),
  );
  const about = {
    id,
    edition: record.config.edition,
    seats,
    startedAt: record.startedAt,
    ...(record.result ? { winners: record.result.winners } : {}),
  };
  // Stored data is read as the outside input it is: parsed before the engine takes it.
  const config = parseRaceConfig(record.config);
  if (!config.ok) return { ...about, steps: [], matchesRecord: false, finished: false, rounds: [] };
  const engine = raceEngine(decks[deckFor(config.value.edition)]);
  const setup = engine.setup(config.value, record.seed);
  if (!setup.ok) return { ...about, steps: [], matchesRecord: false, finished: false, rounds: [] };
  let state = setup.value;
  const steps: Replay['steps'][number][] = [];
  const watcher = new RoundWatcher(engine);
  const rounds: ReplayRound[] = [];
  let faithful = true;
  for (const { at, action: raw } of record.actions) {
    const action = parseRaceAction(raw);
    const step = action.ok ? engine.apply(state, action.value, at) : action;
    if (!step.ok) {
      faithful = false;
      break;
    }
    state = step.value.state;
    steps.push({ at, action: raw, events: step.value.events });
    const reveal = watcher.step(raw, step.value.events);
    if (reveal) {
      const after = engine.view(state, null);
      rounds.push({ ...reveal, players: after.players, standings: after.standings });
    }
  }
  const result = engine.result(state);
  return {
    ...about,
    steps,
    matchesRecord: faithful && JSON.stringify(result) === JSON.stringify(record.result),
    finished: result !== undefined,
    rounds,
  };
}

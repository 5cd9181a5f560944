import type { LobbyMessage, RaceEvent } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { play } from '../sound.js';
import { solvedCue } from '../ui/cues.js';

/** The sound of what happened in the race, if it has one (sound.ts), and my solve felt (haptics.ts). */
export function soundOf(event: RaceEvent, you: string | null): void {
  if (event.type === 'solved') {
    if (event.player === you) solvedCue();
    else play('ubongo-other');
  } else if (event.type === 'second-chance') play('second-chance');
  else if (event.type === 'round-ended') play('round-end');
  else if (event.type === 'game-ended') play(you !== null && event.winners.includes(you) ? 'win' : 'end');
}

/** My seat's id at the table (null: I only watch). */
export function mySeatId(lobby: LobbyMessage): string | null {
  return lobby.seats[lobby.you]?.id ?? null;
}

/** Words for a round event, for the live region. */
export function describeEvent(
  event: RaceEvent,
  t: TFunction,
  nameOf: (id: string) => string,
  lobby: LobbyMessage | null,
): string {
  switch (event.type) {
    case 'round-started': {
      const mine = lobby ? event.deals.find((d) => d.player === mySeatId(lobby)) : undefined;
      const key = mine ? t(`keys.${mine.key}`) : '';
      return event.tieBreak
        ? t('events.tieBreakRound', { round: event.round, key })
        : t('events.roundStarted', { round: event.round, key });
    }
    case 'solved':
      // `position` counts from 1.
      return t('events.solved', { name: nameOf(event.player), position: event.position });
    case 'moved':
      return t('events.moved', { name: nameOf(event.player), row: event.to + 1, count: event.took.length });
    case 'placed':
      return event.by === 'choice'
        ? t('events.placed', { name: nameOf(event.player), row: event.row + 1 })
        : t('events.placedByLot', { name: nameOf(event.player), row: event.row + 1 });
    case 'second-chance':
      return t('events.secondChance');
    case 'laid-out':
      return t('events.laidOut', { name: nameOf(event.player) });
    case 'sand-turned':
      return t(event.by === 'everyone' ? 'events.sandTurned' : 'events.sandTurnedTime');
    case 'round-ended':
      return t('events.roundEnded', { round: event.record.round, count: event.record.solved.length });
    case 'tie-break':
      return t('events.tieBreak', { names: event.players.map(nameOf).join(', ') });
    case 'game-ended':
      if (event.winners.length === 0) return t('events.gameNobody');
      return event.shared
        ? t('events.gameShared', { names: event.winners.map(nameOf).join(', ') })
        : t('events.gameWon', { name: event.winners.map(nameOf).join(', ') });
  }
}

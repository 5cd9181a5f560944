import type { RaceServerMessages, Rejected, RoundProgress, RoundReveal } from '@ubongo/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useRoomMessages } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { seatName } from '../net.js';
import { rememberRoom } from '../reconnect.js';
import { describeEvent, soundOf } from './race-events.js';
import type { Table } from './table.js';

/** How long the toast of a person who left stays up, unless dismissed. */
const LEFT_TOAST_MS = 10_000;

/**
 * What a race table's room says, as it says it: the lobby, the game's view, a refusal, the stored
 * game, who left, the last round's boards, the players' progress; the events heard and announced.
 */
export function useRaceTable(room: GameRoom<'race'> | null) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [lobby, setLobby] = useState<Table['lobby'] | null>(null);
  const [view, setView] = useState<Table['view']>(null);
  const [rejected, setRejected] = useState<Rejected | null>(null);
  const [saved, setSaved] = useState<RaceServerMessages['saved'] | null>(null);
  const [left, setLeft] = useState<readonly string[]>([]);
  const [reveal, setReveal] = useState<RoundReveal | null>(null);
  // The players' progress, and in which round (a view's, or a progress message's since).
  const [progress, setProgress] = useState<{ round: number | null; players: RoundProgress }>({
    round: null,
    players: {},
  });
  const lobbyRef = useRef(lobby);
  lobbyRef.current = lobby;
  // Who I am in the game, for the sounds of what happens to me and to others.
  const youRef = useRef<string | null>(null);

  // The same function at every render: the game screen's board is not re-rendered for a new one.
  const clearRejected = useCallback(() => {
    setRejected(null);
  }, []);
  const dismissLeft = useCallback(() => {
    setLeft([]);
  }, []);
  // The toast of who left goes by itself after a while (it is dismissed sooner by its button).
  useEffect(() => {
    if (left.length === 0) return;
    const timer = setTimeout(dismissLeft, LEFT_TOAST_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [left, dismissLeft]);

  const nameOf = useCallback(
    (id: string): string => {
      const seat = lobbyRef.current?.seats.find((s) => s.id === id);
      return seat ? seatName(seat, t) : id;
    },
    [t],
  );

  useRoomMessages(room, {
    lobby: (next) => {
      if (room) rememberRoom(room, next);
      setLobby({ ...next, receivedAt: performance.now() });
      if (!next.started) {
        setView(null);
        setSaved(null);
        setReveal(null);
        setLeft([]);
      }
    },
    view: (message) => {
      youRef.current = message.view.you;
      setView({ ...message, receivedAt: performance.now() });
      setProgress({ round: message.view.round?.number ?? null, players: message.progress });
    },
    events: ({ events }) => {
      for (const event of events) soundOf(event, youRef.current);
      // One announcement per message: what happened at once is read at once.
      const texts = events.map((event) => describeEvent(event, t, nameOf, lobbyRef.current));
      if (texts.length > 0) announce(texts.join(' '));
    },
    rejected: (refused) => {
      // A count of my pieces that came as the round ended (my clock a little behind the server's)
      // is refused; it was only for the others to watch, and nothing of mine depends on it.
      // (A reaction's refusal is the reactions' to say: reactions.tsx.)
      if (refused.to !== 'progress' && refused.to !== 'react') setRejected(refused);
    },
    notice: (notice) => {
      announce(t('race.replaced', { name: notice.name }));
      setLeft((names) => [...names, notice.name]);
    },
    saved: setSaved,
    reveal: setReveal,
    progress: setProgress,
  });

  return { lobby, view, rejected, clearRejected, saved, left, dismissLeft, reveal, progress, nameOf };
}

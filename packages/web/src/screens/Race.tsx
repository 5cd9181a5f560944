import type { Room } from 'colyseus.js';
import type { TFunction } from 'i18next';
import type { RaceEvent, RaceView } from '@ubongo/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { go, parseRoute } from '../route.js';
import { useRoomMessages, watchRoom } from '../hooks.js';
import type { LobbyMessage, Rejected, ViewMessage } from '../net.js';
import { forgetRoom, gameClient, joinErrorText, PROTOCOL, rememberedToken, rememberRoom } from '../net.js';
import { playerName, takeRoom } from '../store.js';
import { EndOfGame } from './EndOfGame.js';
import { Game } from './Game.js';
import { Lobby } from './Lobby.js';

/** What a table's screens share: the room, the last lobby and view, and who is who. */
export interface Table {
  readonly room: Room;
  readonly lobby: LobbyMessage;
  readonly view: (ViewMessage & { receivedAt: number }) | null;
  /** A player's name by their id in the game. */
  readonly nameOf: (id: string) => string;
  readonly rejected: Rejected | null;
  readonly clearRejected: () => void;
  /** The last `solved` event of this player in this round: how far the jewel pawn may go. */
  readonly moveUpTo: number | null;
  readonly savedGame: string | null;
}

/** A race table, by its code: joins (or rejoins) it, then shows the lobby, the game or its end. */
export function RaceScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [room, setRoom] = useState<Room | null>(() => takeRoom(code));
  const [failure, setFailure] = useState('');
  const [lobby, setLobby] = useState<LobbyMessage | null>(null);
  const [view, setView] = useState<Table['view']>(null);
  const [rejected, setRejected] = useState<Rejected | null>(null);
  const [moveUpTo, setMoveUpTo] = useState<number | null>(null);
  const [savedGame, setSavedGame] = useState<string | null>(null);
  const [connection, setConnection] = useState<'ok' | 'lost'>('ok');
  const lobbyRef = useRef(lobby);
  lobbyRef.current = lobby;

  // Join by code when the page was opened from a link (or reloaded): back into the seat if we can.
  useEffect(() => {
    if (room) return;
    const run = { cancelled: false };
    void (async () => {
      const token = rememberedToken(code);
      let joined: Room | null = null;
      if (token)
        joined = await gameClient()
          .reconnect(token)
          .catch(() => null);
      try {
        joined ??= await gameClient().joinById(code, { protocol: PROTOCOL, name: playerName() });
        watchRoom(joined);
        rememberRoom(joined);
        if (run.cancelled) void joined.leave();
        else setRoom(joined);
      } catch (e) {
        if (!run.cancelled) setFailure(joinErrorText(e));
      }
    })();
    return () => {
      run.cancelled = true;
    };
  }, [room, code]);

  // A dropped connection is retried for the minute the server keeps the seat.
  useEffect(() => {
    if (!room) return;
    const onLeave = (closeCode: number): void => {
      if (closeCode === 1000 || closeCode === 4000) return;
      setConnection('lost');
      let tries = 0;
      const retry = (): void => {
        tries++;
        gameClient()
          .reconnect(room.reconnectionToken)
          .then((back) => {
            watchRoom(back);
            rememberRoom(back);
            setConnection('ok');
            setRoom(back);
          })
          .catch(() => {
            if (tries < 20) setTimeout(retry, 3000);
          });
      };
      setTimeout(retry, 1000);
    };
    room.onLeave(onLeave);
    return () => {
      room.onLeave.remove(onLeave);
    };
  }, [room]);

  useEffect(
    () => () => {
      // Going to another screen leaves the table (a reload keeps the seat, to come back to).
      const route = parseRoute(window.location.hash);
      if (room?.connection.isOpen && !(route.name === 'room' && route.code === room.roomId)) {
        forgetRoom();
        void room.leave(true);
      }
    },
    [room],
  );

  const nameOf = useCallback((id: string): string => lobbyRef.current?.seats.find((s) => s.id === id)?.name ?? id, []);

  useRoomMessages(room, {
    lobby: (body) => {
      const next = body as LobbyMessage;
      setLobby(next);
      if (!next.started) {
        setView(null);
        setSavedGame(null);
      }
    },
    view: (body) => {
      setView({ ...(body as ViewMessage), receivedAt: performance.now() });
    },
    events: (body) => {
      for (const event of (body as { events: RaceEvent[] }).events) {
        const text = describeEvent(event, t, nameOf, lobbyRef.current);
        if (text) announce(text);
        if (event.type === 'round-started') setMoveUpTo(null);
        if (event.type === 'solved' && lobbyRef.current && event.player === mySeatId(lobbyRef.current))
          setMoveUpTo(event.moveUpTo ?? null);
      }
    },
    rejected: (body) => {
      setRejected(body as Rejected);
    },
    notice: (body) => {
      const notice = body as { seat: string };
      announce(t('race.replaced', { name: nameOf(notice.seat) }));
    },
    saved: (body) => {
      setSavedGame((body as { game: string }).game);
    },
  });

  if (failure)
    return (
      <div className="card narrow">
        <h1>{t('race.cannotJoinTitle', { code })}</h1>
        <p role="alert">{t('home.cannotJoin', { reason: failure })}</p>
        <button
          type="button"
          onClick={() => {
            forgetRoom();
            go('');
          }}
        >
          {t('nav.home')}
        </button>
      </div>
    );
  if (!room || !lobby) return <p className="loading">{t('race.joining', { code })}</p>;

  const table: Table = {
    room,
    lobby,
    view,
    nameOf,
    rejected,
    clearRejected: () => {
      setRejected(null);
    },
    moveUpTo,
    savedGame,
  };
  return (
    <>
      {connection === 'lost' && (
        <p className="banner" role="alert">
          {t('race.reconnecting')}
        </p>
      )}
      {!lobby.started || !view ? (
        <Lobby table={table} />
      ) : view.view.phase === 'finished' ? (
        <EndOfGame table={table} view={view.view} />
      ) : (
        <Game table={table} view={view} />
      )}
    </>
  );
}

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
      return t('events.solved', { name: nameOf(event.player), position: event.position + 1 });
    case 'moved':
      return t('events.moved', { name: nameOf(event.player), row: event.to + 1, count: event.took.length });
    case 'second-chance':
      return t('events.secondChance');
    case 'round-ended':
      return t('events.roundEnded', { round: event.record.round, count: event.record.solved.length });
    case 'tie-break':
      return t('events.tieBreak', { names: event.players.map(nameOf).join(', ') });
    case 'game-ended':
      return event.shared
        ? t('events.gameShared', { names: event.winners.map(nameOf).join(', ') })
        : t('events.gameWon', { name: event.winners.map(nameOf).join(', ') });
  }
}

/** The players of a view, best first: points, or jewel counts compared from the largest. */
export function standings(view: RaceView): RaceView['players'][number][] {
  const score = (p: RaceView['players'][number]): number[] =>
    view.edition === 'jewels' ? Object.values(p.jewels).sort((a, b) => b - a) : [p.points];
  return [...view.players].sort((a, b) => {
    const sa = score(a);
    const sb = score(b);
    for (let i = 0; i < sa.length; i++) if ((sa[i] ?? 0) !== (sb[i] ?? 0)) return (sb[i] ?? 0) - (sa[i] ?? 0);
    return 0;
  });
}

import type { LobbyMessage, RaceEvent, RaceServerMessages, Rejected, RoundProgress, RoundReveal } from '@ubongo/core';
import { CLOSE_CODES } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useAnnounce } from '../announce.js';
import { go, parseRoute } from '../route.js';
import { useRoomMessages, watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { play } from '../sound.js';
import { canComeBack, comeBack, forgetRoom, errorText, joinTable, rememberRoom, seatName } from '../net.js';
import { hasPlayerName, savePlayerName, takeRoom } from '../store.js';
import { NameField, solvedCue } from './common.js';
import { EndOfGame } from './EndOfGame.js';
import { Game } from './Game.js';
import { LeaveDialog } from './LeaveDialog.js';
import { Lobby } from './Lobby.js';
import { ReactionBar, ReactionsProvider } from './reactions.js';
import type { Table } from './table.js';

/**
 * The room the home page handed over for a code. React may run a screen's first render more than
 * once (a render it interrupts is thrown away, its state with it): each run must find the room, or
 * the screen would join its own table again, in a second seat. Kept here until the screen mounts.
 */
const handedOver = new Map<string, GameRoom<'race'>>();
function handedRoom(code: string): GameRoom<'race'> | null {
  const room = takeRoom(code);
  if (room) handedOver.set(code, room);
  return handedOver.get(code) ?? null;
}

/** The sound of what happened in the race, if it has one (sound.ts), and my solve felt (haptics.ts). */
function soundOf(event: RaceEvent, you: string | null): void {
  if (event.type === 'solved') {
    if (event.player === you) solvedCue();
    else play('ubongo-other');
  } else if (event.type === 'second-chance') play('second-chance');
  else if (event.type === 'round-ended') play('round-end');
  else if (event.type === 'game-ended') play(you !== null && event.winners.includes(you) ? 'win' : 'end');
}

/** No progress: the same object each time, so that the screen is not drawn again for nothing. */
const NONE: RoundProgress = {};
/** How long the toast of a person who left stays up, unless dismissed. */
const LEFT_TOAST_MS = 10_000;

/** A race table, by its code: joins (or rejoins) it, then shows the lobby, the game or its end. */
export function RaceScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [room, setRoom] = useState<GameRoom<'race'> | null>(() => handedRoom(code));
  useEffect(() => {
    handedOver.delete(code);
  }, [code]);
  // Someone who opens a table's link without having given a name is asked for one first.
  const [named, setNamed] = useState(() => room !== null || hasPlayerName() || canComeBack(code));
  // Offered as the account's name (a guest's "Player NNNN") until changed.
  const account = useAccount();
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? account?.name ?? '';
  // Why the table cannot be shown: a join refused (its error, put into words as it is shown), or a
  // table left behind (what happened).
  const [failure, setFailure] = useState<{ readonly joinError: unknown } | { readonly text: string } | null>(null);
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
  const [connection, setConnection] = useState<'ok' | 'lost'>('ok');
  const lobbyRef = useRef(lobby);
  lobbyRef.current = lobby;
  // Who I am in the game, for the sounds of what happens to me and to others.
  const youRef = useRef<string | null>(null);

  // Join by code when the page was opened from a link (or reloaded): back into the seat if we can.
  useEffect(() => {
    if (room || !named) return;
    const run = { cancelled: false };
    void (async () => {
      const back = canComeBack(code);
      let joined: GameRoom<'race'> | null = null;
      // After a reload (or a server's restart) a few tries, then a new seat.
      for (let attempt = 0; back && !joined && attempt < 4 && !run.cancelled; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        joined = await comeBack(code).catch(() => null);
      }
      try {
        joined ??= await joinTable(code);
        watchRoom(joined);
        rememberRoom(joined);
        if (run.cancelled) void joined.leave();
        else setRoom(joined);
      } catch (e) {
        if (!run.cancelled) setFailure({ joinError: e });
      }
    })();
    return () => {
      run.cancelled = true;
    };
  }, [room, code, named]);

  // A dropped connection is retried for the minute the server keeps the seat (a server that
  // restarts keeps it too); a table the server closed (4000), closed for idleness or for a flood
  // of messages is said to be closed, and why, as is a seat taken back in another tab or window.
  useEffect(() => {
    if (!room) return;
    const run = { cancelled: false, timer: undefined as ReturnType<typeof setTimeout> | undefined };
    const onLeave = (closeCode: number): void => {
      if (run.cancelled || closeCode === 1000) return;
      const closedFor =
        closeCode === 4000
          ? 'race.closed'
          : closeCode === CLOSE_CODES.idle
            ? 'race.idle'
            : closeCode === CLOSE_CODES.flood
              ? 'race.flooded'
              : closeCode === CLOSE_CODES.elsewhere
                ? 'race.elsewhere'
                : undefined;
      if (closedFor) {
        forgetRoom();
        setFailure({ text: t(closedFor) });
        return;
      }
      setConnection('lost');
      let tries = 0;
      const retry = (): void => {
        tries++;
        comeBack(room.roomId)
          .then((back) => {
            watchRoom(back);
            rememberRoom(back);
            if (run.cancelled) {
              forgetRoom();
              void back.leave(true);
              return;
            }
            setConnection('ok');
            setRoom(back);
          })
          .catch(() => {
            if (run.cancelled) return;
            if (tries < 20) run.timer = setTimeout(retry, 3000);
            else {
              forgetRoom();
              setFailure({ text: t('race.lost') });
            }
          });
      };
      run.timer = setTimeout(retry, 1000);
    };
    room.onLeave(onLeave);
    return () => {
      run.cancelled = true;
      clearTimeout(run.timer);
      room.onLeave.remove(onLeave);
    };
  }, [room, t]);

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

  // Leaving a game that is not over (in a round, between rounds, before the first) gives the seat
  // to a bot for good: a link to another screen (the header's, a stray tap) asks first. A reload
  // keeps the seat, and asks nothing.
  const seatedInPlay = lobby?.started === true && lobby.you >= 0 && view?.view.phase !== 'finished';
  // Where a link would take the player, while the game's own dialog asks whether to leave.
  const [leaving, setLeaving] = useState<string | null>(null);
  // A question left open when the game ended is not asked again in the next one.
  if (!seatedInPlay && leaving !== null) setLeaving(null);
  useEffect(() => {
    if (!seatedInPlay) return;
    const onClick = (e: MouseEvent): void => {
      // Links to a screen (#/...); not the skip link (#main), which stays on the page.
      const link = e.target instanceof Element ? e.target.closest('a[href^="#/"]') : null;
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const route = parseRoute(link.getAttribute('href') ?? '');
      if (route.name === 'room' && route.code === code) return;
      e.preventDefault();
      setLeaving(link.getAttribute('href'));
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
    };
  }, [seatedInPlay, code]);

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

  if (failure)
    return (
      <div className="card narrow">
        <h1>{t('race.cannotJoinTitle', { code })}</h1>
        <p role="alert">
          {'joinError' in failure ? t('home.cannotJoin', { reason: errorText(failure.joinError, t) }) : failure.text}
        </p>
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
  if (!named)
    return (
      <form
        className="card narrow"
        onSubmit={(e) => {
          e.preventDefault();
          savePlayerName(name)
            .then(() => {
              setNamed(true);
            })
            .catch((err: unknown) => {
              setFailure({ joinError: err });
            });
        }}
      >
        <h1>{t('race.cannotJoinTitle', { code })}</h1>
        <NameField label={t('race.nameFirst')} value={name} onChange={setName} />
        <div className="actions">
          <button type="submit" className="primary">
            {t('race.sitDown')}
          </button>
        </div>
      </form>
    );
  if (!room || !lobby) return <p className="loading">{t('race.joining', { code })}</p>;

  const table: Table = {
    room,
    lobby,
    view,
    nameOf,
    rejected,
    clearRejected,
    savedGame: saved?.game ?? null,
    saved,
    reveal,
    // Only the round on the screen's: a round's reports are not shown in the next.
    progress: view?.view.phase === 'playing' && progress.round === view.view.round?.number ? progress.players : NONE,
  };
  return (
    <ReactionsProvider room={room} lobby={lobby}>
      {connection === 'lost' && (
        <p className="banner" role="alert">
          {t('race.reconnecting')}
        </p>
      )}
      {lobby.resumeBy !== null && (
        <p className="banner" role="status">
          {/* A game resumed says its round starts again; a lobby or a finished table kept over the restart, that seats not taken back are freed. */}
          {t(lobby.restartRound !== null ? 'race.resuming' : 'race.tableResuming', {
            count: lobby.seats.filter((s) => s.kind === 'human' && !s.connected).length,
          })}
        </p>
      )}
      {left.length > 0 && lobby.started && view?.view.phase !== 'finished' && (
        // Seen as well as heard (the live region says it too): who left, and that a bot plays on.
        <div className="left-toast" data-testid="left-banner">
          <p>{left.map((name) => t('race.replacedShown', { name })).join(' ')}</p>
          <button type="button" className="close" aria-label={t('common.dismiss')} onClick={dismissLeft}>
            ×
          </button>
        </div>
      )}
      {!lobby.started || !view ? (
        <Lobby table={table} />
      ) : view.view.phase === 'finished' ? (
        <EndOfGame table={table} view={view.view} />
      ) : (
        <Game table={table} view={view} />
      )}
      <ReactionBar />
      {leaving !== null && seatedInPlay && (
        <LeaveDialog
          onLeave={() => {
            setLeaving(null);
            window.location.hash = leaving;
          }}
          onStay={() => {
            setLeaving(null);
          }}
        />
      )}
    </ReactionsProvider>
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

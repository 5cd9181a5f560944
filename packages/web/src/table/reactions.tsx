import type { LobbyMessage, ReactionId } from '@ubongo/core';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useRoomMessages } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { seatName, send } from '../net.js';
import { Face, REACTION_FACES } from './reaction-faces.js';

/*
 * A table's preset reactions (docs/protocol.md, "Watching and reactions"): the buttons to send one,
 * each shown for a moment beside its sender's seat and said politely to screen readers, and the
 * seats this player has muted. The server passes every reaction on to everyone and keeps the
 * allowance; muting is this device's, per table (sessionStorage): a muted seat's reactions are
 * neither shown nor said.
 */

/** The reactions in the order their buttons are offered. */
const REACTION_IDS = Object.keys(REACTION_FACES) as ReactionId[];

/** How long a reaction stays beside its seat. */
const SHOWN_MS = 4000;
/** How long the word that reactions come too fast stays. */
const TOO_FAST_MS = 3000;

/** Whose reactions a seat's are, for muting: the account (the seat's index for a seat without one). */
const whoseOf = (seats: LobbyMessage['seats'], seat: number): string => seats[seat]?.account ?? `seat:${String(seat)}`;

const mutedKey = (code: string): string => `ubongo.muted.${code}`;

function readMuted(code: string): ReadonlySet<string> {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(mutedKey(code)) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

interface Reactions {
  /** The reaction shown beside each seat now, by seat index (a new `n` for each one). */
  readonly shown: ReadonlyMap<number, { readonly reaction: ReactionId; readonly n: number }>;
  readonly muted: ReadonlySet<string>;
  readonly seats: LobbyMessage['seats'];
  /** This player's seat, -1 when watching. */
  readonly you: number;
  /** Reactions came too fast: the server refused the last. */
  readonly tooFast: boolean;
  readonly react: (reaction: ReactionId) => void;
  readonly toggleMute: (seat: number) => void;
}

const ReactionsContext = createContext<Reactions | null>(null);

/** Listens to a table's reactions for the screens inside it (SeatReaction, ReactionBar). */
export function ReactionsProvider({
  room,
  lobby,
  children,
}: {
  room: GameRoom<'race'>;
  lobby: LobbyMessage;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [shown, setShown] = useState<ReadonlyMap<number, { reaction: ReactionId; n: number }>>(new Map());
  const [muted, setMuted] = useState(() => readMuted(lobby.code));
  const [tooFast, setTooFast] = useState(false);
  const count = useRef(0);
  const latest = useRef({ lobby, muted });
  latest.current = { lobby, muted };

  useRoomMessages(room, {
    reaction: ({ seat, reaction }) => {
      const { lobby: now, muted: off } = latest.current;
      const sender = now.seats[seat];
      if (!sender || off.has(whoseOf(now.seats, seat))) return;
      const n = ++count.current;
      setShown((before) => new Map(before).set(seat, { reaction, n }));
      setTimeout(() => {
        setShown((before) => {
          if (before.get(seat)?.n !== n) return before;
          const next = new Map(before);
          next.delete(seat);
          return next;
        });
      }, SHOWN_MS);
      if (seat !== now.you)
        announce(t('reactions.said', { name: seatName(sender, t), reaction: t(`reactions.${reaction}`) }));
    },
    rejected: (refused) => {
      if (refused.to === 'react' && refused.code === 'message/too-fast') setTooFast(true);
    },
  });
  useEffect(() => {
    if (!tooFast) return;
    const id = setTimeout(() => {
      setTooFast(false);
    }, TOO_FAST_MS);
    return () => {
      clearTimeout(id);
    };
  }, [tooFast]);

  const react = useCallback(
    (reaction: ReactionId) => {
      send(room, 'react', { reaction });
    },
    [room],
  );
  const toggleMute = useCallback(
    (seat: number) => {
      const who = whoseOf(latest.current.lobby.seats, seat);
      setMuted((before) => {
        const next = new Set(before);
        if (!next.delete(who)) next.add(who);
        try {
          sessionStorage.setItem(mutedKey(lobby.code), JSON.stringify([...next]));
        } catch {
          // Kept for this page only.
        }
        return next;
      });
      setShown((before) => {
        const next = new Map(before);
        next.delete(seat);
        return next;
      });
    },
    [lobby.code],
  );
  const value = useMemo(
    () => ({ shown, muted, seats: lobby.seats, you: lobby.you, tooFast, react, toggleMute }),
    [shown, muted, lobby.seats, lobby.you, tooFast, react, toggleMute],
  );
  return <ReactionsContext.Provider value={value}>{children}</ReactionsContext.Provider>;
}

/** The reaction shown beside seat `seat` now, if any (its words are said by the live region, not here). */
export function SeatReaction({ seat }: { seat: number }) {
  const { t } = useTranslation();
  const reactions = useContext(ReactionsContext);
  const shown = seat >= 0 ? reactions?.shown.get(seat) : undefined;
  if (!shown) return null;
  return (
    <span
      key={shown.n}
      className="seat-reaction"
      data-testid="seat-reaction"
      data-reaction={shown.reaction}
      title={t(`reactions.${shown.reaction}`)}
      aria-hidden="true"
    >
      <Face reaction={shown.reaction} />
    </span>
  );
}

/** The reactions a seated player may send, and the other seats' reactions to mute (for watchers too). */
export function ReactionBar() {
  const { t } = useTranslation();
  const reactions = useContext(ReactionsContext);
  // The seats to mute are put on the page once asked for: their names are not repeated there meanwhile.
  const [open, setOpen] = useState(false);
  if (!reactions) return null;
  const { seats, you, muted, tooFast, react, toggleMute } = reactions;
  const others = seats.flatMap((seat, i) => (seat.kind === 'human' && i !== you ? [{ seat, i }] : []));
  if (you < 0 && others.length === 0) return null;
  return (
    <section className="card reactions" aria-label={t('reactions.title')}>
      {you >= 0 && (
        <div className="reaction-buttons" role="group" aria-label={t('reactions.send')}>
          {REACTION_IDS.map((r) => (
            <button
              key={r}
              type="button"
              className="reaction"
              aria-label={t(`reactions.${r}`)}
              title={t(`reactions.${r}`)}
              onClick={() => {
                react(r);
              }}
            >
              <Face reaction={r} />
            </button>
          ))}
        </div>
      )}
      {tooFast && (
        <p className="reaction-wait" role="status">
          {t('reactions.tooFast')}
        </p>
      )}
      {others.length > 0 && (
        <details
          className="reaction-mutes"
          open={open}
          onToggle={(e) => {
            setOpen(e.currentTarget.open);
          }}
        >
          <summary>{t('reactions.mute')}</summary>
          {open && (
            <ul>
              {others.map(({ seat, i }) => {
                const name = seatName(seat, t);
                const off = muted.has(whoseOf(seats, i));
                return (
                  <li key={i}>
                    <label>
                      <input
                        type="checkbox"
                        checked={off}
                        onChange={() => {
                          toggleMute(i);
                        }}
                      />{' '}
                      {t('reactions.muteSeat', { name })}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </details>
      )}
    </section>
  );
}

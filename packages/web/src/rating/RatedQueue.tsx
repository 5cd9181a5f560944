import type { QueueMessage, RaceEdition } from '@ubongo/core';
import { RACE_EDITIONS } from '@ubongo/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { timeLeft, useNow, useRoomMessages, watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { errorText, joinTable, ratedQueue, send } from '../net.js';
import { rememberRoom } from '../reconnect.js';
import { go } from '../route.js';
import { handOver } from '../store.js';

/** The wait as people read it: `m:ss`. */
const waited = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Rated quick match (docs/accounts.md): the player picks an edition and waits in its queue, shown
 * the ratings they may be paired with (the window, widening with the wait) and how long they have
 * waited; the server pairs the nearest ratings and hands over a table's code, which this screen
 * joins. Past the wait it offers a casual table with bots instead. Leaving the screen leaves the queue.
 */
export function RatedQueue() {
  const { t } = useTranslation();
  const account = useAccount();
  const [edition, setEdition] = useState<RaceEdition>('classic');
  const [room, setRoom] = useState<GameRoom<'rated'> | null>(null);
  const [queue, setQueue] = useState<(QueueMessage & { receivedAt: number }) | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The queue's room, left when the screen goes (unless a table was found: then it is left as the table is joined).
  const held = useRef<GameRoom<'rated'> | null>(null);
  useEffect(
    () => () => {
      void held.current?.leave();
    },
    [],
  );

  const enter = async (): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      const joined = await ratedQueue(edition);
      watchRoom(joined);
      held.current = joined;
      setRoom(joined);
    } catch (e) {
      setError(errorText(e, t));
    }
    setBusy(false);
  };

  const leave = (): void => {
    void held.current?.leave();
    held.current = null;
    setRoom(null);
    setQueue(null);
  };

  useRoomMessages(room, {
    queue: (q) => {
      setQueue({ ...q, receivedAt: performance.now() });
    },
    matched: ({ code }) => {
      void (async () => {
        try {
          const table = await joinTable(code);
          watchRoom(table);
          rememberRoom(table);
          handOver(table);
          leave();
          go(`room/${table.roomId}`);
        } catch (e) {
          setError(errorText(e, t));
        }
      })();
    },
    rejected: (r) => {
      setError(r.message);
    },
  });

  const now = useNow(500, queue !== null);
  // Game time now, as the player's clock reckons it from the last message.
  const gameNow = queue ? queue.serverNow + (now - queue.receivedAt) * queue.timeScale : 0;
  const botsIn = queue ? Math.ceil(timeLeft(queue.botsAt, queue, queue.receivedAt, now) / 1000) : 0;

  if (account && account.username === null) return <NeedsUsername />;

  return (
    <div className="rated-queue">
      <h1>{t('rated.title')}</h1>
      {!room ? (
        <section className="card">
          <p>{t('rated.intro')}</p>
          <fieldset className="segmented-field">
            <legend>{t('leaderboards.edition')}</legend>
            {RACE_EDITIONS.map((e) => (
              <label key={e} className="check">
                <input
                  type="radio"
                  name="edition"
                  checked={edition === e}
                  onChange={() => {
                    setEdition(e);
                  }}
                />
                {t(`editions.${e}`)}
              </label>
            ))}
          </fieldset>
          <div className="actions">
            <button type="button" className="primary big" disabled={busy} onClick={() => void enter()}>
              {t('rated.enter')}
            </button>
          </div>
        </section>
      ) : (
        <section className="card queue-card" aria-live="polite" data-testid="rated-waiting">
          <h2>{t('rated.searching', { edition: t(`editions.${edition}`) })}</h2>
          {queue ? (
            <>
              <p className="queue-rating">
                {t('rated.yourRating')} <strong>{queue.rating}</strong>
                {!queue.established && <span className="tag">{t('rated.newcomer')}</span>}
              </p>
              <p data-testid="rated-window">{t('rated.window', { low: queue.low, high: queue.high })}</p>
              <WindowBar rating={queue.rating} low={queue.low} high={queue.high} />
              <p data-testid="rated-wait">
                {t('rated.waited', { time: waited(Math.max(0, gameNow - queue.since) / queue.timeScale) })} ·{' '}
                {t('rated.inQueue', { n: queue.waiting })}
              </p>
              <p className="muted">{t('rated.widens')}</p>
            </>
          ) : (
            <p className="loading">{t('common.loading')}</p>
          )}
          {queue && botsIn <= 0 && (
            <div className="card inset">
              <p>{t('rated.botsOffer')}</p>
              <button
                type="button"
                className="primary"
                onClick={() => {
                  send(room, 'bots');
                }}
              >
                {t('rated.playBots')}
              </button>
            </div>
          )}
          <div className="actions">
            <button type="button" onClick={leave}>
              {t('rated.leave')}
            </button>
          </div>
        </section>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The window on a scale of ratings: the player's mark inside the range they may be paired with. */
function WindowBar({ rating, low, high }: { rating: number; low: number; high: number }) {
  // The scale: 600 either side of the rating, the widest window.
  const span = 1200;
  const at = (r: number): number => Math.min(100, Math.max(0, ((r - (rating - span / 2)) / span) * 100));
  return (
    <div className="window-bar" aria-hidden="true">
      <div className="window-range" style={{ left: `${at(low)}%`, width: `${at(high) - at(low)}%` }} />
      <div className="window-mark" style={{ left: `${at(rating)}%` }} />
    </div>
  );
}

/** A rated game is for accounts with a username: the way to claim one. */
function NeedsUsername() {
  const { t } = useTranslation();
  return (
    <div className="rated-queue">
      <h1>{t('rated.title')}</h1>
      <section className="card">
        <p>{t('rated.needsUsername')}</p>
        <div className="actions">
          <a className="button primary" href="#/account">
            {t('rated.claim')}
          </a>
        </div>
      </section>
    </div>
  );
}

import type { LiveEntry, LivePlayer } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useData } from '../data.js';
import { watchRoom } from '../hooks.js';
import { errorText, joinTable } from '../net.js';
import { rememberRoom } from '../reconnect.js';
import { go } from '../route.js';
import { handOver } from '../store.js';
import { PlayerName } from '../ui/PlayerName.js';
import { api } from '../account.js';
import { LiveTv } from './LiveTv.js';
import { EmptyState } from '../ui/EmptyState.js';

/** How often the list is asked again while the page is open. */
const REFRESH_MS = 5000;

/** A player of a live game in words: a person by name, a bot by level. */
function playerName(p: LivePlayer, t: TFunction): string {
  if (p.kind === 'human') return p.name;
  const level = t(`levels.${p.level ?? 'casual'}`);
  return p.kind === 'bot' ? t('live.bot', { level }) : t('lobby.standIn', { name: p.name });
}

/** The games in play, as the server lists them. */
async function readLive(): Promise<readonly LiveEntry[]> {
  return (await api('GET /api/live')).games;
}

/**
 * The games in play to watch (`GET /api/live`), in the server's order: arenas', then rated games by
 * their players' average rating, then quick matches. Watching one joins its table as a spectator.
 */
export function Live() {
  const { t } = useTranslation();
  const loaded = useData<readonly LiveEntry[]>(readLive, [], { keep: true, every: REFRESH_MS });
  const games = loaded.data;
  const failed = loaded.error !== null;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const watch = async (code: string): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      const room = await joinTable(code, { spectate: true });
      watchRoom(room);
      rememberRoom(room, undefined, true);
      handOver(room);
      go(`room/${room.roomId}`);
    } catch (e) {
      setError(t('home.cannotJoin', { reason: errorText(e, t) }));
      setBusy(false);
    }
  };

  return (
    <div className="live">
      <h1>{t('live.title')}</h1>
      <p>{t('live.intro')}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <LiveTv games={games} />
      {failed && games === null && <p role="alert">{t('live.failed')}</p>}
      {games === null && !failed && <p className="loading">{t('common.loading')}</p>}
      {games?.length === 0 && (
        <section className="card">
          <EmptyState art="screen" text={t('live.none')} action={{ href: '#/', label: t('nav.home') }} />
        </section>
      )}
      {games && games.length > 0 && (
        <ul className="live-games">
          {games.map((g) => {
            const names = g.players.map((p) => playerName(p, t)).join(', ');
            return (
              <li key={g.code} className="card live-game" data-kind={g.kind} data-code={g.code}>
                <h2>
                  <span className={`tag ${g.kind}`}>{t(`live.kind.${g.kind}`)}</span> {t(`editions.${g.edition}`)}
                </h2>
                <ul className="live-players">
                  {g.players.map((p, i) => (
                    <li key={i}>
                      {p.kind === 'human' ? (
                        <PlayerName name={p.name} username={p.username} account={p.account} />
                      ) : (
                        playerName(p, t)
                      )}
                      {p.rating !== undefined && <span className="rating"> {p.rating}</span>}
                    </li>
                  ))}
                </ul>
                <p className="live-facts">
                  {g.round === 0
                    ? t('live.starting')
                    : t('game.round', { round: Math.min(g.round, g.rounds), rounds: g.rounds })}
                  {g.rating !== null && ` · ${t('live.rating', { rating: g.rating })}`}
                  {` · ${t('live.watchers', { count: g.watchers })}`}
                </p>
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  aria-label={t('live.watchGame', { names })}
                  onClick={() => void watch(g.code)}
                >
                  {t('live.watch')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

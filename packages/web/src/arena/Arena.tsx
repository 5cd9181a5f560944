import type { ArenaAnswer, ArenaStanding, ArenasAnswer, ArenaView, PlayerArenasAnswer } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { clock, timeLeft, useNow } from '../hooks.js';
import { enterArena, fetchArena, fetchArenas, fetchPlayerArenas, leaveArena } from '../net.js';
import { ApiProblem } from '../api.js';
import { go } from '../route.js';
import { PlayerName } from '../ui/PlayerName.js';
import { podiumOrder } from '../table/EndOfGame.js';
import { EmptyState } from '../ui/EmptyState.js';

/*
 * Arenas (docs/arenas.md): the list (`#/arenas`) and an arena's page (`#/arena/ID`), its lobby,
 * standings and podium. The server seats players and counts points; this page says the player is
 * in the lobby every 2 seconds while it is open, and goes to the table the server seated them at.
 */

/** How often the page says its player is in the lobby (the server forgets one silent for 10 s). */
const LOBBY_MS = 2000;
/** How often the standings are read while the player only watches. */
const WATCH_MS = 3000;

/** A wait as a clock: m:ss, or h:mm:ss from an hour. */
function longClock(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours === 0) return clock(ms);
  const rest = clock(ms - hours * 3_600_000);
  return `${hours}:${rest.padStart(5, '0')}`;
}

/** An arena's name: its own, or its edition's. */
export function arenaName(arena: Pick<ArenaView, 'name' | 'edition'>, t: TFunction): string {
  return arena.name !== '' ? arena.name : t('arena.named', { edition: t(`editions.${arena.edition}`) });
}

/** When an arena runs, in the player's language and time zone. */
function when(arena: ArenaView, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return `${format.format(arena.startsAt)} – ${new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(arena.endsAt)}`;
}

/** The arenas: running, to come, just finished. */
export function Arenas() {
  const { t, i18n } = useTranslation();
  const loaded = useData<ArenasAnswer>(fetchArenas, [], { keep: true, every: 10_000 });
  const answer = loaded.data;
  const failed = loaded.error !== null;
  const groups = (['running', 'upcoming', 'finished'] as const).map(
    (status) => [status, answer?.arenas.filter((a) => a.status === status) ?? []] as const,
  );
  return (
    <div className="arenas">
      <h1>{t('arena.listTitle')}</h1>
      <p className="hint">{t('arena.about')}</p>
      {failed && !answer && (
        <p className="error" role="alert">
          {t('arena.failed')}
        </p>
      )}
      {answer && answer.arenas.length === 0 && (
        <EmptyState
          art="trophy"
          text={t('arena.none')}
          next={t('art.arenasNext')}
          action={{ href: '#/rated', label: t('home.rated') }}
        />
      )}
      {groups.map(
        ([status, arenas]) =>
          arenas.length > 0 && (
            <section key={status} className="card" data-testid={`arenas-${status}`}>
              <h2>{t(`arena.${status}`)}</h2>
              <ul className="arena-list">
                {arenas.map((a) => (
                  <li key={a.id}>
                    <a href={`#/arena/${encodeURIComponent(a.id)}`}>{arenaName(a, t)}</a>{' '}
                    <span className="arena-when">{when(a, i18n.language)}</span>{' '}
                    <span className="arena-players">{t('arena.players', { count: a.players })}</span>
                  </li>
                ))}
              </ul>
            </section>
          ),
      )}
    </div>
  );
}

/** An arena as last read, with what the player asked of it (`asked`: inLobby when it was read). */
type ArenaRead = ArenaAnswer & { readonly receivedAt: number; readonly asked: boolean | null };

/**
 * The arena read (or the lobby said) now and then, and what its answers say: it is missing, the
 * lobby refused the player (why, by HTTP status), the player is in its lobby.
 */
function useArenaReads(id: string) {
  const [missing, setMissing] = useState(false);
  const [refused, setRefused] = useState<number | null>(null);
  /** The player asked to be in the lobby; coming back to the page of an arena one entered is coming back to it. */
  const [inLobby, setInLobby] = useState<boolean | null>(null);
  // The arena's status as last read: a finished arena has no lobby to be in.
  const [status, setStatus] = useState<ArenaView['status'] | undefined>(undefined);
  const lobby = inLobby === true && status !== 'finished';
  const { data: answer, error } = useData<ArenaRead>(
    () =>
      (lobby ? enterArena(id) : fetchArena(id)).then((a) => ({ ...a, receivedAt: performance.now(), asked: inLobby })),
    [id, inLobby, status],
    { keep: true, every: inLobby === true ? LOBBY_MS : WATCH_MS },
  );

  // Each new answer or failure, once, as it comes (React's way to adjust state to what changed).
  const [seen, setSeen] = useState<{ answer: ArenaRead | null; error: unknown }>({ answer: null, error: null });
  if (answer !== seen.answer || error !== seen.error) {
    setSeen({ answer, error });
    if (answer && answer !== seen.answer) {
      setStatus(answer.arena.status);
      setRefused(null);
      if (inLobby === null) setInLobby(answer.you?.entered === true && answer.arena.status !== 'finished');
    }
    // (A failure is of a request made with these very `lobby` and `inLobby`: older ones are dropped.)
    if (error !== seen.error && error instanceof ApiProblem) {
      if (error.status === 404) setMissing(true);
      else if (lobby) {
        setRefused(error.status);
        setInLobby(false);
      }
    }
  }

  // A table seated for this player is gone to. (A table seated just before the end plays, and counts.)
  useEffect(() => {
    if (answer?.asked === true && answer.you?.table) go(`room/${encodeURIComponent(answer.you.table)}`);
  }, [answer]);

  return { answer, missing, refused, inLobby, setInLobby };
}

/** An arena's page: when it runs, its lobby, the standings while it runs, the podium at its end. */
export function Arena({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const { answer, missing, refused, inLobby, setInLobby } = useArenaReads(id);
  const now = useNow(1000, answer?.arena.status !== 'finished');

  if (missing)
    return (
      <div className="arena">
        <h1>{t('arena.missing')}</h1>
        <a className="button" href="#/arenas">
          {t('arena.all')}
        </a>
      </div>
    );
  if (!answer) return <p className="loading">{t('common.loading')}</p>;
  const { arena } = answer;
  const guest = account !== null && account.username === null;
  const waitFor = (at: number): string => longClock(timeLeft(at, answer, answer.receivedAt, now));
  return (
    <div className="arena">
      <h1>{arenaName(arena, t)}</h1>
      <p className="arena-when">
        {when(arena, i18n.language)} · {t(`editions.${arena.edition}`)} · {t('arena.rounds', { count: arena.rounds })}
      </p>
      <section className="card arena-lobby" data-testid="arena-status">
        {arena.status === 'upcoming' && <h2>{t('arena.startsIn', { time: waitFor(arena.startsAt) })}</h2>}
        {arena.status === 'running' && <h2>{t('arena.endsIn', { time: waitFor(arena.endsAt) })}</h2>}
        {arena.status === 'finished' && (
          <h2>{answer.tables > 0 ? t('arena.finishing', { count: answer.tables }) : t('arena.over')}</h2>
        )}
        {arena.status !== 'finished' &&
          (guest ? (
            <p>
              {t('arena.needsUsername')} <a href="#/account">{t('nav.account')}</a>
            </p>
          ) : inLobby === true ? (
            <>
              <p role="status">
                {answer.you?.table
                  ? t('arena.seated')
                  : arena.status === 'upcoming'
                    ? t('arena.waitStart')
                    : t('arena.waiting')}
              </p>
              <div className="actions">
                <button
                  type="button"
                  onClick={() => {
                    setInLobby(false);
                    void leaveArena(id).catch(() => undefined);
                  }}
                >
                  {t('arena.pause')}
                </button>
              </div>
            </>
          ) : (
            <div className="actions">
              <button
                type="button"
                className="primary big"
                onClick={() => {
                  setInLobby(true);
                }}
              >
                {answer.you?.entered ? t('arena.back') : t('arena.join')}
              </button>
            </div>
          ))}
        {refused !== null && (
          <p className="error" role="alert">
            {refused === 403 ? t('arena.needsUsername') : t('arena.refused')}
          </p>
        )}
        <p className="hint">{t('arena.pointsRule')}</p>
      </section>
      {answer.podium.length > 0 && <ArenaPodium podium={answer.podium} />}
      <section className="card">
        <h2>{t('arena.standings')}</h2>
        {answer.standings.length === 0 ? (
          <p>{t('arena.nobody')}</p>
        ) : (
          <table className="arena-standings" data-testid="arena-standings">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('arena.player')}</th>
                <th scope="col">{t('arena.points')}</th>
                <th scope="col">{t('arena.games')}</th>
                <th scope="col">{t('arena.wins')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.standings.map((s) => (
                <tr key={s.account} className={s.account === account?.id ? 'me' : ''}>
                  <td>{s.place}</td>
                  <td>
                    <PlayerName name={s.name} username={s.username} account={s.account} />
                    {s.playing && <span className="arena-playing"> · {t('arena.playing')}</span>}
                  </td>
                  <td>{s.points}</td>
                  <td>{s.games}</td>
                  <td>{s.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <div className="actions center">
        <a className="button" href="#/arenas">
          {t('arena.all')}
        </a>
      </div>
    </div>
  );
}

/** The first three, once the arena is over: second, first, third, as the end of a game shows them. */
function ArenaPodium({ podium }: { podium: readonly ArenaStanding[] }) {
  const { t } = useTranslation();
  const ordinals = ['first', 'second', 'third'];
  return (
    <section className="card arena-podium" data-testid="arena-podium">
      <h2>{t('arena.podium')}</h2>
      <ol className="podium">
        {podiumOrder(podium).map((s) => (
          <li key={s.account} value={s.place} className={`step place-${Math.min(s.place, 3)}`}>
            <span className="podium-name">
              <PlayerName name={s.name} username={s.username} account={s.account} />
            </span>
            <span className="arena-podium-points">{t('arena.pointsCount', { count: s.points })}</span>
            <span className="podium-step">{t(`ordinal.${ordinals[s.place - 1] ?? 'third'}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A profile's arenas: each with the player's place, points and games (none: nothing shown). */
export function ProfileArenas({ id }: { id: string }) {
  const { t } = useTranslation();
  const results = useData<PlayerArenasAnswer>(() => fetchPlayerArenas(id), [id], { keep: true }).data?.arenas ?? [];
  if (results.length === 0) return null;
  return (
    <section className="card" data-testid="profile-arenas">
      <h2>{t('arena.profileTitle')}</h2>
      <ul>
        {results.map((r) => (
          <li key={r.arena.id}>
            <a href={`#/arena/${encodeURIComponent(r.arena.id)}`}>{arenaName(r.arena, t)}</a>
            {' · '}
            {t(r.arena.status === 'finished' ? 'arena.placeFinal' : 'arena.placeSoFar', {
              place: r.place,
              count: r.arena.players,
            })}
            {' · '}
            {t('arena.pointsCount', { count: r.points })} {t('arena.gamesCount', { count: r.games })}
          </li>
        ))}
      </ul>
    </section>
  );
}

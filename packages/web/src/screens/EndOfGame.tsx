import type { RaceView } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { send } from '../net.js';
import { go } from '../route.js';
import { Players, RoundBoards } from './Game.js';
import { PlayerName, RejectedNote } from './common.js';
import type { Table } from './table.js';

/** The end: who won, the standings, how a tie was settled, and a rematch. */
export function EndOfGame({ table, view }: { table: Table; view: RaceView }) {
  const { t } = useTranslation();
  const { lobby, nameOf } = table;
  const winners = view.winners ?? [];
  const names = winners.map(nameOf).join(', ');
  const tieRounds = view.history.filter((r) => r.tieBreak);
  const tied = [...new Set(tieRounds.flatMap((r) => r.deals.map((d) => d.player)))];
  const isHost = lobby.you >= 0 && lobby.you === lobby.host;
  return (
    <div className="end">
      <h1>
        {winners.length > 1
          ? t('end.shared', { names })
          : winners[0] === view.you
            ? t('end.youWon')
            : t('end.won', { name: names })}
      </h1>
      <section className="card">
        <h2>{t('end.how')}</h2>
        <p>
          {view.edition === 'jewels'
            ? t('end.jewelsRule')
            : view.edition === 'classic' && view.variant === 'fixed'
              ? t('end.fixedRule')
              : t('end.pointsRule')}
        </p>
        {tieRounds.length > 0 && (
          <p data-testid="tie-break">{tieBreakText(t, tied.map(nameOf), tieRounds.length, winners.map(nameOf))}</p>
        )}
      </section>
      <Podium view={view} nameOf={nameOf} accountOf={(id) => lobby.seats.find((s) => s.id === id)?.account} />
      <Players view={view} nameOf={nameOf} />
      {/* The last round's boards, as every other round's were shown between rounds. */}
      {table.reveal && table.reveal.round === view.history.at(-1)?.round && (
        <RoundBoards reveal={table.reveal} view={view} nameOf={nameOf} />
      )}
      <RejectedNote rejected={table.rejected} onClose={table.clearRejected} />
      <div className="actions center">
        {isHost ? (
          <button
            type="button"
            className="primary big"
            onClick={() => {
              send(table.room, 'rematch');
            }}
          >
            {t('end.rematch')}
          </button>
        ) : (
          lobby.you >= 0 && <p>{t('end.waitRematch')}</p>
        )}
        <button
          type="button"
          onClick={() => {
            go('');
          }}
        >
          {t('nav.home')}
        </button>
        {table.savedGame && (
          <a className="button" href={`#/replay/${encodeURIComponent(table.savedGame)}`}>
            {t('replay.link')}
          </a>
        )}
      </div>
    </div>
  );
}

/** The first three places, as a podium: the winner in the middle, highest. */
function Podium({
  view,
  nameOf,
  accountOf,
}: {
  view: RaceView;
  nameOf: (id: string) => string;
  /** A person's account (their profile), by their id in the game. */
  accountOf: (id: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const top = view.standings.filter((s) => s.place <= 3);
  if (top.length < 2) return null;
  const order = podiumOrder(top);
  return (
    <ol className="podium" aria-label={t('end.podium')}>
      {order.map((s) => (
        <li key={s.player} value={s.place} className={`step place-${s.place}`}>
          <span className="podium-name">
            <PlayerName name={nameOf(s.player)} account={accountOf(s.player)} />
            {s.player === view.you && ` (${t('lobby.you')})`}
          </span>
          <span className="podium-step">
            {t(`ordinal.${ORDINALS[s.place - 1] ?? 'fourth'}`)}
            {s.tied ? ' =' : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

const ORDINALS = ['first', 'second', 'third'];

/** How a tie was settled, in words: who were level, the tie-break rounds they played, and who won them (or none). */
export function tieBreakText(
  t: TFunction,
  tied: readonly string[],
  rounds: number,
  winners: readonly string[],
): string {
  const settled = winners.length > 1 ? t('end.tieShared') : t('end.tieSettled', { name: winners.join(', ') });
  return `${t('end.tieBreak', { names: tied.join(', '), count: rounds })} ${settled}`;
}

/**
 * The podium's steps from left to right, as podiums stand: the winners (all of them, if tied) in
 * the middle, the others, best first, on either side of them in turn (second on the left, third on
 * the right; two tied seconds one each side).
 */
export function podiumOrder<T extends { readonly place: number }>(standings: readonly T[]): T[] {
  const winners = standings.filter((s) => s.place === 1);
  const others = standings.filter((s) => s.place !== 1).sort((a, b) => a.place - b.place);
  const left = others.filter((_, k) => k % 2 === 0).reverse();
  const right = others.filter((_, k) => k % 2 === 1);
  return [...left, ...winners, ...right];
}

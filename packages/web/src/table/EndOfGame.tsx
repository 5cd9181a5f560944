import type { Decision, JewelColour, RaceView, RatingChange } from '@ubongo/core';
import { JEWEL_COLOURS } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { send } from '../net.js';
import { go } from '../route.js';
import { Players, RoundBoards } from './standings.js';
import { PlayerName } from '../ui/PlayerName.js';
import { RejectedNote } from '../ui/RejectedNote.js';
import { ShownRating } from '../rating/Shown.js';
import { RatingGained } from '../rating/RatingGained.js';
import { Jewel } from '../ui/gems.js';
import { Moment } from '../ui/moments.js';
import type { Table } from './table.js';

/** The end: who won, the standings, how a tie was settled, and a rematch. */
export function EndOfGame({ table, view }: { table: Table; view: RaceView }) {
  const { t } = useTranslation();
  const { lobby, nameOf } = table;
  const winners = view.winners ?? [];
  const names = winners.map(nameOf).join(', ');
  const isHost = lobby.you >= 0 && lobby.you === lobby.host;
  const decided = view.decided;
  const youWon = winners.length === 1 && winners[0] === view.you;
  return (
    <div className="end">
      {youWon ? (
        // The fanfare is the game's end's own (race-events.ts).
        <Moment kind="win" sound={false}>
          <h1>{t('end.youWon')}</h1>
        </Moment>
      ) : (
        <h1>
          {winners.length === 0
            ? t('end.nobodyWon')
            : winners.length > 1
              ? t('end.shared', { names })
              : t('end.won', { name: names })}
        </h1>
      )}
      <section className="card">
        <h2>{t('end.how')}</h2>
        <p>
          {view.edition === 'jewels'
            ? t('end.jewelsRule')
            : view.edition === 'classic' && view.variant === 'fixed'
              ? t('end.fixedRule')
              : t('end.pointsRule')}
        </p>
        {view.edition === 'jewels' && decided?.by === 'score' && <JewelWin view={view} nameOf={nameOf} />}
        {decided && decided.by !== 'score' && (
          <p data-testid="decided" className={decided.by === 'tie-break' || decided.by === 'shared' ? 'tie-break' : ''}>
            {decisionText(t, decided, winners, nameOf)}
          </p>
        )}
      </section>
      <Rating table={table} won={youWon} />
      {decided?.by !== 'nobody-scored' && (
        <Podium view={view} nameOf={nameOf} accountOf={(id) => lobby.seats.find((s) => s.id === id)?.account} />
      )}
      <Players view={view} nameOf={nameOf} seats={lobby.seats} />
      {/* The last round's boards, as every other round's were shown between rounds. */}
      {table.reveal && table.reveal.round === view.history.at(-1)?.round && (
        <RoundBoards reveal={table.reveal} view={view} nameOf={nameOf} />
      )}
      <RejectedNote rejected={table.rejected} onClose={table.clearRejected} />
      <div className="actions center">
        {lobby.arena !== undefined ? (
          <a className="button primary big" href={`#/arena/${encodeURIComponent(lobby.arena)}`}>
            {t('arena.backToArena')}
          </a>
        ) : isHost ? (
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

/**
 * Whether the game was rated, and for a rated game each rated player's rating before and after it
 * and what kept a move short (the server's `saved`, which comes a moment after the end), with a
 * moment when the player's own went up.
 */
function Rating({ table, won }: { table: Table; won: boolean }) {
  const { t } = useTranslation();
  const { saved, nameOf, lobby } = table;
  const you = lobby.seats[lobby.you]?.id;
  if (!lobby.settings.rated)
    return (
      <p className="rated-or-not" data-testid="rated">
        {t('end.casual')}
      </p>
    );
  return (
    <section className="card" data-testid="rated" aria-labelledby="rated-title">
      <h2 id="rated-title">{t('end.rated')}</h2>
      {saved && <RatingGained ratings={saved.ratings} you={you} won={won} />}
      {!saved ? (
        <p className="rating-note">{t('end.ratingsPending')}</p>
      ) : saved.ratings.length === 0 ? (
        <p>{t('end.ratingsNone')}</p>
      ) : (
        <table className="rating-changes">
          <thead>
            <tr>
              <th scope="col">{t('end.ratingPlayer')}</th>
              <th scope="col">{t('end.ratingBefore')}</th>
              <th scope="col">{t('end.ratingAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {saved.ratings.map((r) => (
              <tr key={r.player} data-player={r.player}>
                <th scope="row">
                  {nameOf(r.player)}
                  {r.player === you && ` (${t('lobby.you')})`}
                </th>
                <td className="rating-change">{r.before}</td>
                <td className="rating-change">
                  <ShownRating display={r.after} provisional={r.provisional} deviation={r.deviation}>
                    <Change r={r} />
                  </ShownRating>
                  {r.provisional && <span className="rating-note"> {t('end.provisional')}</span>}
                  {r.limits.map((l) => (
                    <span key={l} className="rating-note" data-limit={l}>
                      <br />
                      {t(`end.limit.${l}`)}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A rating's change in a game, signed, coloured by its direction. */
function Change({ r }: { r: RatingChange }) {
  const change = r.after - r.before;
  return (
    <span className={change > 0 ? 'rating-up' : change < 0 ? 'rating-down' : ''}>
      ({change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0'})
    </span>
  );
}

/** What decided the game, in words (core's `Decision`; its plain "most points" needs none beyond the rule). */
export function decisionText(
  t: TFunction,
  decided: Decision,
  winners: readonly string[],
  nameOf: (id: string) => string,
): string {
  switch (decided.by) {
    case 'nobody-scored':
      return t('end.nobodyScored');
    case 'score':
      return '';
    case 'jewel-count':
      return t('end.jewelCount', {
        colour: t(`end.colourRank.${Math.min(decided.rank, 6)}`),
        counts: decided.counts.map((c) => t('end.jewelsOf', { name: nameOf(c.player), count: c.jewels })).join(', '),
      });
    case 'tie-break':
      return t('end.tieBreakWon', {
        names: decided.tied.map(nameOf).join(', '),
        name: winners.map(nameOf).join(', '),
        round: decided.round,
      });
    case 'shared':
      return decided.tieBreaks > 0
        ? tieBreakText(t, decided.tied.map(nameOf), decided.tieBreaks, decided.tied.map(nameOf))
        : t('end.sameJewels', { names: decided.tied.map(nameOf).join(', ') });
  }
}

/**
 * A jewel game won outright (core's Decision `score`): the colour the winner holds most of, more
 * than anyone else holds of any colour (several when the winner holds as many of each), and how many.
 */
export function jewelWin(view: RaceView): { player: string; colours: JewelColour[]; count: number } | null {
  const [winner, ...others] = view.winners ?? [];
  if (winner === undefined || others.length > 0) return null;
  const jewels = view.players.find((p) => p.id === winner)?.jewels;
  if (!jewels) return null;
  const count = Math.max(...JEWEL_COLOURS.map((c) => jewels[c]));
  if (count <= 0) return null;
  return { player: winner, colours: JEWEL_COLOURS.filter((c) => jewels[c] === count), count };
}

/** Which colour won a jewel game outright, and who holds it, with the jewel drawn beside it. */
export function JewelWin({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  const won = jewelWin(view);
  if (!won) return null;
  const colour = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    won.colours.map((c) => t(`jewels.${c}`)),
  );
  return (
    <p data-testid="jewel-win" className="jewel-win">
      {won.colours.map((c) => (
        <Jewel key={c} colour={c} decorative />
      ))}{' '}
      {t('end.jewelWon', { name: nameOf(won.player), colour, count: won.count })}
    </p>
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

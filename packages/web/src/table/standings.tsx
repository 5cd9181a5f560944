import type { Gem as GemName, LobbyMessage, RaceView, RoundProgress, RoundReveal } from '@ubongo/core';
import { GEM_POINTS, GEMS, JEWEL_COLOURS } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { BoardPicture } from '../play/BoardPicture.js';
import { Pawn } from './JewelBoard.js';
import { Gem, Jewel } from '../ui/gems.js';
import { PlayerName } from '../ui/PlayerName.js';
import { SeatReaction } from './reactions.js';

/* The standings and the rounds played: who holds what, who solved in which place, the boards of a round that ended. */

/** The solving places' names, first to fourth (translation keys under `ordinal`). */
export const ORDINAL_KEYS = ['first', 'second', 'third', 'fourth'];

/** The players, best first, with what they hold and whether they have solved this round. */
export function Players({
  view,
  nameOf,
  seats = [],
  progress = {},
}: {
  view: RaceView;
  nameOf: (id: string) => string;
  /** The table's seats (the lobby's): a person's name links to their profile, with their username beside it. */
  seats?: LobbyMessage['seats'];
  /** Each player's pieces down in the round being played, as the server relays them. */
  progress?: RoundProgress;
}) {
  const { t } = useTranslation();
  const round = view.round;
  return (
    <section className="card players">
      <h2>{t('game.standings')}</h2>
      <ol>
        {view.standings.map((standing) => {
          const p = view.players.find((q) => q.id === standing.player);
          if (!p) return null;
          const place = round && view.phase === 'playing' ? round.solved.indexOf(p.id) : -1;
          // Still at it this round: their pieces down, as their board reports them (bots report none).
          const racing = round && view.phase === 'playing' && place < 0 && round.deals.some((d) => d.player === p.id);
          const down = racing ? progress[p.id] : undefined;
          const seat = seats.find((s) => s.id === p.id);
          return (
            <li key={p.id} value={standing.place} className={p.id === view.you ? 'me' : ''} data-player={p.id}>
              <span className="place" title={standing.tied ? t('game.tiedPlace') : undefined}>
                {standing.place}
                {standing.tied ? '=' : '.'}
              </span>
              <span className="player-name">
                {view.edition === 'jewels' && <Pawn index={view.players.indexOf(p)} name={nameOf(p.id)} />}{' '}
                <PlayerName name={nameOf(p.id)} username={seat?.username} account={seat?.account} />
                {p.id === view.you && ` (${t('lobby.you')})`}
                {/* A guest is marked in the standings as in the lobby: a name alone is no one's. */}
                {seat?.guest === true && <span className="tag guest">{t('lobby.guest')}</span>}
                <SeatReaction seat={seats.findIndex((s) => s.id === p.id)} />
              </span>
              <span className="player-score">
                {view.edition === 'jewels' ? (
                  <JewelCounts jewels={p.jewels} />
                ) : (
                  <>
                    {t('game.points', { count: p.points })}{' '}
                    <span className="gems">
                      {GEMS.map((g: GemName) =>
                        p.gems[g] > 0 ? (
                          <span key={g} className="gem-count" data-gem={g}>
                            <Gem gem={g} />×{p.gems[g]}
                          </span>
                        ) : null,
                      )}
                    </span>
                  </>
                )}
              </span>
              {down && <PiecesDown down={down.down} of={down.of} />}
              {place >= 0 && (
                <span className="solved-tag">
                  ✓ {t(`ordinal.${ORDINAL_KEYS[place] ?? 'fourth'}`)}{' '}
                  {view.edition !== 'jewels' && (round?.gains[p.id] ?? []).map((g, i) => <Gem key={i} gem={g} />)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {view.edition === 'jewels' ? <LeadingColours view={view} nameOf={nameOf} /> : <GemLegend />}
    </section>
  );
}

/** A player's pieces down of their task's, as a row of pips and in words. */
function PiecesDown({ down, of }: { down: number; of: number }) {
  const { t } = useTranslation();
  const label = t('game.piecesDown', { down, of });
  return (
    <span className="pieces-down" role="img" aria-label={label} title={label} data-down={down} data-of={of}>
      <span className="pips" aria-hidden="true">
        {Array.from({ length: of }, (_, i) => (
          <span key={i} className={i < down ? 'pip on' : 'pip'} />
        ))}
      </span>
      <span aria-hidden="true">
        {down}/{of}
      </span>
    </span>
  );
}

/** What each gem is worth. */
function GemLegend() {
  const { t } = useTranslation();
  return (
    <p className="legend" data-testid="gem-legend">
      {GEMS.map((g: GemName) => (
        <span key={g} className="gem-count">
          <Gem gem={g} /> {t('game.gemWorth', { gem: t(`gems.${g}`), count: GEM_POINTS[g] })}
        </span>
      ))}
    </p>
  );
}

/** The jewel edition: who holds the most of each colour (what the winner is decided by). */
function LeadingColours({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const lines = JEWEL_COLOURS.flatMap((colour) => {
    const most = Math.max(0, ...view.players.map((p) => p.jewels[colour]));
    if (most === 0) return [];
    const leaders = view.players.filter((p) => p.jewels[colour] === most).map((p) => nameOf(p.id));
    return [{ colour, most, leaders }];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="legend leading" data-testid="leading-colours">
      {lines.map(({ colour, most, leaders }) => (
        <li key={colour}>
          <Jewel colour={colour} decorative />{' '}
          {t('game.leads', { colour: t(`jewels.${colour}`), names: leaders.join(', '), count: most })}
        </li>
      ))}
    </ul>
  );
}

/** A player's jewels, colour by colour. */
export function JewelCounts({ jewels }: { jewels: Record<string, number> }) {
  const { t } = useTranslation();
  const held = Object.entries(jewels).filter(([, n]) => n > 0);
  // None yet is said, not left blank.
  if (held.length === 0) return <span className="gems muted">{t('game.noJewels')}</span>;
  return (
    <span className="gems">
      {held.map(([colour, n]) => (
        <span key={colour} className="gem-count" data-gem={colour}>
          <Jewel colour={colour} />×{n}
        </span>
      ))}
    </span>
  );
}

/**
 * Between rounds: every player's board of the round that ended, covered as its player covered it,
 * or with a solution where nobody did; who solved in which place, and what each took.
 */
export function RoundBoards({
  reveal,
  view,
  nameOf,
}: {
  reveal: RoundReveal;
  view: Pick<RaceView, 'edition' | 'you'>;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="round-boards" aria-labelledby="round-boards-title">
      <h2 id="round-boards-title">
        {reveal.tieBreak ? t('game.revealTieBreakTitle') : t('game.revealTitle', { round: reveal.round })}
      </h2>
      <ul>
        {reveal.boards.map((b) => {
          const place = reveal.solved.indexOf(b.player);
          const name = `${nameOf(b.player)}${b.player === view.you ? ` (${t('lobby.you')})` : ''}`;
          return (
            <li key={b.player} className={b.solved ? 'solved' : 'unsolved'} data-player={b.player}>
              <BoardPicture
                task={b.task}
                placements={b.placements}
                label={t(b.solved ? 'game.revealSolved' : 'game.revealSolution', { name, board: b.deal.board })}
              />
              <p>
                <strong>{name}</strong>{' '}
                {place >= 0 ? (
                  <span className="solved-tag">✓ {t(`ordinal.${ORDINAL_KEYS[place] ?? 'fourth'}`)}</span>
                ) : (
                  <span className="muted">{t('game.revealNotSolved')}</span>
                )}{' '}
                {b.gains.map((g, i) =>
                  view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The last finished round: who solved, in order, and what they took. */
export function LastRound({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const last = view.history[view.history.length - 1];
  if (!last) return null;
  return (
    <section className="card last-round">
      <h2>{t('game.lastRound', { round: last.round })}</h2>
      {last.solved.length === 0 ? (
        <p>{t('game.nobodySolved')}</p>
      ) : (
        <ol>
          {last.solved.map((id) => (
            <li key={id}>
              {nameOf(id)}{' '}
              {(last.gains[id] ?? []).map((g, i) =>
                view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

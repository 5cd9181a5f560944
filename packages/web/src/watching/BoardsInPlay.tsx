import type { PlayerId, Puzzle, RaceView, RoundProgress } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoardPicture } from '../play/BoardPicture.js';

/*
 * The boards of the round in play as they fill (docs/web.md, "Watching"): for a watcher, and for a
 * player who has solved while the others play on. One board large (the focused player's), the
 * others small beside it; a tap or click on a small one brings it large. What is drawn is what the
 * server sent (the view's `tasks`, the progress's `placements`): nothing is worked out here.
 */

/** The boards of the round in play: `tasks` and `progress` as the server last sent them. */
export function BoardsInPlay({
  view,
  tasks,
  progress,
  nameOf,
}: {
  view: Pick<RaceView, 'round' | 'you'>;
  tasks: Readonly<Record<PlayerId, Puzzle>>;
  progress: RoundProgress;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<PlayerId | null>(null);
  const round = view.round;
  const players = (round?.deals ?? []).map((d) => d.player).filter((p) => tasks[p] !== undefined);
  if (!round || players.length === 0) return null;
  const solved = (p: PlayerId): boolean => round.solved.includes(p);
  // Until one is chosen: the first still at it who is not me, else the first.
  const focus =
    chosen !== null && players.includes(chosen)
      ? chosen
      : (players.find((p) => p !== view.you && !solved(p)) ?? players[0] ?? '');
  const nameWithYou = (p: PlayerId): string => `${nameOf(p)}${p === view.you ? ` (${t('lobby.you')})` : ''}`;
  const board = (p: PlayerId) => {
    const task = tasks[p] as Puzzle;
    const placements = progress[p]?.placements ?? [];
    const down = progress[p]?.down ?? 0;
    const of = task.pieces.length;
    const place = round.solved.indexOf(p);
    const label = t(place >= 0 ? 'watchBoards.solvedLabel' : 'watchBoards.boardLabel', {
      name: nameWithYou(p),
      down,
      of,
    });
    return { task, placements, down, of, place, label };
  };
  const big = board(focus);
  const others = players.filter((p) => p !== focus);
  return (
    <section className="boards-in-play" aria-labelledby="boards-in-play-title">
      <h2 id="boards-in-play-title">{t('watchBoards.title')}</h2>
      <figure className="focused-board" data-player={focus} data-down={big.down} data-of={big.of}>
        <BoardPicture task={big.task} placements={big.placements} label={big.label} />
        <figcaption>
          <strong>{nameWithYou(focus)}</strong> <BoardState place={big.place} down={big.down} of={big.of} />
        </figcaption>
      </figure>
      {others.length > 0 && (
        <div className="other-boards-box">
          <p className="boards-hint">{t('watchBoards.hint')}</p>
          <ul className="other-boards">
            {others.map((p) => {
              const b = board(p);
              return (
                <li key={p} data-player={p} data-down={b.down} data-of={b.of}>
                  <button
                    type="button"
                    className="board-choice"
                    onClick={() => {
                      setChosen(p);
                    }}
                  >
                    {/* Named by its words: the picture is what the large one will say. */}
                    <span aria-hidden="true">
                      <BoardPicture task={b.task} placements={b.placements} label={b.label} />
                    </span>
                    <span className="board-choice-name">
                      {nameWithYou(p)} <BoardState place={b.place} down={b.down} of={b.of} />
                      <span className="sr-only">{`, ${t('watchBoards.show')}`}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Solved (in which place), or the pieces down of the task's. */
function BoardState({ place, down, of }: { place: number; down: number; of: number }) {
  const { t } = useTranslation();
  if (place >= 0) return <span className="solved-tag">✓ {t(`ordinal.${ORDINALS[place] ?? 'fourth'}`)}</span>;
  return (
    <span className="muted">
      <span aria-hidden="true">
        {down}/{of}
      </span>
      <span className="sr-only">{t('game.piecesDown', { down, of })}</span>
    </span>
  );
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];

import type { RatingChange } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { Moment } from '../ui/moments.js';

/**
 * A rated game's moment (issue 46): the player's own rating went up. The server's `saved` tells
 * each rated player's shown rating before and after the game and nothing more (no place on a
 * board, no best so far), so the moment says what those two numbers say: up, by how much, to what.
 * No moment for a rating that stayed or fell, for someone else's, or for a watcher. The fanfare is
 * left to the win's when the player also won (the game's end played it a moment before).
 */
export function RatingGained({
  ratings,
  you,
  won,
}: {
  ratings: readonly RatingChange[];
  /** The player's id in the game (undefined for a watcher). */
  you: string | undefined;
  won: boolean;
}) {
  const { t } = useTranslation();
  const mine = ratings.find((r) => r.player === you);
  if (!mine || mine.after <= mine.before) return null;
  return (
    <Moment kind="rank" sound={!won}>
      <p className="rating-gained" data-testid="rating-gained">
        {t('art.ratingGained', { change: mine.after - mine.before, after: mine.after })}
      </p>
    </Moment>
  );
}

import type { RaceView } from '@ubongo/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeLeft } from '../hooks.js';
import type { Received } from './GameBar.js';

/* Extreme's lay-out before the sand is turned (Game.tsx shows it), and the countdown it and the start share. */

/**
 * Extreme with the whole set, before the sand is turned: the player finds their colour's pieces
 * (the board shows which) and says they are laid out; then who the sand still waits for, and
 * the seconds left to lay out (docs/rules.md §3.6).
 */
/** How long the lay-out button waits for the server's word before it may be pressed again. */
const LAY_OUT_AGAIN_MS = 3000;

export function LayOut({
  layout,
  round,
  me,
  message,
  nameOf,
  onLaidOut,
}: {
  layout: NonNullable<NonNullable<RaceView['round']>['layout']>;
  round: NonNullable<RaceView['round']>;
  me: string | null;
  message: Received;
  nameOf: (id: string) => string;
  onLaidOut: () => void;
}) {
  const { t } = useTranslation();
  // Sent once: the button waits for the server's word rather than sending again, and is offered
  // again if no word came (a message refused or lost on the way).
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const again = setTimeout(() => {
      setSent(false);
    }, LAY_OUT_AGAIN_MS);
    return () => {
      clearTimeout(again);
    };
  }, [sent]);
  const mine = me !== null && round.deals.some((d) => d.player === me);
  const done = me !== null && layout.done.includes(me);
  const waiting = round.deals.filter((d) => !layout.done.includes(d.player) && d.player !== me).map((d) => d.player);
  const names = waiting.map(nameOf).join(', ');
  return (
    <div className="lay-out">
      <p className="task-line" role="status">
        <Countdown at={layout.until} message={message}>
          {(seconds) =>
            mine && !done
              ? t('game.layOutYourPieces', { seconds })
              : waiting.length === 0
                ? t('game.sandTurning')
                : t('game.waitingLayOut', { names, count: waiting.length, seconds })
          }
        </Countdown>
      </p>
      {mine && !done && (
        <button
          type="button"
          className="primary lay-out-button"
          disabled={sent}
          onClick={() => {
            setSent(true);
            onLaidOut();
          }}
        >
          {t('game.laidOut')}
        </button>
      )}
    </div>
  );
}

/** The whole seconds until the game time `at`, said by `children`, with a clock of its own. */
export function Countdown({
  at,
  message,
  children,
}: {
  at: number;
  message: Received;
  children: (seconds: number) => string;
}) {
  return children(Math.ceil(useTimeLeft(at, message) / 1000));
}

import { useEffect } from 'react';
import type { Clocked } from '../hooks.js';
import { useTimeLeft } from '../hooks.js';
import { play } from '../sound.js';

/** The last seconds of a run's clock (a timed solo run, Storm), when it turns urgent, as a round's hourglass does. */
export const URGENT_SECONDS = 10;

/**
 * The time left to the game time `deadline` the server sent (ms), and whether it is urgent: in its
 * last ten whole seconds, when the sand is heard at each second (the sound settings decide whether
 * it sounds). Re-renders as its whole seconds change (useTimeLeft).
 */
export function useCountdown(deadline: number, message: Clocked): { left: number; urgent: boolean } {
  const left = useTimeLeft(deadline, message);
  const whole = Math.ceil(left / 1000);
  const urgent = whole > 0 && whole <= URGENT_SECONDS;
  useEffect(() => {
    if (urgent) play('sand');
  }, [urgent, whole]);
  return { left, urgent };
}

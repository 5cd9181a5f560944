import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { play } from '../sound.js';

/*
 * Moments (issue 46): a win, a new best, three stars, a streak kept, a rating gone up are more than
 * a line of text. Each is a burst drawn behind its words, once, with a short fanfare; under
 * `prefers-reduced-motion` the burst stands still (moments.css), and the fanfare follows the sound
 * settings as every cue does. Stars are drawn too, not glyphs.
 */

/** What a moment celebrates. */
export type MomentKind = 'win' | 'best' | 'stars' | 'streak' | 'rank';

/** The colours of the rays, the logo's four. */
const RAY_COLOURS = ['#e2634a', '#f0c75e', '#2a9d8f', '#7b6fd0'];

/** Twelve rays round the centre, in the logo's colours. */
const RAYS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  const [inner, outer] = i % 2 === 0 ? [20, 46] : [24, 38];
  return {
    x1: Math.cos(angle) * inner,
    y1: Math.sin(angle) * inner,
    x2: Math.cos(angle) * outer,
    y2: Math.sin(angle) * outer,
    colour: RAY_COLOURS[i % RAY_COLOURS.length] ?? '#f0c75e',
  };
});

/**
 * A moment: `children` (its words, as they were) over a burst of rays that springs out once, and
 * the fanfare (`sound`: false where the screen already played one, as a game's end does).
 */
export function Moment({ kind, sound = true, children }: { kind: MomentKind; sound?: boolean; children: ReactNode }) {
  useEffect(() => {
    if (sound) play(kind === 'win' ? 'win' : 'moment');
  }, [kind, sound]);
  return (
    <div className={`moment moment-${kind}`} data-moment={kind}>
      <svg className="moment-burst" viewBox="-50 -50 100 100" aria-hidden="true" focusable="false">
        {RAYS.map((r, i) => (
          <line
            key={i}
            x1={r.x1}
            y1={r.y1}
            x2={r.x2}
            y2={r.y2}
            stroke={r.colour}
            strokeWidth="5"
            strokeLinecap="round"
          />
        ))}
      </svg>
      <div className="moment-words">{children}</div>
    </div>
  );
}

/** A five-pointed star, in a 24-unit box. */
const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * Stars drawn: `earned` of `of` filled gold, the rest outlined. Hidden from screen readers: the
 * label around them says the count in words.
 */
export function Stars({ earned, of = 3 }: { earned: number; of?: number }) {
  return (
    <span className="drawn-stars" aria-hidden="true" data-earned={earned}>
      {Array.from({ length: of }, (_, i) => (
        <svg key={i} className={i < earned ? 'star earned' : 'star'} viewBox="0 0 24 24" focusable="false">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

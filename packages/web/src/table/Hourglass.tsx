import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Clocked } from '../hooks.js';
import { timeLeft } from '../hooks.js';

/** How long the second chance's banner shows (ms). */
const BANNER_MS = 4000;

/**
 * The hourglass, drawn: the sand in the top bulb runs into the bottom one as the server's deadline
 * nears; turned over for the second chance (with a banner saying so); urgent in the last ten
 * seconds. The seconds are also written, and it is a progress bar for screen readers.
 *
 * It keeps its own time without React: React draws the glass when its props change (a new message
 * from the server among them), not as time passes; a timer writes the seconds, the sand, the bar
 * and the urgency straight into those elements as each whole second passes. A React render of it
 * each second, with its translations, cost a frame about 3 ms at desktop speed (about four times
 * that on a phone) once a second, in the middle of a drag too. React is given none of what the
 * timer writes, so it never undoes it.
 */
export function Hourglass({
  deadline,
  clock,
  total,
  second,
  onSecond,
}: {
  /** The game time the sand runs out. */
  deadline: number;
  /** The message whose server clock tells the time, and when it came. */
  clock: Clocked;
  /** The whole hourglass, in ms. */
  total: number;
  second: boolean;
  /** Told the whole seconds left each time they change, first when drawn. */
  onSecond?: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const seconds = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLDivElement>(null);
  const topSand = useRef<SVGPathElement>(null);
  const stream = useRef<SVGPathElement>(null);
  const heap = useRef<SVGPathElement>(null);
  const told = useRef(onSecond);
  useLayoutEffect(() => {
    told.current = onSecond;
  });
  // The second last told, and of which deadline: a new message redraws the glass, but a second is told once.
  const lastTold = useRef<{ deadline: number; whole: number } | null>(null);
  // The banner for a few seconds once the glass is turned, then taken away (not faded: an animation
  // on the hourglass would restyle it in every frame a drag draws meanwhile).
  const [banner, setBanner] = useState(false);
  useEffect(() => {
    setBanner(second);
    if (!second) return;
    const timer = setTimeout(() => {
      setBanner(false);
    }, BANNER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [second]);
  const { serverNow, timeScale, receivedAt } = clock;
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = -1;
    const draw = (): void => {
      const left = timeLeft(deadline, { serverNow, timeScale }, receivedAt, performance.now());
      const whole = Math.ceil(left / 1000);
      if (whole !== shown) {
        shown = whole;
        const share = total > 0 ? Math.min(1, Math.max(0, left / total)) : 0;
        // The bulbs: triangles 20 wide and 20 high, the neck at y = 22; sand levels by area (the share's square root).
        const top = 20 * Math.sqrt(share);
        const bottom = 20 * Math.sqrt(1 - share);
        setIfChanged(
          topSand.current,
          'd',
          top > 0.2 ? `M${coord(12 - top / 2)} ${coord(22 - top)}h${coord(top)}L12 22Z` : '',
        );
        setIfChanged(stream.current, 'd', share > 0 && share < 1 ? 'M12 22v20' : '');
        setIfChanged(
          heap.current,
          'd',
          bottom > 0.2 ? `M${coord(12 - bottom / 2)} 42h${coord(bottom)}L12 ${coord(42 - bottom * 0.8)}Z` : '',
        );
        if (seconds.current) writeText(seconds.current, t('game.secondsLeft', { count: whole }));
        setIfChanged(bar.current, 'aria-valuenow', String(whole));
        if (fill.current) fill.current.style.transform = `scaleX(${share.toFixed(4)})`;
        root.current?.toggleAttribute('data-urgent', whole <= 10 && whole > 0);
        if (lastTold.current?.deadline !== deadline || lastTold.current.whole !== whole) {
          lastTold.current = { deadline, whole };
          told.current?.(whole);
        }
      }
      // Again when the next whole second is reached: a timer's delay is whole milliseconds, rounded
      // up so as not to wake just before it (were it early, this waits on).
      if (left > 0) timer = setTimeout(draw, Math.ceil(left % 1000) || 1000);
    };
    draw();
    return () => {
      clearTimeout(timer);
    };
  }, [deadline, serverNow, timeScale, receivedAt, total, t]);
  return (
    <div ref={root} className={`hourglass${second ? ' second' : ''}`}>
      <svg className="hourglass-glass" viewBox="0 0 24 44" aria-hidden="true">
        <g className="hourglass-turn">
          <path className="glass" d="M2 1h20M2 43h20M3 1c0 12 8 15 8 21S3 31 3 43M21 1c0 12-8 15-8 21s8 9 8 21" />
          {/* The top bulb's sand, its surface sinking towards the neck. */}
          <path ref={topSand} className="sand" />
          {/* The stream through the neck while sand is left (still: table.css). */}
          <path ref={stream} className="stream" />
          {/* The bottom bulb's heap, growing. */}
          <path ref={heap} className="sand" />
        </g>
      </svg>
      <div className="hourglass-text">
        <span className="hourglass-label">
          {second ? t('game.secondSand') : t('game.sand')} <span ref={seconds} />
        </span>
        <div
          ref={bar}
          className="hourglass-bar"
          role="progressbar"
          aria-label={t('game.sand')}
          aria-valuemin={0}
          aria-valuemax={Math.round(total / 1000)}
        >
          {/*
            Scaled rather than resized: the bar moves without laying the page out again. It steps
            once a second, as drawn, rather than gliding: see the comment on .hourglass-glass .stream
            in table.css.
          */}
          <div ref={fill} />
        </div>
      </div>
      {banner && (
        <p className="second-chance-banner" role="status">
          {t('game.secondChanceBanner')}
        </p>
      )}
    </div>
  );
}

/** Sets an attribute unless it already has that value: setting it again restyles the element all the same. */
function setIfChanged(element: Element | null, name: string, value: string): void {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Writes an element's text by changing its text node's data, not the node: a node put into the page
 * or taken out restyles the page's root and <main> (the root's layout asks :has(.play-screen)), and
 * lays out the line again from scratch.
 */
function writeText(element: Element, text: string): void {
  const node = element.firstChild;
  if (node instanceof Text && node === element.lastChild) {
    if (node.data !== text) node.data = text;
  } else element.textContent = text;
}

/** A coordinate of the sand, to a hundredth of the glass's 24 units. */
function coord(n: number): string {
  return String(Math.round(n * 100) / 100);
}

import type { RefObject } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphPoint } from './graph.js';
import { ratingGraph } from './graph.js';

/** The graph's height, and its width where nothing is laid out (jsdom), in pixels. */
const HEIGHT = 190;
const UNLAID = 360;
/** Past this many games the dots would crowd the line: the line alone. */
const MOST_DOTS = 40;

/** The width the page gives `ref`'s element, followed as it changes (UNLAID until measured). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(UNLAID);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/**
 * An edition's rating after each rated game (docs/accounts.md, "Profiles"), oldest on the left: the
 * shown rating as a line, its uncertainty (± deviation, as the rating is shown) as a shaded band,
 * the scale's round values on the left and the first and last game's dates below. Drawn at the
 * width the page gives it, so its labels keep their size on a phone; said in words to a screen
 * reader, with the uncertainty the rating has now.
 */
export function RatingGraph({
  edition,
  points,
  deviation,
}: {
  readonly edition: string;
  readonly points: readonly (GraphPoint & { readonly at: number })[];
  /** The rating's uncertainty now: a season's turn widens it after the last game (docs/accounts.md, "Seasons"). */
  readonly deviation: number;
}) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const g = ratingGraph(points, width, HEIGHT);
  const date = (at: number) => new Date(at).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const shown = points.map((p) => p.display);
  const summary = t('profile.graphSummary', {
    edition,
    first: first.display,
    last: last.display,
    low: Math.min(...shown),
    high: Math.max(...shown),
    deviation,
  });
  const one = g.points.length === 1 ? g.points[0] : undefined;
  return (
    <figure className="rating-graph">
      <div ref={box} className="rating-graph-box">
        <svg width={width} height={HEIGHT} role="img" aria-label={summary}>
          {g.ticks.map((tick) => (
            <g key={tick.value} className="rating-graph-tick">
              <line x1={g.plot.left} x2={g.plot.right} y1={tick.y} y2={tick.y} />
              <text x={g.plot.left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
                {tick.value}
              </text>
            </g>
          ))}
          {g.band !== '' && <path className="rating-graph-band" d={g.band} />}
          {one && <line className="rating-graph-bar" x1={one.x} x2={one.x} y1={one.high} y2={one.low} />}
          <path className="rating-graph-line" d={g.line} />
          {g.points.length <= MOST_DOTS &&
            g.points.map((p, i) => <circle key={i} className="rating-graph-dot" cx={p.x} cy={p.y} r={3} />)}
          <text className="rating-graph-date" x={g.plot.left} y={HEIGHT - 6} textAnchor="start">
            {date(first.at)}
          </text>
          {points.length > 1 && (
            <text className="rating-graph-date" x={g.plot.right} y={HEIGHT - 6} textAnchor="end">
              {date(last.at)}
            </text>
          )}
        </svg>
      </div>
      <figcaption className="muted">{t('profile.graphCaption')}</figcaption>
    </figure>
  );
}

/*
 * A rating graph's geometry (RatingGraph.tsx): the rating after each rated game as a line, its
 * uncertainty (± deviation) as a band around it, on a scale with round ticks, in screen pixels.
 */

/** A rating after a game: the number shown and its uncertainty on the same scale. */
export interface GraphPoint {
  readonly display: number;
  readonly deviation: number;
}

/** Where a graph's parts are drawn, in pixels of a `w` by `h` picture. */
export interface GraphLayout {
  /** The plot's box, inside the room left for the axes' labels. */
  readonly plot: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
  /** Each point's place, oldest first, with the ends of its band. */
  readonly points: readonly { readonly x: number; readonly y: number; readonly high: number; readonly low: number }[];
  /** The line through the points (an SVG path). */
  readonly line: string;
  /** The band from display + deviation to display - deviation (an SVG path; empty for one point). */
  readonly band: string;
  /** The scale's round values, low to high, with their height. */
  readonly ticks: readonly { readonly value: number; readonly y: number }[];
}

/** Room for the scale's labels (left) and the dates (below), in pixels. */
const MARGIN = { left: 44, right: 12, top: 10, bottom: 26 };

/** A round step (1, 2, 2.5 or 5 times a power of ten) that cuts `span` into at most `most` parts. */
export function niceStep(span: number, most: number): number {
  const rough = Math.max(span, 1) / Math.max(most, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough);
  return step ?? 10 * power;
}

/** The least room above and below a point on the scale. */
const MIN_SPREAD = 20;

const px = (n: number): string => n.toFixed(1);

/** Lays `points` (oldest first, at least one) out in a `w` by `h` picture: the scale spans every band. */
export function ratingGraph(points: readonly GraphPoint[], w: number, h: number): GraphLayout {
  const plot = { left: MARGIN.left, right: w - MARGIN.right, top: MARGIN.top, bottom: h - MARGIN.bottom };
  // A flat, certain history still gets a scale of a few round steps around it.
  const spread = (p: GraphPoint): number => Math.max(p.deviation, MIN_SPREAD);
  const highest = Math.max(...points.map((p) => p.display + spread(p)));
  const lowest = Math.min(...points.map((p) => p.display - spread(p)));
  const step = niceStep(highest - lowest, 4);
  const from = Math.floor(lowest / step) * step;
  const to = Math.max(Math.ceil(highest / step) * step, from + step);
  const yOf = (v: number): number => plot.bottom - ((v - from) / (to - from)) * (plot.bottom - plot.top);
  const width = plot.right - plot.left;
  const xOf = (i: number): number =>
    points.length === 1 ? plot.left + width / 2 : plot.left + (i / (points.length - 1)) * width;
  const placed = points.map((p, i) => ({
    x: xOf(i),
    y: yOf(p.display),
    high: yOf(p.display + p.deviation),
    low: yOf(p.display - p.deviation),
  }));
  const line = placed.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.x)},${px(p.y)}`).join(' ');
  const band =
    placed.length < 2
      ? ''
      : [
          ...placed.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.x)},${px(p.high)}`),
          ...[...placed].reverse().map((p) => `L${px(p.x)},${px(p.low)}`),
          'Z',
        ].join(' ');
  const ticks: { value: number; y: number }[] = [];
  for (let v = from; v <= to + step / 2; v += step) ticks.push({ value: Math.round(v), y: yOf(v) });
  return { plot, points: placed, line, band, ticks };
}

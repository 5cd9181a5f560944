/*
 * How colours look to the common colour-vision types, to check the palettes the pieces and
 * swatches are drawn in (vision.test.ts): the simulation of Machado, Oliveira and Fernandes (2009)
 * at full severity, on linear RGB, and the distance of two colours as people see them (CIE76 ΔE in
 * CIELAB, D65). A ΔE near 2 is barely told apart side by side; past 10, at a glance.
 */

/** The colour-vision types checked: the three dichromacies (Chromium emulates the same three). */
export const VISIONS = ['usual', 'protanopia', 'deuteranopia', 'tritanopia'] as const;
export type Vision = (typeof VISIONS)[number];

type Matrix = readonly [readonly number[], readonly number[], readonly number[]];
const MACHADO: Readonly<Record<Exclude<Vision, 'usual'>, Matrix>> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

type Rgb = readonly [number, number, number];

/** A `#rrggbb` colour as linear RGB, each 0 to 1. */
function linear(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channel = (h: string | undefined): number => {
    const c = parseInt(h ?? '0', 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return [channel(m[1]), channel(m[2]), channel(m[3])];
}

/** A linear RGB colour as seen with `vision`. */
function seen(rgb: Rgb, vision: Vision): Rgb {
  if (vision === 'usual') return rgb;
  const clamp = (v: number): number => Math.min(1, Math.max(0, v));
  const row = (r: readonly number[]): number =>
    clamp((r[0] ?? 0) * rgb[0] + (r[1] ?? 0) * rgb[1] + (r[2] ?? 0) * rgb[2]);
  const m = MACHADO[vision];
  return [row(m[0]), row(m[1]), row(m[2])];
}

/** CIELAB (D65) of a linear RGB colour: lightness L (0-100), then a and b. */
function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIELAB of `hex` as seen with `vision`. */
export const labSeen = (hex: string, vision: Vision): Rgb => lab(seen(linear(hex), vision));

/** How far apart two colours look with `vision` (CIE76 ΔE). */
export function distance(a: string, b: string, vision: Vision): number {
  const [l1, a1, b1] = labSeen(a, vision);
  const [l2, a2, b2] = labSeen(b, vision);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/** The two colours of `palette` that look nearest with `vision`, and how far apart. */
export function nearestPair(palette: readonly string[], vision: Vision): { pair: [string, string]; distance: number } {
  let best: { pair: [string, string]; distance: number } = { pair: ['', ''], distance: Infinity };
  palette.forEach((a, i) => {
    palette.slice(i + 1).forEach((b) => {
      const d = distance(a, b, vision);
      if (d < best.distance) best = { pair: [a, b], distance: d };
    });
  });
  return best;
}

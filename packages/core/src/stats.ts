/*
 * The few distributions the plausibility model (game/plausibility.ts) tests against: the normal,
 * the chi-square (through the regularized lower incomplete gamma function) and the number of
 * successes of independent trials of unequal chances (Poisson-binomial). Each is exact to well
 * under the thresholds it is compared with (1e-3); the known answers are in stats.test.ts.
 */

/** The error function, Abramowitz & Stegun 7.1.26 (absolute error under 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

/** The standard normal distribution function: P(Z <= z). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/** ln Gamma(x) for x > 0 (Lanczos, g = 7, nine terms: 15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = c[0] as number;
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * The regularized lower incomplete gamma function P(a, x): by its series below a + 1, by the
 * continued fraction of its complement above (Numerical Recipes 6.2), both to 1e-14.
 */
function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return sum * front;
  }
  // Lentz's method for the continued fraction of Q(a, x).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return 1 - front * h;
}

/** The chi-square distribution function with `k` degrees of freedom: P(X <= x). */
export function chiSquareCdf(x: number, k: number): number {
  return gammaP(k / 2, x / 2);
}

/**
 * The chance that at least `k` of independent trials succeed, trial i with chance `chances[i]`
 * (the Poisson-binomial upper tail), by the exact convolution, O(n^2).
 */
export function atLeastOf(chances: readonly number[], k: number): number {
  if (k <= 0) return 1;
  // dist[j]: the chance of exactly j successes so far.
  let dist = [1];
  for (const p of chances) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, j) => {
      next[j] = (next[j] as number) + q * (1 - p);
      next[j + 1] = (next[j + 1] as number) + q * p;
    });
    dist = next;
  }
  return Math.min(
    1,
    dist.slice(k).reduce((s, q) => s + q, 0),
  );
}

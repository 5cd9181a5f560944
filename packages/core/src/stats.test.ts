import { describe, expect, it } from 'vitest';
import { atLeastOf, chiSquareCdf, normalCdf } from './stats.js';

// Known answers from statistical tables (R: pnorm, pchisq, and the binomial for equal chances).
describe('stats', () => {
  it.each([
    [0, 0.5],
    [1, 0.8413447],
    [-1.959964, 0.025],
    [-3.090232, 0.001],
    [2.326348, 0.99],
  ])('normalCdf(%f) = %f', (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 6);
  });

  it.each([
    [0.0243, 3, 0.001],
    [0.0908, 4, 0.001],
    [3.940299, 10, 0.05],
    [1, 1, 0.6826895],
    [29.58859, 10, 0.999],
    [18.307038, 10, 0.95],
  ])('chiSquareCdf(%f, %i) = %f', (x, k, p) => {
    expect(chiSquareCdf(x, k)).toBeCloseTo(p, 3);
  });

  it('atLeastOf is the binomial tail for equal chances, and 1 for none needed', () => {
    expect(atLeastOf([0.1, 0.1, 0.1, 0.1, 0.1], 5)).toBeCloseTo(1e-5, 12);
    // P(X >= 2), X ~ Bin(4, 0.5) = 11/16.
    expect(atLeastOf([0.5, 0.5, 0.5, 0.5], 2)).toBeCloseTo(11 / 16, 12);
    expect(atLeastOf([0.3, 0.9], 0)).toBe(1);
    // Unequal: P(both) = 0.27, P(at least one) = 1 - 0.7 * 0.1.
    expect(atLeastOf([0.3, 0.9], 2)).toBeCloseTo(0.27, 12);
    expect(atLeastOf([0.3, 0.9], 1)).toBeCloseTo(0.93, 12);
  });
});

import { describe, expect, it } from 'vitest';
import { niceStep, ratingGraph } from './graph.js';

describe('a rating graph’s geometry', () => {
  it('steps its scale by round numbers', () => {
    expect(niceStep(400, 4)).toBe(100);
    expect(niceStep(90, 4)).toBe(25);
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0, 4)).toBe(0.25);
  });

  it('spans every band with round ticks, oldest on the left, higher up', () => {
    const g = ratingGraph(
      [
        { display: 1500, deviation: 300 },
        { display: 1620, deviation: 200 },
        { display: 1700, deviation: 120 },
      ],
      400,
      200,
    );
    expect(g.ticks.map((t) => t.value)).toEqual([1200, 1400, 1600, 1800, 2000]);
    const [first, , last] = g.points;
    expect(first?.x).toBe(g.plot.left);
    expect(last?.x).toBe(g.plot.right);
    expect(last?.y).toBeLessThan(first?.y ?? 0);
    // The band's ends are the rating ± its uncertainty, on the same scale.
    expect(first?.low).toBe(g.plot.bottom - ((1200 - 1200) / 800) * (g.plot.bottom - g.plot.top));
    expect(g.band.startsWith('M')).toBe(true);
    expect(g.band.endsWith('Z')).toBe(true);
  });

  it('puts a single game in the middle, with no band to join', () => {
    const g = ratingGraph([{ display: 1500, deviation: 0 }], 300, 150);
    expect(g.points[0]?.x).toBe(g.plot.left + (g.plot.right - g.plot.left) / 2);
    expect(g.band).toBe('');
    expect(g.ticks.map((t) => t.value)).toEqual([1480, 1490, 1500, 1510, 1520]);
    expect(g.points[0]?.y).toBe(g.ticks[2]?.y);
  });
});

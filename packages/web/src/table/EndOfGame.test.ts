import { describe, expect, it } from 'vitest';
import { podiumOrder } from './EndOfGame.js';

const at = (...places: number[]) => places.map((place, k) => ({ player: `p${k + 1}`, place }));
const names = (steps: readonly { player: string }[]) => steps.map((s) => s.player);

describe('the podium', () => {
  it('stands second, first, third', () => {
    expect(names(podiumOrder(at(1, 2, 3)))).toEqual(['p2', 'p1', 'p3']);
    expect(names(podiumOrder(at(1, 2)))).toEqual(['p2', 'p1']);
  });

  it('keeps the winner in the middle when others tie below', () => {
    expect(names(podiumOrder(at(1, 2, 2)))).toEqual(['p2', 'p1', 'p3']);
    expect(names(podiumOrder(at(2, 2, 1)))).toEqual(['p1', 'p3', 'p2']);
    expect(names(podiumOrder(at(1, 2, 2, 2)))).toEqual(['p4', 'p2', 'p1', 'p3']);
  });

  it('keeps tied winners together in the middle', () => {
    expect(names(podiumOrder(at(1, 1, 3)))).toEqual(['p3', 'p1', 'p2']);
    expect(names(podiumOrder(at(1, 1)))).toEqual(['p1', 'p2']);
  });
});

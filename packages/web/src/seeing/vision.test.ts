import { describe, expect, it } from 'vitest';
import { EXTREME_COLOURS } from '@ubongo/core';
import { EXTREME_SHADES, extremeFill, PIECE_COLOURS } from '../play/draw.js';
import { JEWEL_FILL } from '../ui/gems.js';
import { distance, nearestPair, VISIONS } from './vision.js';

/*
 * The palettes the pieces and swatches are drawn in, as each common colour-vision type sees them
 * (Machado et al. 2009; Chromium's emulation of the same three is what the browser test looks at).
 * ΔE 10 is told apart at a glance; patterns and letters carry what colour cannot.
 */

describe('the colour-vision simulation', () => {
  it('knows the answers it is built on: black and white, and red and green run together for deuteranopia', () => {
    expect(distance('#000000', '#ffffff', 'usual')).toBeCloseTo(100, 0);
    expect(distance('#ffffff', '#ffffff', 'deuteranopia')).toBeCloseTo(0, 5);
    // A pure red and a green of about its lightness: far apart for most, close for deuteranopia.
    expect(distance('#d7263d', '#2e9e44', 'usual')).toBeGreaterThan(60);
    expect(distance('#d7263d', '#2e9e44', 'deuteranopia')).toBeLessThan(10);
    // Blue and yellow stay apart for red-green deficiencies, not for tritanopia as much.
    expect(distance('#1b6ec2', '#f2c230', 'deuteranopia')).toBeGreaterThan(40);
  });

  it('refuses what is not a colour', () => {
    expect(() => distance('red', '#000000', 'usual')).toThrow('not a #rrggbb colour: red');
  });
});

describe.each(VISIONS)('the palettes, with %s vision', (vision) => {
  it('keeps the pieces’ six colours apart', () => {
    expect(nearestPair(PIECE_COLOURS, vision).distance).toBeGreaterThan(14);
  });

  it('keeps Extreme’s four colours apart', () => {
    const fills = EXTREME_COLOURS.map((c) => extremeFill(c) ?? '');
    expect(nearestPair(fills, vision).distance).toBeGreaterThan(15);
  });

  it.each(EXTREME_COLOURS)('keeps the shades of %s apart (one board’s pieces)', (colour) => {
    expect(nearestPair(EXTREME_SHADES[colour], vision).distance).toBeGreaterThan(12);
  });

  it('keeps Jewels’ six colours at least told apart side by side (each has its shape too)', () => {
    expect(nearestPair(Object.values(JEWEL_FILL), vision).distance).toBeGreaterThan(9);
  });
});

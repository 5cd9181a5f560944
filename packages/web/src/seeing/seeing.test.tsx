// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PatternDefs, PATTERN_COUNT, patternId, PiecePattern } from './patterns.js';
import { highContrast, setSeeing } from './seeing.js';

afterEach(() => {
  cleanup();
  setSeeing({ patterns: false, contrast: 'device' });
});

describe('seeing', () => {
  it('draws a piece’s pattern only once asked for, the same for the same place, and keeps the choice', () => {
    const { container, rerender } = render(
      <svg>
        <PiecePattern d="M0 0H40V40H0Z" i={7} />
      </svg>,
    );
    expect(container.querySelector('.piece-pattern')).toBeNull();
    setSeeing({ patterns: true });
    rerender(
      <svg>
        <PiecePattern d="M0 0H40V40H0Z" i={7} />
      </svg>,
    );
    const drawn = container.querySelector('.piece-pattern');
    expect(drawn?.getAttribute('fill')).toBe(`url(#${patternId(7)})`);
    // The place's pattern cycles as its colour does: the 8th piece has the 2nd's.
    expect(patternId(7)).toBe(patternId(1));
    expect(document.documentElement.dataset['patterns']).toBe('on');
    expect(localStorage.getItem('ubongo.patterns')).toBe('1');
  });

  it('defines each pattern once, all different', () => {
    const { container } = render(<PatternDefs />);
    const ids = [...container.querySelectorAll('pattern')].map((p) => p.id);
    expect(ids).toHaveLength(PATTERN_COUNT);
    expect(new Set(ids).size).toBe(PATTERN_COUNT);
    for (let i = 0; i < PATTERN_COUNT; i++) expect(ids).toContain(patternId(i));
  });

  it('turns high contrast on when asked, or when the device asks and the setting follows it', () => {
    expect(highContrast({ patterns: false, contrast: 'device' }, true)).toBe(true);
    expect(highContrast({ patterns: false, contrast: 'device' }, false)).toBe(false);
    expect(highContrast({ patterns: false, contrast: 'usual' }, true)).toBe(false);
    expect(highContrast({ patterns: false, contrast: 'high' }, false)).toBe(true);
    setSeeing({ contrast: 'high' });
    expect(document.documentElement.dataset['contrast']).toBe('high');
    setSeeing({ contrast: 'usual' });
    expect(document.documentElement.dataset['contrast']).toBeUndefined();
  });
});

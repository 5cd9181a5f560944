import { kept } from '../kept.js';

/*
 * How the player wants the game drawn for their eyes, kept on this device: patterns on every
 * piece and colour swatch (for colour-vision deficiencies: pieces told apart without their colour),
 * and high contrast (stronger edges and text). The page's root carries them as `data-patterns` and
 * `data-contrast`, for the sheets (seeing.css); the pieces read `useSeeing` to draw their patterns.
 */

/** The contrast asked for: the device's own setting ("more contrast"), or always high, or always usual. */
export const CONTRASTS = ['device', 'high', 'usual'] as const;
export type Contrast = (typeof CONTRASTS)[number];

export interface Seeing {
  readonly patterns: boolean;
  readonly contrast: Contrast;
}

const PATTERNS_KEY = 'ubongo.patterns';
const CONTRAST_KEY = 'ubongo.contrast';
const DEFAULTS: Seeing = { patterns: false, contrast: 'device' };

function stored(): Seeing {
  try {
    const contrast = localStorage.getItem(CONTRAST_KEY);
    return {
      patterns: localStorage.getItem(PATTERNS_KEY) === '1',
      contrast: CONTRASTS.includes(contrast as Contrast) ? (contrast as Contrast) : DEFAULTS.contrast,
    };
  } catch {
    return DEFAULTS;
  }
}

/** Whether high contrast is on now: asked for, or the device's "more contrast" while the setting follows it. */
export function highContrast(s: Seeing, deviceWantsMore: boolean): boolean {
  return s.contrast === 'high' || (s.contrast === 'device' && deviceWantsMore);
}

const MORE_CONTRAST = '(prefers-contrast: more)';
const deviceWantsMore = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(MORE_CONTRAST).matches;

/** Puts the settings on the page's root, where the sheets read them. */
function mark(s: Seeing): void {
  const root = document.documentElement;
  if (s.patterns) root.dataset['patterns'] = 'on';
  else delete root.dataset['patterns'];
  if (highContrast(s, deviceWantsMore())) root.dataset['contrast'] = 'high';
  else delete root.dataset['contrast'];
}

/** Marks the page at start, and again when the device's contrast setting changes. */
export function applySeeing(): void {
  mark(seeing.current());
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(MORE_CONTRAST).addEventListener('change', () => {
    mark(seeing.current());
  });
}

const seeing = kept(
  stored,
  (s) => {
    localStorage.setItem(PATTERNS_KEY, s.patterns ? '1' : '0');
    localStorage.setItem(CONTRAST_KEY, s.contrast);
  },
  mark,
);

/** The settings as they stand, re-rendering on a change. */
export const useSeeing: () => Seeing = seeing.use;

/** Changes the settings, keeps them on this device and redraws. */
export const setSeeing: (next: Partial<Seeing>) => void = seeing.set;

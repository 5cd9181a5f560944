import { useTranslation } from 'react-i18next';

const GEM_COLOURS: Record<string, string> = {
  ruby: '#c1121f',
  sapphire: '#1d4ed8',
  emerald: '#15803d',
  amber: '#d97706',
};
const GEM_SHAPES: Record<string, string> = {
  ruby: 'M8 1 15 8 8 15 1 8Z',
  sapphire: 'M8 1 15 6 12 15 4 15 1 6Z',
  emerald: 'M3 2h10l2 6-2 6H3L1 8Z',
  amber: 'M8 2a6 6 0 1 0 .01 0Z',
};

/** A gem: its own colour and shape, and its name for screen readers. */
export function Gem({ gem }: { gem: string }) {
  const { t } = useTranslation();
  return (
    <svg className="gem" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={t(`gems.${gem}`)}>
      <path d={GEM_SHAPES[gem] ?? GEM_SHAPES['amber']} fill={GEM_COLOURS[gem] ?? '#888'} stroke="#0006" />
    </svg>
  );
}

export const JEWEL_FILL: Record<string, string> = {
  green: '#16a34a',
  red: '#dc2626',
  blue: '#2563eb',
  // Light enough to stand apart from blue for red-green colour vision (it has its own shape too).
  violet: '#c084fc',
  brown: '#92400e',
  yellow: '#eab308',
};
/** Each jewel colour also has its own shape, for players who do not tell the colours apart. */
export const JEWEL_SHAPES: Record<string, string> = {
  green: 'M0 -7 7 0 0 7 -7 0Z',
  red: 'M-6 -6h12v12h-12Z',
  blue: 'M0 -7a7 7 0 1 0 .01 0Z',
  violet: 'M0 -7 7 6 -7 6Z',
  brown: 'M-7 0-3.5 -6h7L7 0 3.5 6h-7Z',
  yellow: 'M0 -7 2 -2 7 -2 3 1.5 4.5 7 0 3.5 -4.5 7 -3 1.5 -7 -2 -2 -2Z',
};

/** A jewel: its own colour and shape, and its name for screen readers (none where the words beside it say it). */
export function Jewel({ colour, decorative = false }: { colour: string; decorative?: boolean }) {
  const { t } = useTranslation();
  return (
    <svg
      className="jewel"
      viewBox="-8 -8 16 16"
      width="14"
      height="14"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t(`jewels.${colour}`) })}
    >
      <path d={JEWEL_SHAPES[colour]} fill={JEWEL_FILL[colour]} stroke="#0006" />
    </svg>
  );
}

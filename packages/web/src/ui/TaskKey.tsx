import type { DieSymbol } from '@ubongo/core';
import { DIE_SYMBOLS } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { extremeFill } from '../play/draw.js';

/** A die face (its symbol in a rounded square), or an Extreme colour, as the round's task. */
export function TaskKey({ value }: { value: string }) {
  const { t } = useTranslation();
  const symbol = (DIE_SYMBOLS as Readonly<Record<string, DieSymbol | undefined>>)[value];
  const label = t(`keys.${value}`);
  // The symbol's 16-unit box, with a margin of 3 around it for the frame.
  if (symbol)
    return (
      <svg className="die" viewBox="-3 -3 22 22" width="40" height="40" role="img" aria-label={label}>
        <rect x="-2.4" y="-2.4" width="20.8" height="20.8" rx="4" fill="#fff" stroke="#333" strokeWidth="1.2" />
        <g fill="#222" fillRule="evenodd">
          {symbol.paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </g>
      </svg>
    );
  // An Extreme colour: its name on a swatch of the colour its pieces are drawn in.
  return (
    <span className="colour-key" data-colour={value} style={{ backgroundColor: extremeFill(value) ?? '#888' }}>
      {label}
    </span>
  );
}

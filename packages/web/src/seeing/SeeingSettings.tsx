import { useTranslation } from 'react-i18next';
import { EXTREME_SHADES, PIECE_COLOURS, pieceLetter } from '../play/draw.js';
import { TaskKey } from '../ui/TaskKey.js';
import { PiecePattern } from './patterns.js';
import type { Contrast } from './seeing.js';
import { CONTRASTS, setSeeing, useSeeing } from './seeing.js';

/** A square piece's face in the sample (picture units). */
const SQUARE = 'M2 2H38V38H2Z';

/** The pieces' colours and Extreme's, as they are drawn now: what the settings change, seen at once. */
function Sample() {
  const { t } = useTranslation();
  return (
    <div className="seeing-sample" role="img" aria-label={t('seeing.sample')}>
      <span className="seeing-pieces">
        {PIECE_COLOURS.map((colour, i) => (
          <svg key={colour} viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
            <path d={SQUARE} fill={colour} stroke="#0009" strokeWidth="1.5" />
            <PiecePattern d={SQUARE} i={i} />
            <path className="piece-edge" d={SQUARE} />
            <text x="20" y="21" className="piece-letter" fontSize="19">
              {pieceLetter(i)}
            </text>
          </svg>
        ))}
      </span>
      <span className="seeing-colours" aria-hidden="true">
        {Object.keys(EXTREME_SHADES).map((c) => (
          <TaskKey key={c} value={c} />
        ))}
      </span>
    </div>
  );
}

/** Patterns on pieces and colours, and contrast: kept on this device, for every screen. */
export function SeeingSettings() {
  const { t } = useTranslation();
  const { patterns, contrast } = useSeeing();
  return (
    <section className="card seeing" aria-labelledby="seeing-title">
      <h2 id="seeing-title">{t('seeing.title')}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={patterns}
          aria-describedby="seeing-patterns-text"
          onChange={(e) => {
            setSeeing({ patterns: e.target.checked });
          }}
        />
        {t('seeing.patterns')}
      </label>
      <p className="hint" id="seeing-patterns-text">
        {t('seeing.patternsText')}
      </p>
      <fieldset className="segmented-field">
        <legend>{t('seeing.contrast')}</legend>
        {CONTRASTS.map((c: Contrast) => (
          <label key={c} className="check">
            <input
              type="radio"
              name="contrast"
              checked={contrast === c}
              onChange={() => {
                setSeeing({ contrast: c });
              }}
            />
            {t(`seeing.contrast_${c}`)}
          </label>
        ))}
      </fieldset>
      <Sample />
    </section>
  );
}

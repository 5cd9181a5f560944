import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A shown rating with its uncertainty (docs/accounts.md, "Ratings"): "1540?" while provisional, as
 * lichess shows it, then "± 120" (40 sigma): a new player's number is a guess, and says so.
 * `children` (a game's change) go between the number and its ±.
 */
export function ShownRating({
  display,
  provisional,
  deviation,
  children,
}: {
  readonly display: number;
  readonly provisional: boolean;
  readonly deviation: number;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <strong className="rating-value" title={provisional ? t('profile.provisional') : undefined}>
        {display}
        {provisional && '?'}
      </strong>{' '}
      {children !== undefined && <>{children} </>}
      <span className="muted rating-deviation" title={t('profile.deviation')}>
        ± {deviation}
      </span>
    </>
  );
}

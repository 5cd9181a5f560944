import { useTranslation } from 'react-i18next';

/*
 * A board entry no reviewer has approved yet (docs/accounts.md, "Reviewed results"): results are
 * listed at once, and the board says which a person has looked at. The server says which
 * (`reviewed`); the page only shows it.
 */

/** The mark beside an entry not yet reviewed (nothing for a reviewed one). */
export function UnreviewedMark({ reviewed }: { reviewed: boolean }) {
  const { t } = useTranslation();
  if (reviewed) return null;
  return (
    <>
      {' '}
      <span className="unreviewed" role="img" aria-label={t('review.unreviewed')} title={t('review.unreviewed')}>
        ○
      </span>
    </>
  );
}

/** The one line under a board that says what the mark means, when an entry has it. */
export function UnreviewedLegend({ entries }: { entries: readonly { readonly reviewed: boolean }[] }) {
  const { t } = useTranslation();
  if (entries.every((e) => e.reviewed)) return null;
  return <p className="legend">{t('review.legend')}</p>;
}

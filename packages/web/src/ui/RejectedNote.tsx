import type { Rejected } from '@ubongo/core';
import { useTranslation } from 'react-i18next';

/** Why the server said no, in the player's language, with each problem of a wrong placement. */
export function RejectedNote({ rejected, onClose }: { rejected: Rejected | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!rejected) return null;
  const problems = [...new Set((rejected.problems ?? []).map((p) => p.code))];
  return (
    <div className="rejected" role="alert">
      <p>
        {t(`errors.${rejected.code}`, { defaultValue: t('errors.other', { message: rejected.message }) })}
        {problems.length > 1 && ` ${problems.map((c) => t(`errors.${c}`, { defaultValue: c })).join(' ')}`}
      </p>
      <button type="button" className="small" onClick={onClose} aria-label={t('common.dismiss')}>
        ✕
      </button>
    </div>
  );
}

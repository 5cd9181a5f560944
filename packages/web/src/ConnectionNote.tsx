import { useTranslation } from 'react-i18next';
import { useServerOut } from './connection.js';
import { ReloadButton } from './ui/ReloadButton.js';

/**
 * What the page says while its server is out of reach (connection.ts): offline, or unreachable
 * (a join unanswered for a few seconds, a request with no answer), and what to try: reload, or
 * practise on this device meanwhile. Screens that say it in their own words (practice, solo) show
 * their own instead.
 */
export function ConnectionNote() {
  const { t } = useTranslation();
  const out = useServerOut();
  if (out === null) return null;
  return (
    <div className="banner connection-note" role="alert" data-testid="connection-note">
      <p>{t(out === 'offline' ? 'connection.offline' : 'connection.unreachable')}</p>
      <div className="actions">
        {out === 'unreachable' && <ReloadButton label={t('connection.reload')} />}
        <a className="button" href="#/practice">
          {t('practice.playOffline')}
        </a>
      </div>
    </div>
  );
}

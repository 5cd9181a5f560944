import { useTranslation } from 'react-i18next';

/** A screen for accounts with a username, shown to a guest: its title, why, and the way to the account page. */
export function ClaimFirst({ className, title, text }: { className: string; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <h1>{title}</h1>
      <p className="card">{text}</p>
      <p className="actions">
        <a className="button primary" href="#/account">
          {t('friends.toAccount')}
        </a>
      </p>
    </div>
  );
}

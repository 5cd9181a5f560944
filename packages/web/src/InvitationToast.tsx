import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissInvitation, useInvitations } from './friends.js';
import type { Route } from './route.js';
import { go } from './route.js';

/**
 * A friend's invitation to their table, on whatever screen the player is: Join takes them there in
 * one tap (leaving where they are), Decline says no. The newest shows; the rest wait their turn.
 */
export function InvitationToast({ route }: { route: Route }) {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const here = route.name === 'room' ? route.code : null;
  // Already at the table: nothing to ask.
  useEffect(() => {
    for (const invitation of invitations) if (invitation.code === here) void dismissInvitation(invitation.from.id);
  }, [invitations, here]);
  const shown = invitations.find((i) => i.code !== here);
  if (!shown) return null;
  const { name, username } = shown.from;
  const from = username === null || username === name ? name : `${name} (@${username})`;
  return (
    <section className="invitation-toast" role="region" aria-live="polite" aria-label={t('friends.invitation.label')}>
      <p>{t('friends.invitation.text', { name: from })}</p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            void dismissInvitation(shown.from.id);
            go(`room/${shown.code}`);
          }}
        >
          {t('friends.invitation.join')}
        </button>
        <button
          type="button"
          onClick={() => {
            void dismissInvitation(shown.from.id);
          }}
        >
          {t('friends.invitation.decline')}
        </button>
      </div>
    </section>
  );
}

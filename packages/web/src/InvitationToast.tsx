import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissInvitation, useInvitations } from './friends.js';
import type { Route } from './route.js';

/**
 * A friend's invitation to their table, on whatever screen the player is: Join takes them there in
 * one tap (a game under way asks first, as for any link away from it), Decline says no. The newest shows; the rest wait their turn.
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
        {/*
          A link, as every way to another screen is: a game under way asks before it is left (Race.tsx).
          The invitation is cleared once the player is at the table (above).
        */}
        <a className="button primary" href={`#/room/${shown.code}`}>
          {t('friends.invitation.join')}
        </a>
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

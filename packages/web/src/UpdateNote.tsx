import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadButton } from './ui/ReloadButton.js';

/*
 * A new build's worker took the page over while it was open (docs/web.md, "Offline"): the page
 * still runs the old build's code, so it offers to reload, and leaves the choice to the player (a
 * reload mid-game would cost a round).
 */

let ready = false;
const listeners = new Set<() => void>();

/** Says that a new build's worker controls the page now (main.tsx hears it). */
export function noteUpdate(): void {
  if (ready) return;
  ready = true;
  for (const listener of listeners) listener();
}

/** The offer to reload into the new build, once there is one. */
export function UpdateNote() {
  const { t } = useTranslation();
  const shown = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ready,
  );
  if (!shown) return null;
  return (
    <div className="banner info update-note" role="status">
      <p>{t('update.ready')}</p>
      <ReloadButton label={t('update.reload')} />
    </div>
  );
}

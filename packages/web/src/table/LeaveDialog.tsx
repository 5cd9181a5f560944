import type { KeyboardEvent } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The game's own question before a player leaves a game in play (the browser's confirm cannot be
 * styled, translated in its buttons, nor read the same everywhere): a modal dialog over the page,
 * which the rest of the page cannot be reached behind. The focus starts on Stay and stays in the
 * dialog (Tab and Shift+Tab go round its two buttons); Escape is Stay.
 */
export function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    stay.current?.focus();
    return () => {
      if (el?.open) el.close();
    };
  }, []);
  // Tab from the last button comes back to the first, and Shift+Tab from the first to the last.
  const trap = (e: KeyboardEvent<HTMLDialogElement>): void => {
    if (e.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll('button') ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={dialog}
      className="leave-dialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      onKeyDown={trap}
      onCancel={(e) => {
        // Escape: the dialog is closed by its owner, as Stay closes it.
        e.preventDefault();
        onStay();
      }}
    >
      <h2 id="leave-title">{t('race.leaveTitle')}</h2>
      <p id="leave-text">{t('race.leaveText')}</p>
      <div className="actions">
        <button type="button" ref={stay} className="primary" onClick={onStay}>
          {t('race.stay')}
        </button>
        <button type="button" onClick={onLeave}>
          {t('race.leave')}
        </button>
      </div>
    </dialog>
  );
}

import type { ReportRequest } from '@ubongo/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import type { ReportOutcome } from '../net.js';
import { sendReport } from '../net.js';

/** Why a report is made, per kind of entry; the key is sent as the reason's first words, in no one language. */
const REASONS = {
  run: ['too-fast', 'offensive-name', 'other'],
  player: ['unfair-play', 'offensive-name', 'other'],
  board: ['offensive-name', 'other'],
} as const satisfies Record<ReportRequest['kind'], readonly string[]>;

/** The words a reporter may add: with the longest key and ": " the reason stays within the server's 300 characters. */
const WORDS_CHARS = 280;

/**
 * "Report" on a board entry (a run's page, a rated player's profile): a small form (why, and words
 * if they like) sent to the server, whose answer is said in words. Who may report is the server's
 * to say; a guest's button is off, with why, since the server refuses a guest whatever they write.
 */
export function ReportButton({ kind, target }: { kind: ReportRequest['kind']; target: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(REASONS[kind][0]);
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<ReportOutcome | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const guest = account?.username == null;

  const close = (): void => {
    setOpen(false);
    opener.current?.focus();
  };
  const submit = (e: { preventDefault: () => void }): void => {
    e.preventDefault();
    setBusy(true);
    setSaid(null);
    const reason = words.trim() ? `${choice}: ${words.trim()}` : choice;
    void sendReport({ kind, target, reason }).then((outcome) => {
      setBusy(false);
      setSaid(outcome);
      if (outcome.outcome === 'sent' || outcome.outcome === 'already') {
        setWords('');
        close();
      }
    });
  };

  return (
    <div className="report">
      <button
        type="button"
        ref={opener}
        className="small"
        disabled={guest}
        aria-expanded={open}
        aria-controls={`${id}-form`}
        aria-describedby={guest ? `${id}-why` : undefined}
        onClick={() => {
          setSaid(null);
          setOpen(!open);
        }}
      >
        {t('report.button')}
      </button>
      {guest && (
        <p className="hint" id={`${id}-why`}>
          {t('report.signIn')} <a href="#/account">{t('report.account')}</a>
        </p>
      )}
      {open && !guest && (
        <form
          className="card report-form"
          id={`${id}-form`}
          aria-labelledby={`${id}-title`}
          onSubmit={submit}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <h2 id={`${id}-title`}>{t(`report.title.${kind}`)}</h2>
          <fieldset className="report-reasons">
            <legend>{t('report.why')}</legend>
            {REASONS[kind].map((r, i) => (
              <label key={r} className="check">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={choice === r}
                  // The first choice takes the focus as the form opens: the keyboard is where the form is.
                  autoFocus={i === 0}
                  onChange={() => {
                    setChoice(r);
                  }}
                />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>{t('report.words')}</span>
            <textarea
              value={words}
              maxLength={WORDS_CHARS}
              rows={3}
              onChange={(e) => {
                setWords(e.target.value);
              }}
            />
          </label>
          <div className="actions">
            <button type="submit" className="primary" disabled={busy}>
              {t('report.send')}
            </button>
            <button type="button" onClick={close}>
              {t('report.cancel')}
            </button>
          </div>
        </form>
      )}
      {said && <Outcome said={said} />}
    </div>
  );
}

/** The server's answer in words: news in a status, a refusal in an alert. */
function Outcome({ said }: { said: ReportOutcome }) {
  const { t } = useTranslation();
  switch (said.outcome) {
    case 'sent':
      return (
        <p className="banner info" role="status">
          {t('report.sent')}
        </p>
      );
    case 'already':
      return (
        <p className="banner info" role="status">
          {t('report.already')}
        </p>
      );
    case 'sign-in':
      return (
        <p className="error" role="alert">
          {t('report.signIn')} <a href="#/account">{t('report.account')}</a>
        </p>
      );
    case 'too-many':
      return (
        <p className="error" role="alert">
          {said.seconds === null ? t('report.tooMany') : t('report.tooManyWait', { seconds: said.seconds })}
        </p>
      );
    case 'missing':
      return (
        <p className="error" role="alert">
          {t('report.missing')}
        </p>
      );
    case 'failed':
      return (
        <p className="error" role="alert">
          {t('report.failed', { error: said.message })}
        </p>
      );
  }
}

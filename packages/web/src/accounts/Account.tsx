import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, changePassword, claim, rename, signIn, signOut, useAccount } from '../account.js';
import { useData } from '../data.js';
import { errorText } from '../net.js';
import { NameField } from '../ui/fields.js';
import { SeeingSettings } from '../seeing/SeeingSettings.js';

/** Where the account page leads: the profile, the boards, and for a reviewer or an operator the review screen. */
function AccountLinks({ id }: { id: string }) {
  const { t } = useTranslation();
  // The server decides what the review screen shows; the role only says whether to offer it.
  const role = useData(() => api('GET /api/me'), [id]).data?.role ?? 'none';
  return (
    <p className="actions">
      <a className="button" href={`#/player/${id}`}>
        {t('account.profile')}
      </a>
      <a className="button" href="#/leaderboards">
        {t('nav.leaderboards')}
      </a>
      {role !== 'none' && (
        <a className="button" href="#/review">
          {t('review.open')}
        </a>
      )}
    </p>
  );
}

/** Who you are: your name, a username and password to keep the account, signing in elsewhere, signing out. */
export function Account() {
  const { t } = useTranslation();
  const account = useAccount();
  const [name, setName] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Claiming offers the username as the name shown at tables (ticked: one tap keeps it so).
  const [goByUsername, setGoByUsername] = useState(true);
  // The sign-in form's own fields: typing in one form does not fill the other.
  const [login, setLogin] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs a change, then says how it went. */
  const act =
    (work: () => Promise<unknown>, done: string) =>
    (e: { preventDefault: () => void }): void => {
      e.preventDefault();
      setBusy(true);
      setSaid(null);
      work()
        .then(() => {
          setSaid({ ok: true, text: done });
          setPassword('');
          setLoginPassword('');
          setOld('');
          setNext('');
        })
        .catch((err: unknown) => {
          setSaid({ ok: false, text: errorText(err, t) });
        })
        .finally(() => {
          setBusy(false);
        });
    };

  if (!account) return <p className="loading">{t('account.loading')}</p>;
  const shownName = name ?? account.name;
  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <p>{account.username === null ? t('account.guest') : t('account.claimed', { username: account.username })}</p>
      <AccountLinks id={account.id} />
      {said && (
        <p className={said.ok ? 'banner info' : 'error'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
      <form className="card" onSubmit={act(() => rename(shownName), t('account.renamed'))}>
        <NameField label={t('home.name')} value={shownName} onChange={setName} />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('account.rename')}
          </button>
        </div>
      </form>
      {account.username === null ? (
        <>
          <form
            className="card"
            onSubmit={act(async () => {
              const kept = await claim(username, password);
              if (goByUsername && kept.username !== null && kept.name !== kept.username) {
                await rename(kept.username);
                setName(null);
              }
            }, t('account.claimDone'))}
          >
            <h2>{t('account.claimTitle')}</h2>
            <p>{t('account.claimText')}</p>
            <Field label={t('account.username')} value={username} onChange={setUsername} auto="username" />
            <Field label={t('account.password')} value={password} onChange={setPassword} auto="new-password" secret />
            <label className="check">
              <input
                type="checkbox"
                checked={goByUsername}
                onChange={(e) => {
                  setGoByUsername(e.target.checked);
                }}
              />
              {t('account.goByUsername', { name: shownName })}
            </label>
            <div className="actions">
              <button type="submit" className="primary" disabled={busy}>
                {t('account.claim')}
              </button>
            </div>
          </form>
          <SignInForm
            login={login}
            setLogin={setLogin}
            password={loginPassword}
            setPassword={setLoginPassword}
            busy={busy}
            onSubmit={act(() => signIn(login, loginPassword), t('account.signedIn'))}
          />
        </>
      ) : (
        <>
          {account.name !== account.username && (
            <section className="card" data-testid="take-username">
              <p>{t('account.usernameOffer', { name: account.name, username: account.username })}</p>
              <div className="actions">
                <button
                  type="button"
                  disabled={busy}
                  onClick={act(async () => {
                    await rename(account.username ?? account.name);
                    setName(null);
                  }, t('account.renamed'))}
                >
                  {t('account.takeUsername', { username: account.username })}
                </button>
              </div>
            </section>
          )}
          <form className="card" onSubmit={act(() => changePassword(old, next), t('account.passwordChanged'))}>
            <h2>{t('account.passwordTitle')}</h2>
            <Field label={t('account.oldPassword')} value={old} onChange={setOld} auto="current-password" secret />
            <Field label={t('account.newPassword')} value={next} onChange={setNext} auto="new-password" secret />
            <div className="actions">
              <button type="submit" disabled={busy}>
                {t('account.changePassword')}
              </button>
            </div>
          </form>
          <form className="card" onSubmit={act(() => signOut(), t('account.signedOut'))}>
            <p>{t('account.signOutText')}</p>
            <div className="actions">
              <button type="submit" disabled={busy}>
                {t('account.signOut')}
              </button>
            </div>
          </form>
        </>
      )}
      <SeeingSettings />
    </div>
  );
}

function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  auto: string;
  secret?: boolean;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type={props.secret ? 'password' : 'text'}
        value={props.value}
        autoComplete={props.auto}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={200}
        onChange={(e) => {
          props.onChange(e.target.value);
        }}
      />
    </label>
  );
}

/** Signing in to an account kept with a username and password. */
function SignInForm({
  login,
  setLogin,
  password,
  setPassword,
  busy,
  onSubmit,
}: {
  login: string;
  setLogin: (login: string) => void;
  password: string;
  setPassword: (password: string) => void;
  busy: boolean;
  onSubmit: (e: { preventDefault: () => void }) => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="card" onSubmit={onSubmit}>
      <h2>{t('account.signInTitle')}</h2>
      <p>{t('account.signInText')}</p>
      <Field label={t('account.username')} value={login} onChange={setLogin} auto="username" />
      <Field label={t('account.password')} value={password} onChange={setPassword} auto="current-password" secret />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('account.signIn')}
        </button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { go } from '../route.js';
import { watchRoom } from '../hooks.js';
import { createRoom, joinErrorText, quickMatch, rememberRoom } from '../net.js';
import { useAccount } from '../account.js';
import { handOver, savePlayerName } from '../store.js';
import { NameField } from './common.js';

/** The front door: a name, then solo, practice, a private table, a code to join, or quick match. */
export function Home() {
  const { t } = useTranslation();
  const account = useAccount();
  // What the player types; until then, the account's name.
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? account?.name ?? '';
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const enter = async (how: 'create' | 'quick'): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      await savePlayerName(name);
      const room = how === 'create' ? await createRoom('race', {}) : await quickMatch({});
      // Caught from now on: the lobby may arrive before the table's screen listens.
      watchRoom(room);
      rememberRoom(room);
      handOver(room);
      go(`room/${room.roomId}`);
    } catch (e) {
      setError(t('home.cannotJoin', { reason: joinErrorText(e) }));
      setBusy(false);
    }
  };

  const cleanCode = code.trim().toUpperCase();
  return (
    <div className="home">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.tagline')}</p>
      </section>
      <section className="card">
        <NameField
          label={t('home.name')}
          value={name}
          onChange={setName}
          onBlur={() => {
            savePlayerName(name).catch((e: unknown) => {
              setError(t('home.badName', { reason: joinErrorText(e) }));
            });
          }}
        />
      </section>
      <div className="home-grid">
        <section className="card">
          <h2>{t('home.alone')}</h2>
          <p>{t('home.aloneText')}</p>
          <div className="actions">
            <a className="button primary" href="#/solo">
              {t('home.solo')}
            </a>
            <a className="button" href="#/practice">
              {t('home.practice')}
            </a>
          </div>
        </section>
        <section className="card">
          <h2>{t('home.friends')}</h2>
          <p>{t('home.friendsText')}</p>
          <div className="actions">
            <button type="button" className="primary" disabled={busy} onClick={() => void enter('create')}>
              {t('home.create')}
            </button>
            <button type="button" disabled={busy} onClick={() => void enter('quick')}>
              {t('home.quick')}
            </button>
          </div>
          <form
            className="join"
            onSubmit={(e) => {
              e.preventDefault();
              if (!/^[A-Z0-9]{4,12}$/.test(cleanCode)) {
                setError(t('home.badCode'));
                return;
              }
              savePlayerName(name)
                .then(() => {
                  go(`room/${cleanCode}`);
                })
                .catch((e: unknown) => {
                  setError(t('home.badName', { reason: joinErrorText(e) }));
                });
            }}
          >
            <label className="field">
              <span>{t('home.code')}</span>
              <input
                value={code}
                maxLength={12}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                placeholder="ABC234"
                onChange={(e) => {
                  setCode(e.target.value);
                }}
              />
            </label>
            <button type="submit" disabled={busy || cleanCode.length === 0}>
              {t('home.join')}
            </button>
          </form>
        </section>
        <section className="card">
          <h2>{t('home.learn')}</h2>
          <p>{t('home.learnText')}</p>
          <div className="actions">
            <a className="button" href="#/how-to-play">
              {t('nav.how-to-play')}
            </a>
            <a className="button" href="#/leaderboards">
              {t('nav.leaderboards')}
            </a>
          </div>
        </section>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

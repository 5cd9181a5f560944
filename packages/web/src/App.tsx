import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureAccount, useAccount } from './account.js';
import { Announcer } from './announce.js';
import type { Language } from './i18n.js';
import { chooseLanguage, LANGUAGES } from './i18n.js';
import type { Route } from './route.js';
import { parseRoute } from './route.js';
import { Account } from './screens/Account.js';
import { Home } from './screens/Home.js';
import { Leaderboards } from './screens/Leaderboards.js';
import { Profile } from './screens/Profile.js';
import { HowTo } from './screens/HowTo.js';
import { Practice } from './screens/Practice.js';
import { RaceScreen } from './screens/Race.js';
import { Solo } from './screens/Solo.js';

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onHash = (): void => {
      setRoute(parseRoute(window.location.hash));
      window.scrollTo(0, 0);
      // A new screen: the focus goes to its start, as after a page load, for keyboards and screen readers.
      document.getElementById('main')?.focus({ preventScroll: true });
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
    };
  }, []);
  return route;
}

export function App() {
  const { t, i18n } = useTranslation();
  const route = useRoute();
  const account = useAccount();
  useEffect(() => {
    // A guest account on the first visit, before anything is played.
    void ensureAccount().catch(() => undefined);
  }, []);
  useEffect(() => {
    document.title = route.name === 'home' ? 'Ubongo' : `${t(`nav.${route.name}`)} · Ubongo`;
  }, [route, t, i18n.language]);
  return (
    <Announcer>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="top">
        <a className="logo" href="#/" aria-label={t('nav.home')}>
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect width="32" height="32" rx="6" fill="#1d3557" />
            <path d="M6 6h10v10h10v10H6z" fill="#f4a261" />
          </svg>
          <span>Ubongo</span>
        </a>
        <nav aria-label={t('nav.label')}>
          <a href="#/how-to-play">{t('nav.how-to-play')}</a>
          <a href="#/account" className="who" aria-label={t('nav.you', { name: account?.name ?? '' })}>
            {account?.name ?? '…'}
          </a>
        </nav>
        <label className="language">
          <span className="sr-only">{t('nav.language')}</span>
          <select
            value={i18n.language}
            onChange={(e) => {
              chooseLanguage(e.target.value as Language);
            }}
            aria-label={t('nav.language')}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" tabIndex={-1}>
        {route.name === 'home' && <Home />}
        {route.name === 'room' && <RaceScreen key={route.code} code={route.code} />}
        {route.name === 'solo' && <Solo />}
        {route.name === 'practice' && <Practice />}
        {route.name === 'how-to-play' && <HowTo />}
        {route.name === 'account' && <Account />}
        {route.name === 'player' && <Profile key={route.id} id={route.id} />}
        {route.name === 'leaderboards' && <Leaderboards />}
      </main>
    </Announcer>
  );
}

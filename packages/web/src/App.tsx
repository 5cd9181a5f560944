import type { ComponentType } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureAccount, useAccount } from './account.js';
import { Announcer } from './announce.js';
import { ConnectionNote } from './ConnectionNote.js';
import { UpdateNote } from './UpdateNote.js';
import { Fallback } from './Fallback.js';
import type { Language } from './i18n.js';
import { chooseLanguage, LANGUAGES } from './i18n.js';
import { Logo } from './Logo.js';
import type { Route } from './route.js';
import { parseRoute } from './route.js';
import { Home } from './home/Home.js';
import { InvitationToast } from './InvitationToast.js';
import { ReloadButton } from './ui/ReloadButton.js';
import { PatternDefs } from './seeing/patterns.js';

/**
 * A screen fetched the first time it is opened: the front door comes with the page, the rest (the
 * board, the game, the accounts) only when wanted, so that a first visit loads and runs less script.
 */
function screen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(() => load().then((component) => ({ default: component })));
}
const Account = screen(() => import('./accounts/Account.js').then((m) => m.Account));
const Leaderboards = screen(() => import('./rating/Leaderboards.js').then((m) => m.Leaderboards));
const Replay = screen(() => import('./watching/Replay.js').then((m) => m.Replay));
const Run = screen(() => import('./solo/Run.js').then((m) => m.Run));
const Misses = screen(() => import('./misses/Misses.js').then((m) => m.Misses));
const Review = screen(() => import('./review/Review.js').then((m) => m.Review));
const Profile = screen(() => import('./accounts/Profile.js').then((m) => m.Profile));
const HowTo = screen(() => import('./learn/HowTo.js').then((m) => m.HowTo));
const Practice = screen(() => import('./practice/Practice.js').then((m) => m.Practice));
const RaceScreen = screen(() => import('./table/Race.js').then((m) => m.RaceScreen));
const Solo = screen(() => import('./solo/Solo.js').then((m) => m.Solo));
const Campaign = screen(() => import('./solo/Campaign.js').then((m) => m.Campaign));
const Daily = screen(() => import('./solo/Daily.js').then((m) => m.Daily));
const BoardEditor = screen(() => import('./boards/BoardEditor.js').then((m) => m.BoardEditor));
const BoardPage = screen(() => import('./boards/BoardPage.js').then((m) => m.BoardPage));
const Storm = screen(() => import('./solo/Storm.js').then((m) => m.Storm));
const Challenges = screen(() => import('./challenges/Challenges.js').then((m) => m.Challenges));
const ChallengeRace = screen(() => import('./challenges/ChallengeRace.js').then((m) => m.ChallengeRace));
const Friends = screen(() => import('./friends/Friends.js').then((m) => m.Friends));
const Arenas = screen(() => import('./arena/Arena.js').then((m) => m.Arenas));
const Arena = screen(() => import('./arena/Arena.js').then((m) => m.Arena));
const Live = screen(() => import('./watching/Live.js').then((m) => m.Live));
const Tutorial = screen(() => import('./learn/Tutorial.js').then((m) => m.Tutorial));
const RatedQueue = screen(() => import('./rating/RatedQueue.js').then((m) => m.RatedQueue));

/**
 * What shows when a screen cannot be (Fallback): a reload fetches the page as it now is; `home`
 * adds the way home (not on the home page itself).
 */
function ScreenFailed({ home }: { home: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card screen-failed" role="alert">
      <h1>{t('screenFailed.title')}</h1>
      <p>{t('screenFailed.why')}</p>
      <div className="actions">
        <ReloadButton label={t('screenFailed.reload')} />
        {home && (
          <a className="button" href="#/">
            {t('screenFailed.home')}
          </a>
        )}
      </div>
    </section>
  );
}

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
      {/*
        To the page's content without changing the address: the address is the route, and "#main"
        would be read as the home page (and leave a table).
      */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <header className="top">
        {/* Named by the word it shows, then where it goes (a name without that word confuses voice control). */}
        <a className="logo" href="#/">
          <Logo />
          <span className="sr-only"> – {t('nav.home')}</span>
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
              void chooseLanguage(e.target.value as Language);
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
        <UpdateNote />
        {/* Practice, solo and the campaign say it in their own words, with what they offer instead. */}
        {route.name !== 'practice' && route.name !== 'solo' && route.name !== 'campaign' && <ConnectionNote />}
        {/* A new screen (another room or player too) starts afresh: the way home from one that failed works. */}
        <Fallback key={JSON.stringify(route)} fallback={<ScreenFailed home={route.name !== 'home'} />}>
          <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
            {route.name === 'home' && <Home />}
            {route.name === 'room' && <RaceScreen key={route.code} code={route.code} />}
            {route.name === 'solo' && <Solo />}
            {route.name === 'practice' && <Practice {...(route.task ? { start: route.task } : {})} />}
            {route.name === 'how-to-play' && <HowTo />}
            {route.name === 'tutorial' && <Tutorial />}
            {route.name === 'account' && <Account />}
            {route.name === 'player' && <Profile key={route.id} id={route.id} />}
            {route.name === 'leaderboards' && <Leaderboards />}
            {route.name === 'replay' && <Replay key={route.id} id={route.id} />}
            {route.name === 'run' && <Run key={route.id} id={route.id} />}
            {route.name === 'misses' && <Misses key={route.run} run={route.run} />}
            {route.name === 'campaign' && <Campaign />}
            {route.name === 'daily' && <Daily />}
            {route.name === 'storm' && <Storm />}
            {route.name === 'friends' && <Friends />}
            {route.name === 'challenges' && <Challenges />}
            {route.name === 'challenge' && <ChallengeRace key={route.id} id={route.id} />}
            {route.name === 'arenas' && <Arenas />}
            {route.name === 'arena' && <Arena key={route.id} id={route.id} />}
            {route.name === 'rated' && <RatedQueue />}
            {route.name === 'live' && <Live />}
            {route.name === 'review' && <Review />}
            {route.name === 'boards' && <BoardEditor />}
            {route.name === 'board' && <BoardPage key={route.id} id={route.id} />}
          </Suspense>
        </Fallback>
      </main>
      {/* The pieces' patterns, for every picture of a piece (seeing/). */}
      <PatternDefs />
      {/* A friend's invitation shows on every screen. */}
      <InvitationToast route={route} />
    </Announcer>
  );
}

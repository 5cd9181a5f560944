import { useTranslation } from 'react-i18next';
import { rememberTutorial } from '../tutorial.js';
import { Art } from '../ui/art.js';

/* The front door's cards beside the ways to play (Home.tsx): the tutorial's offer, the other ways, the rules. */

/** The tutorial, offered on a first visit beside the ways to play until taken or declined (`onDismiss`). */
export function TutorialOffer({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className="card tutorial-offer" aria-labelledby="tutorial-offer">
      <h2 id="tutorial-offer">{t('tutorial.offer.title')}</h2>
      <p>{t('tutorial.offer.text')}</p>
      <div className="actions">
        {/* Beside the ways to play, not before them: one call to action, Solo's. */}
        <a className="button" href="#/tutorial">
          {t('tutorial.offer.start')}
        </a>
        <button
          type="button"
          onClick={() => {
            rememberTutorial('skipped');
            onDismiss();
            // The button goes: the focus stays on the page rather than fall to its body.
            document.getElementById('main')?.focus({ preventScroll: true });
          }}
        >
          {t('tutorial.offer.dismiss')}
        </button>
      </div>
    </aside>
  );
}

/** What comes back each day (the campaign, the daily puzzle, Storm), and playing together. */
export function MoreTiles() {
  const { t } = useTranslation();
  return (
    <>
      {/* What comes back each day: the campaign, the daily puzzle, Storm. */}
      <nav className="day-tiles" aria-label={t('home.everyDay')}>
        <a className="button tile small" href="#/campaign">
          <Art name="map" className="tile-art" />
          <span className="tile-name">{t('home.campaign')}</span>
          <span className="tile-text">{t('home.campaignText')}</span>
        </a>
        <a className="button tile small" href="#/daily">
          <Art name="calendar" className="tile-art" />
          <span className="tile-name">{t('home.daily')}</span>
          <span className="tile-text">{t('home.dailyText')}</span>
        </a>
        <a className="button tile small" href="#/storm">
          <Art name="storm" className="tile-art" />
          <span className="tile-name">{t('home.storm')}</span>
          <span className="tile-text">{t('home.stormText')}</span>
        </a>
        <a className="button tile small" href="#/boards">
          <Art name="pencil" className="tile-art" />
          <span className="tile-name">{t('boards.tile')}</span>
          <span className="tile-text">{t('boards.tileText')}</span>
        </a>
      </nav>
      {/* Playing together: friends, where they are, invitations. */}
      <nav className="day-tiles together-tiles" aria-label={t('home.together')}>
        <a className="button tile small" href="#/friends">
          <Art name="people" className="tile-art" />
          <span className="tile-name">{t('home.friends')}</span>
          <span className="tile-text">{t('home.friendsText')}</span>
        </a>
        <a className="button tile small" href="#/challenges">
          <Art name="race" className="tile-art" />
          <span className="tile-name">{t('challenges.title')}</span>
          <span className="tile-text">{t('challenges.tileText')}</span>
        </a>
        <a className="button tile small" href="#/arenas">
          <Art name="trophy" className="tile-art" />
          <span className="tile-name">{t('home.arenas')}</span>
          <span className="tile-text">{t('home.arenasText')}</span>
        </a>
      </nav>
    </>
  );
}

/** The rules, the leaderboards, the games to watch. */
export function LearnCard() {
  const { t } = useTranslation();
  return (
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
        <a className="button" href="#/live">
          {t('nav.live')}
        </a>
      </div>
    </section>
  );
}

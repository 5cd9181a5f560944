import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { go } from '../route.js';
import { watchRoom } from '../hooks.js';
import { useAccount } from '../account.js';
import { handOver, savePlayerName } from '../store.js';
import { tutorialOffered } from '../tutorial.js';
import { NameField } from '../ui/fields.js';
import { Fallback } from '../Fallback.js';
import { LearnCard, MoreTiles, TutorialOffer } from './home-cards.js';
import { Art } from '../ui/art.js';

/**
 * The game's network client, fetched when the player first heads for a table: the front door shows
 * without it, which on a slow phone is most of the first visit's script.
 */
const network = () => import('../net.js');
const reconnect = () => import('../reconnect.js');

/** The live board, fetched once the page is up: the front door does not wait for it (its box is kept meanwhile). */
const DemoBoard = lazy(() => import('../learn/DemoBoard.js').then((m) => ({ default: m.DemoBoard })));

/** True once the browser is idle after the page first showed (or after a moment where it cannot say). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const start = (): void => {
      setIdle(true);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 1500 });
      return () => {
        cancelIdleCallback(id);
      };
    }
    const id = setTimeout(start, 300);
    return () => {
      clearTimeout(id);
    };
  }, []);
  return idle;
}

/** Why joining failed, for people (net.ts's words, once it is there). */
const failure = (e: unknown, t: TFunction): Promise<string> =>
  network().then(
    (net) => net.errorText(e, t),
    () => (e instanceof Error ? e.message : String(e)),
  );

/**
 * The front door: the ways to play first, one tap each (solo, quick match, a private table,
 * practice), the tutorial offered beside them; then the name, a code to join, the live board and
 * the rules.
 */
export function Home() {
  const { t } = useTranslation();
  const account = useAccount();
  // What the player types; until then, the account's name.
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? account?.name ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A first visit offers the tutorial until the player takes it or says no.
  const [offer, setOffer] = useState(tutorialOffered);

  const enter = async (how: 'create' | 'quick'): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      await savePlayerName(name);
      const [{ createRoom, quickMatch }, { rememberRoom }] = await Promise.all([network(), reconnect()]);
      const room = how === 'create' ? await createRoom('race', {}) : await quickMatch({});
      // Caught from now on: the lobby may arrive before the table's screen listens.
      watchRoom(room);
      rememberRoom(room);
      handOver(room);
      go(`room/${room.roomId}`);
    } catch (e) {
      setError(t('home.cannotJoin', { reason: await failure(e, t) }));
      setBusy(false);
    }
  };

  // The live board comes once the page has settled: the front door's own script runs first.
  const demoWanted = useIdle();
  const demoBox = <div className="puzzle demo-board" aria-hidden="true" />;

  return (
    <div className="home">
      {/* The first screen: the ways to play, one tap each (with the tutorial beside them for a first visit). */}
      <section className="home-start" aria-labelledby="home-title">
        <div className="hero-text">
          <h1 id="home-title">{t('home.title')}</h1>
          <p>{t('home.tagline')}</p>
        </div>
        <nav className="play-tiles" aria-label={t('home.play')}>
          <a className="button tile primary" href="#/solo">
            <Art name="hourglass" className="tile-art" />
            <span className="tile-name">{t('home.solo')}</span>
            <span className="tile-text">{t('home.soloText')}</span>
          </a>
          <button type="button" className="tile quick" disabled={busy} onClick={() => void enter('quick')}>
            <Art name="race" className="tile-art" />
            <span className="tile-name">{t('home.quick')}</span>
            <span className="tile-text">{t('home.quickText')}</span>
          </button>
          <a className="button tile rated" href="#/rated">
            <Art name="medal" className="tile-art" />
            <span className="tile-name">{t('home.rated')}</span>
            <span className="tile-text">{t('home.ratedText')}</span>
          </a>
          <button type="button" className="tile create" disabled={busy} onClick={() => void enter('create')}>
            <Art name="table" className="tile-art" />
            <span className="tile-name">{t('home.create')}</span>
            <span className="tile-text">{t('home.createText')}</span>
          </button>
          <a className="button tile" href="#/practice">
            <Art name="hint" className="tile-art" />
            <span className="tile-name">{t('home.practice')}</span>
            <span className="tile-text">{t('home.practiceText')}</span>
          </a>
        </nav>
        {offer && (
          <TutorialOffer
            onDismiss={() => {
              setOffer(false);
            }}
          />
        )}
      </section>
      <MoreTiles />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="home-grid">
        <section className="card">
          <NameField
            label={t('home.name')}
            value={name}
            onChange={setName}
            onBlur={() => {
              savePlayerName(name).catch(async (e: unknown) => {
                setError(t('home.badName', { reason: await failure(e, t) }));
              });
            }}
          />
        </section>
        <section className="card">
          <JoinByCode
            name={name}
            busy={busy}
            onError={(text) => {
              setError(text);
            }}
          />
        </section>
      </div>
      <LearnCard />
      <section className="hero with-demo" aria-label={t('home.demo.title')}>
        {/* A picture only, its box kept until it comes (or if it cannot): the words beside it say what it shows. */}
        {demoWanted ? (
          <Fallback fallback={demoBox}>
            <Suspense fallback={demoBox}>
              <DemoBoard />
            </Suspense>
          </Fallback>
        ) : (
          demoBox
        )}
        <div className="demo-caption">
          {/* What the board shows: moving, or still for those who ask for less motion (learn.css picks one). */}
          <p className="demo-says-moving">{t('home.demo.caption')}</p>
          <p className="demo-says-still">{t('home.demo.still')}</p>
          <a className="button" href="#/tutorial">
            {t('home.demo.try')}
          </a>
        </div>
      </section>
    </div>
  );
}

/** A table's code to join it (the name given is saved first). */
function JoinByCode({ name, busy, onError }: { name: string; busy: boolean; onError: (text: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const cleanCode = code.trim().toUpperCase();
  return (
    <form
      className="join"
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^[A-Z0-9]{4,12}$/.test(cleanCode)) {
          onError(t('home.badCode'));
          return;
        }
        savePlayerName(name)
          .then(() => {
            go(`room/${cleanCode}`);
          })
          .catch(async (e: unknown) => {
            onError(t('home.badName', { reason: await failure(e, t) }));
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
  );
}

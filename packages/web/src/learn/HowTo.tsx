import { useTranslation } from 'react-i18next';
import { HowToFigure, SECTION_PICTURES } from './HowToPictures.js';

/** The sections of the how-to-play page, each a title and paragraphs from the translation. */
const SECTIONS = [
  'goal',
  'round',
  'pieces',
  'keyboard',
  'wholeSet',
  'classic',
  'fixed',
  'extreme',
  'ties',
  'jewels',
  'solo',
] as const;

/** How to play, in the player's language, with pictures drawn as the board draws (HowToPictures.tsx). */
export function HowTo() {
  const { t } = useTranslation();
  return (
    <article className="howto">
      <h1>{t('howto.title')}</h1>
      {/* Not a section: the sections are the rules' own. */}
      <div className="card tutorial-link">
        <p>{t('tutorial.howto')}</p>
        <a className="button primary" href="#/tutorial">
          {t('tutorial.start')}
        </a>
      </div>
      {SECTIONS.map((s) => {
        const pictures = SECTION_PICTURES[s] ?? [];
        return (
          <section key={s} className={pictures.length > 0 ? 'card with-pictures' : 'card'}>
            <div className="howto-text">
              <h2>{t(`howto.${s}.title`)}</h2>
              {(t(`howto.${s}.text`, { returnObjects: true }) as unknown as string[]).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
            {/* Beside the words they explain (under them on a phone). */}
            {pictures.length > 0 && (
              <div className="howto-pictures">
                {pictures.map((name) => (
                  <HowToFigure key={name} name={name} />
                ))}
              </div>
            )}
          </section>
        );
      })}
      <p>
        <a className="button primary" href="#/practice">
          {t('home.practice')}
        </a>
      </p>
    </article>
  );
}

import { useTranslation } from 'react-i18next';

/** The sections of the how-to-play page, each a title and paragraphs from the translation. */
const SECTIONS = [
  'goal',
  'round',
  'pieces',
  'keyboard',
  'classic',
  'fixed',
  'extreme',
  'ties',
  'jewels',
  'solo',
] as const;

/** How to play, in the player's language. */
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
      {SECTIONS.map((s) => (
        <section key={s} className="card">
          <h2>{t(`howto.${s}.title`)}</h2>
          {(t(`howto.${s}.text`, { returnObjects: true }) as unknown as string[]).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <p>
        <a className="button primary" href="#/practice">
          {t('home.practice')}
        </a>
      </p>
    </article>
  );
}

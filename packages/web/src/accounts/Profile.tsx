import type { HeldAnswer, ProfileAnswer } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { clock } from '../hooks.js';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { fetchHeld, fetchProfile } from '../net.js';
import { ProfileArenas } from '../arena/Arena.js';
import { ProfileProgress } from './ProfileProgress.js';
import { Costly } from '../misses/Costly.js';
import { ReportButton } from './Report.js';
import { RatingGraph } from '../rating/RatingGraph.js';
import { PastSeasons } from '../rating/Seasons.js';
import { ShownRating } from '../rating/Shown.js';
import { EmptyState } from '../ui/EmptyState.js';

/**
 * A player's page: who, since when, ratings with their graph and the games to replay, the courses'
 * progress, solo statistics.
 */
export function Profile({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  // The player's own runs under review: only on their own page, and only they can read them.
  const own = useAccount()?.id === id;
  const held: HeldAnswer['runs'] = useData(own ? fetchHeld : null, [id, own]).data ?? [];
  const { data: profile, error } = useData<ProfileAnswer>(() => fetchProfile(id), [id]);
  const failed = error !== null;

  if (failed) return <p className="error">{t('profile.missing')}</p>;
  if (!profile) return <p className="loading">{t('profile.loading')}</p>;
  const { account } = profile;
  const since = new Date(account.since).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  return (
    <div className="profile">
      <h1>{account.name}</h1>
      <p>
        {account.username === null ? t('profile.guest') : `@${account.username}`} ·{' '}
        {t('profile.since', { date: since })}
      </p>
      {!own && <ReportButton kind="player" target={id} />}
      <section className="card">
        <h2>{t('profile.ratings')}</h2>
        {profile.ratings.length === 0 ? (
          <EmptyState
            art="medal"
            text={t('profile.noRatings')}
            next={own ? t('art.ratedNext') : undefined}
            action={own ? { href: '#/rated', label: t('home.rated') } : undefined}
          />
        ) : (
          <ul className="ratings">
            {profile.ratings.map((r) => {
              const points = profile.history.filter((h) => h.edition === r.edition);
              return (
                <li key={r.edition}>
                  <span className="rating-edition">{t(`editions.${r.edition}`)}</span> <ShownRating {...r} />{' '}
                  {r.provisional && <span className="tag">{t('profile.provisional')}</span>}{' '}
                  <span className="muted">{t('profile.games', { count: r.games })}</span>
                  <RatingGraph edition={t(`editions.${r.edition}`)} points={points} deviation={r.deviation} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <PastSeasons id={id} />
      <ProfileProgress progress={profile.progress} />
      {own && <Costly />}
      {profile.history.length > 0 && (
        <section className="card">
          <h2>{t('profile.ratedGames')}</h2>
          <ul className="rated-games">
            {[...profile.history].reverse().map((h) => (
              <li key={h.game}>
                {t('profile.gameLine', {
                  edition: t(`editions.${h.edition}`),
                  date: new Date(h.at).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
                  rating: h.display,
                })}{' '}
                <a href={`#/replay/${encodeURIComponent(h.game)}`}>{t('replay.link')}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card">
        <h2>{t('profile.solo')}</h2>
        <p>{t('profile.runs', { count: profile.solo.runs })}</p>
        {profile.solo.averagePuzzleMs !== null && (
          <p>{t('profile.average', { time: clock(profile.solo.averagePuzzleMs) })}</p>
        )}
        {profile.solo.best.length > 0 && (
          <ul>
            {profile.solo.best.map((b) => (
              <li key={`${b.mode}-${b.limit}-${b.side}`}>
                <a href={`#/run/${b.run}`} title={t('run.link')}>
                  {b.mode === 'timed'
                    ? t('profile.bestTimed', { minutes: b.limit, side: t(`sides.${b.side}`), count: b.solved })
                    : t('profile.bestCount', { puzzles: b.limit, side: t(`sides.${b.side}`), time: clock(b.ms) })}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ProfileArenas id={id} />
      {held.length > 0 && (
        <section className="card">
          <h2>{t('profile.underReview')}</h2>
          <p>{t('profile.underReviewIntro')}</p>
          <ul>
            {held.map((r) => (
              <li key={`${r.finishedAt}-${r.seed}`}>
                {r.mode === 'timed'
                  ? t('profile.bestTimed', { minutes: r.limit, side: t(`sides.${r.side}`), count: r.solved })
                  : t('profile.bestCount', { puzzles: r.limit, side: t(`sides.${r.side}`), time: clock(r.ms) })}
                {/* Its date: two runs of one setting and time are told apart. */}
                {` · ${new Date(r.finishedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}`}{' '}
                <span className="tag">{t(r.review === 'held' ? 'profile.reviewHeld' : 'profile.reviewRejected')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

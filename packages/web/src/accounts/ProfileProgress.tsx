import type { ProfileProgress as Progress } from '@ubongo/core';
import { useTranslation } from 'react-i18next';

/**
 * A profile's courses (docs/accounts.md, "Profiles"): the campaign's stars, the daily streak and
 * Storm's highs, as the server counts them; each says plainly when there is nothing yet.
 */
export function ProfileProgress({ progress }: { readonly progress: Progress }) {
  const { t } = useTranslation();
  const { campaign, daily, storm } = progress;
  return (
    <section className="card profile-progress" aria-labelledby="profile-progress">
      <h2 id="profile-progress">{t('profile.progress')}</h2>
      <div className="progress-courses">
        <div className="progress-course">
          <h3>{t('profile.campaign')}</h3>
          {campaign.stars === 0 ? (
            <p className="muted">{t('profile.noCampaign')}</p>
          ) : (
            <>
              <p className="progress-figure">
                <span aria-hidden="true">★ </span>
                {t('profile.campaignStars', { stars: campaign.stars, max: campaign.maxStars })}
              </p>
              <p>{t('profile.campaignLevels', { levels: campaign.levels, total: campaign.totalLevels })}</p>
            </>
          )}
        </div>
        <div className="progress-course">
          <h3>{t('profile.daily')}</h3>
          {daily.played === 0 ? (
            <p className="muted">{t('profile.noDaily')}</p>
          ) : (
            <>
              <p className="progress-figure">{t('profile.streak', { count: daily.streak })}</p>
              <p>{t('profile.longest', { count: daily.longest })}</p>
              <p>{t('profile.dailyDays', { solved: daily.solved, played: daily.played })}</p>
            </>
          )}
        </div>
        <div className="progress-course">
          <h3>{t('profile.storm')}</h3>
          {storm.all === null ? (
            <p className="muted">{t('profile.noStorm')}</p>
          ) : (
            <>
              <p className="progress-figure">{t('profile.stormBest', { score: storm.all })}</p>
              <p>{storm.week === null ? t('profile.stormNoWeek') : t('profile.stormWeek', { score: storm.week })}</p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

import type { PlayerSeasonsAnswer, RaceEdition, SeasonBoardAnswer, SeasonsAnswer, SeasonView } from '@ubongo/core';
import { RACE_EDITIONS } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { useData } from '../data.js';
import { fetchPlayerSeasons, fetchSeasonBoard, fetchSeasons } from '../net.js';
import { PlayerName } from '../ui/PlayerName.js';
import { SelectField } from '../ui/SelectField.js';
import { EmptyState } from '../ui/EmptyState.js';

/** A season's months as people read them ("Oct 2026 – Dec 2026"), in the player's language (UTC). */
export function seasonName(season: SeasonView, language: string): string {
  const month = (ms: number): string =>
    new Date(ms).toLocaleDateString(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${month(season.startsAt)} – ${month(season.endsAt - 1)}`;
}

/** A season's board (docs/accounts.md, "Seasons"): the one under way live, a past one as it ended; an edition each. */
export function SeasonBoard() {
  const { t, i18n } = useTranslation();
  const me = useAccount();
  const seasons = useData<SeasonsAnswer>(fetchSeasons, []).data;
  const [chosen, setSeason] = useState<string | null>(null);
  // The season under way until another is chosen.
  const season = chosen ?? seasons?.current.id ?? null;
  const [edition, setEdition] = useState<RaceEdition>('classic');
  const board = useData<SeasonBoardAnswer>(season === null ? null : () => fetchSeasonBoard(season, edition), [
    season,
    edition,
  ]).data;

  if (!seasons) return null;
  const all = [seasons.current, ...seasons.past];
  const names = new Map(
    all.map((s) => [
      s.id,
      s.id === seasons.current.id
        ? t('seasons.thisSeason', { season: seasonName(s, i18n.language) })
        : seasonName(s, i18n.language),
    ]),
  );
  // The last day of the season (it ends as the next one begins, at midnight UTC).
  const ends = new Date(seasons.current.endsAt - 1).toLocaleDateString(i18n.language, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return (
    <section className="card season-board" data-testid="season-board">
      <h2>{t('seasons.title')}</h2>
      <p className="muted">{t('seasons.current', { season: seasonName(seasons.current, i18n.language), ends })}</p>
      <div className="field-row">
        <SelectField
          label={t('seasons.season')}
          value={season ?? ''}
          options={all.map((s) => s.id)}
          text={(id) => names.get(id)}
          onChange={setSeason}
        />
        <SelectField
          label={t('leaderboards.edition')}
          value={edition}
          options={RACE_EDITIONS}
          text={(e) => t(`editions.${e}`)}
          onChange={setEdition}
        />
      </div>
      {board && <p className="muted">{board.final ? t('seasons.final') : t('seasons.live')}</p>}
      {board && board.players.length === 0 && (
        <EmptyState
          art="medal"
          text={t('seasons.empty')}
          next={board.final ? undefined : t('art.ratedNext')}
          action={board.final ? undefined : { href: '#/rated', label: t('home.rated') }}
        />
      )}
      {board && board.players.length > 0 && (
        <ol className="records season-places">
          {board.players.map((p) => (
            <li key={p.id} value={p.place} className={p.id === me?.id ? 'me' : ''}>
              <PlayerName name={p.name} username={p.username} account={p.id} /> <strong>{p.rating}</strong>{' '}
              <span className="muted">{t('seasons.games', { n: p.games })}</span>
            </li>
          ))}
        </ol>
      )}
      {board?.you && <SeasonPlace board={board} you={board.you} claimed={me?.username != null} />}
    </section>
  );
}

/** The viewer's own place on a season's board, or what a place still needs (docs/accounts.md, "Seasons"). */
function SeasonPlace({
  board,
  you,
  claimed,
}: {
  readonly board: SeasonBoardAnswer;
  readonly you: NonNullable<SeasonBoardAnswer['you']>;
  readonly claimed: boolean;
}) {
  const { t } = useTranslation();
  let text: string;
  if (you.place !== null) text = t('leaderboards.yourPlace', { place: you.place });
  else if (board.final) text = t('seasons.noPlace');
  else if (!claimed) text = t('leaderboards.needUsername');
  else text = t('seasons.missing', { count: you.missing });
  return <p className="your-place">{text}</p>;
}

/** A player's past seasons on their profile: each edition's final rating and place. */
export function PastSeasons({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const seasons = useData<PlayerSeasonsAnswer>(() => fetchPlayerSeasons(id), [id]).data?.seasons ?? null;
  if (!seasons || seasons.length === 0) return null;
  return (
    <section className="card" data-testid="past-seasons">
      <h2>{t('seasons.past')}</h2>
      <ul className="past-seasons">
        {seasons.map((s) => (
          <li key={`${s.season.id}-${s.edition}`}>
            {t('seasons.pastLine', {
              season: seasonName(s.season, i18n.language),
              edition: t(`editions.${s.edition}`),
              rating: s.rating,
              place: s.place,
              of: s.of,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

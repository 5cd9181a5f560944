import type { TFunction } from 'i18next';
import type { DailyArchiveAnswer } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchDailyArchive } from '../net.js';
import { EmptyState } from '../ui/EmptyState.js';

/*
 * The daily archive (docs/courses.md, "The daily archive"): past days, as the server lists them,
 * each with this account's attempt of it and a button to play it again, unranked. The server says
 * which days there are and refuses a day that is not over; this list only shows them.
 */

type Day = DailyArchiveAnswer['days'][number];

/** Past days of the daily puzzle, newest first, a page at a time, each playable again (`onPlay`). */
export function DailyArchive({ busy, onPlay }: { busy: boolean; onPlay: (date: string) => void }) {
  const { t } = useTranslation();
  // The pages read so far: each one's `before` (undefined: the newest page).
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  return (
    <section className="card daily-archive" aria-labelledby="daily-archive-title">
      <h2 id="daily-archive-title">{t('misses.archive.title')}</h2>
      <p>{t('misses.archive.intro')}</p>
      {pages.map((before, i) => (
        <ArchivePage
          key={before ?? 'newest'}
          before={before}
          busy={busy}
          onPlay={onPlay}
          last={i === pages.length - 1}
          onMore={(next) => {
            setPages((known) => [...known, next]);
          }}
        />
      ))}
    </section>
  );
}

/** One page of past days, and (the last page) the button for older ones. */
function ArchivePage({
  before,
  busy,
  last,
  onPlay,
  onMore,
}: {
  before: string | undefined;
  busy: boolean;
  last: boolean;
  onPlay: (date: string) => void;
  onMore: (before: string) => void;
}) {
  const { t } = useTranslation();
  const page = useData<DailyArchiveAnswer>(() => fetchDailyArchive(before), [before]);
  if (page.error !== null)
    return (
      <p className="error" role="alert">
        {t('misses.archive.unavailable')}
      </p>
    );
  if (!page.data) return <p className="loading">{t('common.loading')}</p>;
  const { days, next } = page.data;
  return (
    <>
      {days.length === 0 ? (
        <EmptyState art="calendar" text={t('misses.archive.none')} />
      ) : (
        <ul className="daily-archive-days" data-testid="daily-archive">
          {days.map((day) => (
            <li key={day.date}>
              <span className="daily-archive-date">{day.date}</span>
              <span className="daily-archive-yours">{yours(day, t)}</span>
              <button
                type="button"
                disabled={busy}
                aria-label={t('misses.archive.playDay', { date: day.date })}
                onClick={() => {
                  onPlay(day.date);
                }}
              >
                {t('misses.archive.play')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {last && next !== null && (
        <button
          type="button"
          onClick={() => {
            onMore(next);
          }}
        >
          {t('misses.archive.older')}
        </button>
      )}
    </>
  );
}

/** What this account did on a day, in words. */
function yours(day: Day, t: TFunction): string {
  const attempt = day.attempt;
  if (!attempt) return t('misses.archive.notPlayed');
  if (attempt.solved && attempt.ms !== null) return t('misses.archive.solved', { time: clock(attempt.ms) });
  return t('misses.archive.unsolved');
}

import type { CostlyAnswer, CostlyEntry } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { fetchCostly } from '../net.js';
import { EmptyState } from '../ui/EmptyState.js';

/*
 * On one's own profile: the boards and pieces that cost most time (docs/courses.md, "What costs you
 * most"), as the server ranks them from the stored solve times, each a link into practice at the
 * task of it that cost most.
 */

/** Practice at an entry's costliest task. */
const practiseAt = ({ task }: CostlyEntry): string =>
  `#/practice/${task.edition}/${encodeURIComponent(task.board)}/${task.side}/${encodeURIComponent(task.key)}`;

/** The signed-in account's costliest boards and pieces, each a way into practice. */
export function Costly() {
  const { t } = useTranslation();
  const { data, error } = useData<CostlyAnswer>(fetchCostly, []);
  if (error !== null || !data) return null;
  const line = (e: CostlyEntry) =>
    t('misses.costly.line', { played: e.played, missed: e.missed, time: clock(e.lostMs) });
  return (
    <section className="card costly" aria-labelledby="costly-title">
      <h2 id="costly-title">{t('misses.costly.title')}</h2>
      {data.boards.length === 0 ? (
        <EmptyState
          art="board"
          text={t('misses.costly.none')}
          action={{ href: '#/storm', label: t('art.costlyAction') }}
        />
      ) : (
        <>
          <p className="muted">{t('misses.costly.intro')}</p>
          <h3>{t('misses.costly.boards')}</h3>
          <ul className="costly-list" data-testid="costly-boards">
            {data.boards.map((b) => (
              <li key={`${b.edition}-${b.board}-${b.side}`}>
                <a href={practiseAt(b)}>
                  {t('misses.costly.board', {
                    board: b.board,
                    side: t(`sides.${b.side}`),
                    edition: t(`editions.${b.edition}`),
                  })}
                </a>{' '}
                <span className="muted">{line(b)}</span>
              </li>
            ))}
          </ul>
          <h3>{t('misses.costly.pieces')}</h3>
          <ul className="costly-list" data-testid="costly-pieces">
            {data.pieces.map((p) => (
              <li key={`${p.edition}-${p.piece}`}>
                <a href={practiseAt(p)}>
                  {t('misses.costly.piece', { piece: p.piece, edition: t(`editions.${p.edition}`) })}
                </a>{' '}
                <span className="muted">{line(p)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import type { BoardAnswer, BoardTimesAnswer } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { api, useAccount } from '../account.js';
import { ReportButton } from '../accounts/Report.js';
import { useData } from '../data.js';
import { clock } from '../hooks.js';
import { BoardPicture } from '../play/BoardPicture.js';
import { UnreviewedLegend, UnreviewedMark } from '../review/Unreviewed.js';
import { ChallengeFriend } from '../challenges/ChallengeFriend.js';
import { SoloPlay } from '../solo/solo-play.js';
import { useSoloRun } from '../solo/solo-run.js';
import { PlayerName } from '../ui/PlayerName.js';
import { EmptyState } from '../ui/EmptyState.js';

/*
 * A shared board's page (`#/board/ID`, docs/boards.md): the board as its maker saved it and what the
 * server measured, Play (a solo run of the board, the server's `board` course), its own times board
 * (reviewed entries marked, as every board), Export (the puzzle file) and Report.
 */

export function BoardPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const run = useSoloRun('board');
  const { view, recorded, busy, error, lost } = run;
  const accountId = useAccount()?.id;
  const playing = view?.phase === 'playing';
  const read = useData<BoardAnswer>(() => api('GET /api/boards/:id', { params: { id } }), [id]);
  const times = useData<BoardTimesAnswer>(() => api('GET /api/boards/:id/times', { params: { id } }), [id, recorded], {
    keep: true,
  });
  const board = read.data;
  if (read.error !== null)
    return (
      <div className="board-page">
        <h1>{t('boards.shared')}</h1>
        <p className="error" role="alert">
          {t('boards.notFound', { id })}
        </p>
      </div>
    );
  const exportFile = (): void => {
    if (!board) return;
    const blob = new Blob([`${JSON.stringify({ ...board.spec, name: board.name }, null, 2)}\n`], {
      type: 'application/json',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `board-${board.id}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const start = (): Promise<void> =>
    run.start({ mode: 'count', limit: 5, side: 'easy', course: { kind: 'board', id } });
  const solved = recorded?.puzzles[0]?.outcome === 'solved' ? recorded.puzzles[0].ms : null;

  return (
    <div className={playing ? 'board-page play-screen' : 'board-page'}>
      <h1>{board && board.name !== '' ? board.name : t('boards.untitled', { id })}</h1>
      {!playing && board && (
        <section className="card board-about">
          <BoardPicture task={board.puzzle} placements={[]} label={t('boards.pictureLabel', { id })} />
          <div>
            <p>
              {t('boards.by')}{' '}
              <PlayerName name={board.author.name} username={board.author.username} account={board.author.account} />
            </p>
            <p>{t('boards.piecesLine', { list: board.puzzle.pieces.map((p) => p.id).join(', ') })}</p>
            <p>{t('boards.measures', { count: board.solutions, difficulty: board.difficulty.toFixed(1) })}</p>
            <p>
              {t('boards.code')} <strong className="code">{board.id}</strong>
            </p>
            {solved !== null && (
              <p role="status" data-testid="board-solved">
                {t('boards.solvedIn', { time: clock(solved) })}
              </p>
            )}
            {recorded && solved !== null && recorded.verified && !recorded.held && (
              <ChallengeFriend run={recorded.run} />
            )}
            <div className="actions">
              <button type="button" className="primary big" disabled={busy} onClick={() => void start()}>
                {t('boards.play')}
              </button>
              <button type="button" onClick={exportFile}>
                {t('boards.export')}
              </button>
              <ReportButton kind="board" target={board.id} />
            </div>
            {(error || lost) && (
              <p className="error" role="alert">
                {lost ? t('solo.lost') : t('home.cannotJoin', { reason: error })}
              </p>
            )}
          </div>
        </section>
      )}
      <SoloPlay run={run} />
      {!playing && times.data && (
        <section className="card">
          <h2>{t('boards.times')}</h2>
          {times.data.entries.length > 0 ? (
            <ol className="records" data-testid="board-times">
              {times.data.entries.map((e) => (
                <li key={e.place} className={e.account === accountId ? 'me' : ''}>
                  <PlayerName name={e.player} username={e.username} account={e.account} />:{' '}
                  <a href={`#/run/${e.run}`} title={t('run.link')}>
                    {clock(e.ms)}
                  </a>
                  <UnreviewedMark reviewed={e.reviewed} />
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState art="hourglass" text={t('boards.timesEmpty')} />
          )}
          <UnreviewedLegend entries={times.data.entries} />
        </section>
      )}
    </div>
  );
}

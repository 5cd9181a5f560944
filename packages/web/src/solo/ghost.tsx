import type { GhostKind, SoloGhost } from '@ubongo/core';
import { GHOST_KINDS, trailAt } from '@ubongo/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from '../hooks.js';
import { BoardPicture } from '../play/BoardPicture.js';
import type { Received, Recorded } from './solo-play.js';
import type { SoloRunHandle } from './solo-run.js';
import { RejectedNote } from '../ui/RejectedNote.js';

/*
 * Racing a ghost (docs/courses.md, "Racing a ghost"): the choice of one before a run, its board
 * beside the player's during it (SoloPlay's `aside`), and after it what the run counted for and
 * both runs to replay. The server found the ghost and sent its moves with their times; this draws
 * them at those times.
 */

/** Which ghost to race, if any: none, the player's own best, the best listed run. */
export function GhostChoice({
  value,
  onChange,
  best = true,
}: {
  value: GhostKind | null;
  onChange: (kind: GhostKind | null) => void;
  /** Whether the best listed run is offered (the campaign lists none). */
  best?: boolean;
}) {
  const { t } = useTranslation();
  const kinds = GHOST_KINDS.filter((k) => best || k !== 'best');
  return (
    <fieldset className="segmented-field ghost-choice">
      <legend>{t('ghost.race')}</legend>
      {([null, ...kinds] as const).map((k) => (
        <label key={k ?? 'none'} className="check">
          <input
            type="radio"
            name="ghost"
            checked={value === k}
            onChange={() => {
              onChange(k);
            }}
          />
          {t(k === null ? 'ghost.none' : `ghost.${k}`)}
        </label>
      ))}
      {value !== null && <p className="hint">{t('ghost.notListed')}</p>}
    </fieldset>
  );
}

/** How often the ghost's board is looked at again (real ms): its pieces go down within this of their times. */
const GHOST_TICK_MS = 100;

/**
 * The game time since the run started, on the player's clock, by the view received last (the
 * server's `serverNow` and `startedAt`, moved on by the time since it came).
 */
function runTime(view: Received): number {
  const since = view.startedAt ?? view.serverNow;
  return Math.max(0, view.serverNow - since + (performance.now() - view.receivedAt) * view.timeScale);
}

/**
 * The ghost's board at game time `ms` into the run: its puzzle dealt last by then, with its trail
 * played to then; and how many it had solved.
 */
export function ghostAt(ghost: SoloGhost, ms: number) {
  let index = 0;
  ghost.puzzles.forEach((p, i) => {
    if (p.from <= ms) index = i;
  });
  const puzzle = ghost.puzzles[index];
  const solved = ghost.puzzles.filter((p) => p.outcome === 'solved' && p.from + p.ms <= ms).length;
  const finished = ms >= ghost.result.ms;
  if (!puzzle) return { puzzle: undefined, placements: [], solved, finished };
  const placements = puzzle.trail ? trailAt(puzzle.task.grid, puzzle.task.pieces, puzzle.trail, ms - puzzle.from) : [];
  return { puzzle, placements, solved, finished };
}

/** The ghost's board, small, beside the player's: its pieces going down at the times they went down. */
export function GhostBoard({ ghost, view }: { ghost: SoloGhost; view: Received }) {
  const { t } = useTranslation();
  const [ms, setMs] = useState(() => runTime(view));
  useEffect(() => {
    setMs(runTime(view));
    const id = setInterval(() => {
      setMs(runTime(view));
    }, GHOST_TICK_MS);
    return () => {
      clearInterval(id);
    };
  }, [view]);
  const name = ghost.username ?? ghost.player;
  const { puzzle, placements, solved, finished } = ghostAt(ghost, ms);
  return (
    <aside className="ghost-board" data-testid="ghost-board" data-ghost-solved={solved}>
      <p className="ghost-name">{t('ghost.name', { name })}</p>
      {puzzle && <BoardPicture task={puzzle.task} placements={placements} label={t('ghost.label', { name })} />}
      <p className="ghost-count" aria-live="polite">
        {finished && ghost.result.mode === 'count'
          ? t('ghost.done', { time: clock(ghost.result.ms) })
          : t('ghost.solvedSoFar', { count: solved })}
      </p>
    </aside>
  );
}

/** After a raced run: what it counted for, and both runs to replay. */
export function GhostEnd({ ghost, recorded }: { ghost: SoloGhost; recorded: Recorded | null }) {
  const { t } = useTranslation();
  return (
    <div className="ghost-end" data-testid="ghost-end">
      <p>{t(ghost.own ? 'ghost.mine' : 'ghost.others')}</p>
      <p className="actions">
        {recorded && <a href={`#/run/${recorded.run}`}>{t('ghost.replayMine')}</a>}
        <a href={`#/run/${ghost.run}`}>{t('ghost.replayGhost')}</a>
      </p>
    </div>
  );
}

/** A ghost the server would not give (none to race; the day's counted attempt), said before the next try. */
export function GhostRefused({ run }: { run: SoloRunHandle }) {
  const { view, rejected, closeRejected } = run;
  if (view || rejected?.to !== 'start' || !rejected.code.startsWith('message/ghost-')) return null;
  return <RejectedNote rejected={rejected} onClose={closeRejected} />;
}

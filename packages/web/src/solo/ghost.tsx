import type { GhostKind, SoloGhost, SoloResult } from '@ubongo/core';
import { GHOST_KINDS, trailAt } from '@ubongo/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from '../hooks.js';
import { BoardPicture } from '../play/BoardPicture.js';
import type { Split, Verdict } from './ghost-race.js';
import { ghostSolveTimes, splitAt, timeApart, verdictOf } from './ghost-race.js';
import type { Received } from './solo-play.js';
import type { SoloRunHandle } from './solo-run.js';
import { RejectedNote } from '../ui/RejectedNote.js';

/*
 * Racing a ghost (docs/courses.md, "Racing a ghost"): the choice of one before a run, its board
 * beside the player's during it (SoloPlay's `aside`) with the running lead or lag, and after it
 * who won, a rematch, what the run counted for and both runs to replay (ghost-race.ts counts). The server found the ghost and sent its moves with their times; this draws
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

/** The ghost's board beside the player's (under it on a phone): its pieces going down at the times they went down, and the race so far. */
export function GhostBoard({ run }: { run: SoloRunHandle }) {
  const { ghost, view } = run;
  if (!ghost || !view) return null;
  return <GhostBoardOf ghost={ghost} view={view} solves={run.solves} />;
}

function GhostBoardOf({ ghost, view, solves }: { ghost: SoloGhost; view: Received; solves: readonly number[] }) {
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
  // The player's solves as the server said them: those the view counts (an event may come before its view).
  const split = splitAt(solves, ghostSolveTimes(ghost), Math.max(ms, solves.at(-1) ?? 0));
  return (
    <aside className="ghost-board" data-testid="ghost-board" data-ghost-solved={solved}>
      <p className="ghost-name">{t(ghost.own ? 'ghost.nameOwn' : 'ghost.name', { name })}</p>
      {puzzle && <BoardPicture task={puzzle.task} placements={placements} label={t('ghost.label', { name })} />}
      <p className="ghost-count" aria-live="polite">
        {finished && ghost.result.mode === 'count'
          ? t('ghost.done', { time: clock(ghost.result.ms) })
          : t('ghost.solvedSoFar', { count: solved })}
      </p>
      <SplitLine split={split} />
    </aside>
  );
}

/** The running lead or lag: "−2 s, ahead" in the colour of a lead, "+3 s, behind" in a lag's. */
export function SplitLine({ split }: { split: Split | null }) {
  const apart = useApart();
  const { t } = useTranslation();
  if (!split) return <p className="ghost-split">{t('ghost.evenSoFar')}</p>;
  const side = split.ms < 0 ? 'ahead' : split.ms > 0 ? 'behind' : 'level';
  return (
    <p className="ghost-split" data-testid="ghost-split" data-side={side}>
      <strong>{side === 'level' ? '±0' : `${split.ms < 0 ? '−' : '+'}${apart(split.ms, split.live)}`}</strong>{' '}
      {t(`ghost.split.${side}`, { puzzle: split.puzzle })}
    </p>
  );
}

/** After a raced run: who won and by how much, a rematch (unless the screen has its own), what the run counted for, and both runs to replay. */
export function GhostEnd({ run, rematch = true }: { run: SoloRunHandle; rematch?: boolean }) {
  const { t } = useTranslation();
  const { ghost, recorded, view, busy } = run;
  if (!ghost) return null;
  const result = recorded?.result ?? view?.result;
  return (
    <div className="ghost-end" data-testid="ghost-end">
      {result && (
        <>
          <VerdictLine verdict={verdictOf(result, recorded?.puzzles ?? [], ghost)} ghost={ghost} />
          <BothResults result={result} ghost={ghost} />
        </>
      )}
      <p>{t(ghost.own ? 'ghost.mine' : 'ghost.others')}</p>
      <p className="actions">
        {rematch && (
          <button type="button" className="primary" disabled={busy} onClick={() => void run.rematch()}>
            {t('ghost.rematch')}
          </button>
        )}
        {recorded && <a href={`#/run/${recorded.run}`}>{t('ghost.replayMine')}</a>}
        <a href={`#/run/${ghost.run}`}>{t('ghost.replayGhost')}</a>
      </p>
    </div>
  );
}

/** A time apart in words: "2.4 s", "11 s", "3:42" (`whole`: whole seconds, rounded down, as a running split). */
function useApart(): (ms: number, whole?: boolean) => string {
  const { t, i18n } = useTranslation();
  return (ms, whole = false) => {
    const { unit, value } = timeApart(ms, i18n.language, whole);
    return unit === 'seconds' ? t('ghost.seconds', { seconds: value }) : value;
  };
}

/** Both runs' results side by side: the times (a number of puzzles), or the puzzles solved (timed). */
export function BothResults({ result, ghost }: { result: SoloResult; ghost: SoloGhost }) {
  const { t } = useTranslation();
  const said = (r: SoloResult): string =>
    r.mode === 'timed' ? t('solo.puzzlesCount', { count: r.solved }) : clock(r.ms);
  return (
    <p className="ghost-both" data-testid="ghost-both">
      {t('ghost.both', { mine: said(result), theirs: said(ghost.result) })}
    </p>
  );
}

/** The race's verdict in words: won or lost by so many seconds (or puzzles), against one's best or someone's run. */
export function VerdictLine({ verdict, ghost }: { verdict: Verdict; ghost: SoloGhost }) {
  const { t } = useTranslation();
  const apart = useApart();
  const whose = ghost.own ? 'Own' : 'Other';
  const name = ghost.username ?? ghost.player;
  const by = verdict.puzzles > 0 ? t('ghost.byPuzzles', { count: verdict.puzzles }) : apart(verdict.ms);
  return (
    <p className="ghost-verdict" data-testid="ghost-verdict" data-outcome={verdict.outcome}>
      {t(`ghost.verdict.${verdict.outcome}${whose}`, { name, by })}
    </p>
  );
}

/** A ghost the server would not give (none to race; the day's counted attempt), said before the next try. */
export function GhostRefused({ run }: { run: SoloRunHandle }) {
  const { view, rejected, closeRejected } = run;
  if (view || rejected?.to !== 'start' || !rejected.code.startsWith('message/ghost-')) return null;
  return <RejectedNote rejected={rejected} onClose={closeRejected} />;
}

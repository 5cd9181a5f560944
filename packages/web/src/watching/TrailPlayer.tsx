import type { ProposedPlacement, Puzzle as PuzzleTask, TrailMove } from '@ubongo/core';
import { isPositioned, trailAt, trailLength } from '@ubongo/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoardPicture } from '../play/BoardPicture.js';

/** The speeds a trail plays at. */
export const TRAIL_SPEEDS = [0.5, 1, 2, 4] as const;

/** A time of a replay as `m:ss.t`. */
function moment(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const s = Math.floor(tenths / 10);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.${tenths % 10}`;
}

/**
 * A board's move trail played as an animation (core's trail-replay.ts lays the pieces at each
 * moment): play and pause, a scrubber (a range input: arrows, Home and End, a finger along it;
 * named for screen readers, its value said as a time) and a speed. A trail kept before moves said
 * where their pieces went is not played: the board is shown as it ended (`end`, when known), and
 * the page says so.
 */
export function TrailPlayer({
  task,
  trail,
  label,
  end,
}: {
  task: PuzzleTask;
  trail: readonly TrailMove[];
  /** The board's name, for screen readers. */
  label: string;
  /** The placements the board ended with, where they are known (shown for a trail without positions). */
  end?: readonly ProposedPlacement[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const positioned = isPositioned(trail);
  const total = trailLength(trail);
  const [ms, setMs] = useState(total);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const at = useRef(ms);
  at.current = ms;

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number): void => {
      const next = Math.min(total, at.current + (now - last) * speed);
      last = now;
      at.current = next;
      setMs(next);
      if (next >= total) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [playing, speed, total]);

  const placements = useMemo(
    () => (positioned ? trailAt(task.grid, task.pieces, trail, ms) : (end ?? [])),
    [positioned, task, trail, ms, end],
  );

  if (!positioned)
    return (
      <figure className="trail-player" data-positioned="false">
        <BoardPicture task={task} placements={placements} label={label} />
        <figcaption className="muted">{t(end ? 'trail.endOnly' : 'trail.noReplay')}</figcaption>
      </figure>
    );
  return (
    <figure className="trail-player" data-positioned="true">
      <BoardPicture task={task} placements={placements} label={label} />
      <figcaption className="trail-controls">
        <button
          type="button"
          className="trail-play"
          aria-pressed={playing}
          onClick={() => {
            if (!playing && at.current >= total) setMs(0);
            setPlaying(!playing);
          }}
        >
          {playing ? t('trail.pause') : t('trail.play')}
        </button>
        <input
          type="range"
          className="trail-scrubber"
          min={0}
          max={total}
          step={100}
          value={Math.round(ms)}
          aria-label={t('trail.scrubber', { board: label })}
          aria-valuetext={t('trail.at', { time: moment(ms), total: moment(total) })}
          onChange={(e) => {
            setPlaying(false);
            setMs(Number(e.currentTarget.value));
          }}
        />
        <span className="trail-time" aria-hidden="true">
          {moment(ms)} / {moment(total)}
        </span>
        <span className="trail-speeds" role="group" aria-label={t('trail.speed')}>
          {TRAIL_SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={speed === s}
              onClick={() => {
                setSpeed(s);
              }}
            >
              {t('trail.speedValue', { speed: s.toLocaleString(i18n.language) })}
            </button>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}

import type { ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DieSymbol, PieceSet, Rejected, TrailKind } from '@ubongo/core';
import { DIE_SYMBOLS, PIECE_SETS } from '@ubongo/core';
import { extremeFill } from '../play/draw.js';
import type { Clocked } from '../hooks.js';
import { timeLeft } from '../hooks.js';
import { feel, moveHaptic } from '../haptics.js';
import { moveSound, play, setSound, useSoundSettings } from '../sound.js';
import { SelectField } from './SelectField.js';

/**
 * A move of the hand on a board (Puzzle's onMove), heard and felt: a piece put down clicks and, on a
 * phone, ticks. One function for every board, the same at every render.
 */
export function boardMove(move: { readonly kind: TrailKind }): void {
  moveSound(move);
  moveHaptic(move);
}

/** My board solved: the fanfare, and on a phone a pattern to feel. */
export function solvedCue(): void {
  play('ubongo');
  feel('solve');
}

/** The player's name (1 to 24 characters, as the server takes it). */
export function NameField({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        value={value}
        maxLength={24}
        autoComplete="nickname"
        onChange={(e) => {
          onChange(e.target.value);
        }}
        onBlur={onBlur}
      />
    </label>
  );
}

/** Why the server said no, in the player's language, with each problem of a wrong placement. */
export function RejectedNote({ rejected, onClose }: { rejected: Rejected | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!rejected) return null;
  const problems = [...new Set((rejected.problems ?? []).map((p) => p.code))];
  return (
    <div className="rejected" role="alert">
      <p>
        {t(`errors.${rejected.code}`, { defaultValue: t('errors.other', { message: rejected.message }) })}
        {problems.length > 1 && ` ${problems.map((c) => t(`errors.${c}`, { defaultValue: c })).join(' ')}`}
      </p>
      <button type="button" className="small" onClick={onClose} aria-label={t('common.dismiss')}>
        ✕
      </button>
    </div>
  );
}

const GEM_COLOURS: Record<string, string> = {
  ruby: '#c1121f',
  sapphire: '#1d4ed8',
  emerald: '#15803d',
  amber: '#d97706',
};
const GEM_SHAPES: Record<string, string> = {
  ruby: 'M8 1 15 8 8 15 1 8Z',
  sapphire: 'M8 1 15 6 12 15 4 15 1 6Z',
  emerald: 'M3 2h10l2 6-2 6H3L1 8Z',
  amber: 'M8 2a6 6 0 1 0 .01 0Z',
};

/** A gem: its own colour and shape, and its name for screen readers. */
export function Gem({ gem }: { gem: string }) {
  const { t } = useTranslation();
  return (
    <svg className="gem" viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={t(`gems.${gem}`)}>
      <path d={GEM_SHAPES[gem] ?? GEM_SHAPES['amber']} fill={GEM_COLOURS[gem] ?? '#888'} stroke="#0006" />
    </svg>
  );
}

export const JEWEL_FILL: Record<string, string> = {
  green: '#16a34a',
  red: '#dc2626',
  blue: '#2563eb',
  violet: '#7c3aed',
  brown: '#92400e',
  yellow: '#eab308',
};
/** Each jewel colour also has its own shape, for players who do not tell the colours apart. */
export const JEWEL_SHAPES: Record<string, string> = {
  green: 'M0 -7 7 0 0 7 -7 0Z',
  red: 'M-6 -6h12v12h-12Z',
  blue: 'M0 -7a7 7 0 1 0 .01 0Z',
  violet: 'M0 -7 7 6 -7 6Z',
  brown: 'M-7 0-3.5 -6h7L7 0 3.5 6h-7Z',
  yellow: 'M0 -7 2 -2 7 -2 3 1.5 4.5 7 0 3.5 -4.5 7 -3 1.5 -7 -2 -2 -2Z',
};

/** A jewel: its own colour and shape, and its name for screen readers (none where the words beside it say it). */
export function Jewel({ colour, decorative = false }: { colour: string; decorative?: boolean }) {
  const { t } = useTranslation();
  return (
    <svg
      className="jewel"
      viewBox="-8 -8 16 16"
      width="14"
      height="14"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t(`jewels.${colour}`) })}
    >
      <path d={JEWEL_SHAPES[colour]} fill={JEWEL_FILL[colour]} stroke="#0006" />
    </svg>
  );
}

/** A die face (its symbol in a rounded square), or an Extreme colour, as the round's task. */
export function TaskKey({ value }: { value: string }) {
  const { t } = useTranslation();
  const symbol = (DIE_SYMBOLS as Readonly<Record<string, DieSymbol | undefined>>)[value];
  const label = t(`keys.${value}`);
  // The symbol's 16-unit box, with a margin of 3 around it for the frame.
  if (symbol)
    return (
      <svg className="die" viewBox="-3 -3 22 22" width="40" height="40" role="img" aria-label={label}>
        <rect x="-2.4" y="-2.4" width="20.8" height="20.8" rx="4" fill="#fff" stroke="#333" strokeWidth="1.2" />
        <g fill="#222" fillRule="evenodd">
          {symbol.paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </g>
      </svg>
    );
  // An Extreme colour: its name on a swatch of the colour its pieces are drawn in.
  return (
    <span className="colour-key" data-colour={value} style={{ background: extremeFill(value) ?? '#888' }}>
      {label}
    </span>
  );
}

/** How long the second chance's banner shows (ms). */
const BANNER_MS = 4000;

/**
 * The hourglass, drawn: the sand in the top bulb runs into the bottom one as the server's deadline
 * nears; turned over for the second chance (with a banner saying so); urgent in the last ten
 * seconds. The seconds are also written, and it is a progress bar for screen readers.
 *
 * It keeps its own time without React: React draws the glass when its props change (a new message
 * from the server among them), not as time passes; a timer writes the seconds, the sand, the bar
 * and the urgency straight into those elements as each whole second passes. A React render of it
 * each second, with its translations, cost a frame about 3 ms at desktop speed (about four times
 * that on a phone) once a second, in the middle of a drag too. React is given none of what the
 * timer writes, so it never undoes it.
 */
export function Hourglass({
  deadline,
  clock,
  total,
  second,
  onSecond,
}: {
  /** The game time the sand runs out. */
  deadline: number;
  /** The message whose server clock tells the time, and when it came. */
  clock: Clocked;
  /** The whole hourglass, in ms. */
  total: number;
  second: boolean;
  /** Told the whole seconds left each time they change, first when drawn. */
  onSecond?: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const seconds = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLDivElement>(null);
  const topSand = useRef<SVGPathElement>(null);
  const stream = useRef<SVGPathElement>(null);
  const heap = useRef<SVGPathElement>(null);
  const told = useRef(onSecond);
  useLayoutEffect(() => {
    told.current = onSecond;
  });
  // The second last told, and of which deadline: a new message redraws the glass, but a second is told once.
  const lastTold = useRef<{ deadline: number; whole: number } | null>(null);
  // The banner for a few seconds once the glass is turned, then taken away (not faded: an animation
  // on the hourglass would restyle it in every frame a drag draws meanwhile).
  const [banner, setBanner] = useState(false);
  useEffect(() => {
    setBanner(second);
    if (!second) return;
    const timer = setTimeout(() => {
      setBanner(false);
    }, BANNER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [second]);
  const { serverNow, timeScale, receivedAt } = clock;
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = -1;
    const draw = (): void => {
      const left = timeLeft(deadline, { serverNow, timeScale }, receivedAt, performance.now());
      const whole = Math.ceil(left / 1000);
      if (whole !== shown) {
        shown = whole;
        const share = total > 0 ? Math.min(1, Math.max(0, left / total)) : 0;
        // The bulbs: triangles 20 wide and 20 high, the neck at y = 22; sand levels by area (the share's square root).
        const top = 20 * Math.sqrt(share);
        const bottom = 20 * Math.sqrt(1 - share);
        setIfChanged(
          topSand.current,
          'd',
          top > 0.2 ? `M${coord(12 - top / 2)} ${coord(22 - top)}h${coord(top)}L12 22Z` : '',
        );
        setIfChanged(stream.current, 'd', share > 0 && share < 1 ? 'M12 22v20' : '');
        setIfChanged(
          heap.current,
          'd',
          bottom > 0.2 ? `M${coord(12 - bottom / 2)} 42h${coord(bottom)}L12 ${coord(42 - bottom * 0.8)}Z` : '',
        );
        if (seconds.current) writeText(seconds.current, t('game.secondsLeft', { count: whole }));
        setIfChanged(bar.current, 'aria-valuenow', String(whole));
        if (fill.current) fill.current.style.transform = `scaleX(${share.toFixed(4)})`;
        root.current?.toggleAttribute('data-urgent', whole <= 10 && whole > 0);
        if (lastTold.current?.deadline !== deadline || lastTold.current.whole !== whole) {
          lastTold.current = { deadline, whole };
          told.current?.(whole);
        }
      }
      // Again when the next whole second is reached: a timer's delay is whole milliseconds, rounded
      // up so as not to wake just before it (were it early, this waits on).
      if (left > 0) timer = setTimeout(draw, Math.ceil(left % 1000) || 1000);
    };
    draw();
    return () => {
      clearTimeout(timer);
    };
  }, [deadline, serverNow, timeScale, receivedAt, total, t]);
  return (
    <div ref={root} className={`hourglass${second ? ' second' : ''}`}>
      <svg className="hourglass-glass" viewBox="0 0 24 44" aria-hidden="true">
        <g className="hourglass-turn">
          <path className="glass" d="M2 1h20M2 43h20M3 1c0 12 8 15 8 21S3 31 3 43M21 1c0 12-8 15-8 21s8 9 8 21" />
          {/* The top bulb's sand, its surface sinking towards the neck. */}
          <path ref={topSand} className="sand" />
          {/* The stream through the neck while sand is left (still: styles.css). */}
          <path ref={stream} className="stream" />
          {/* The bottom bulb's heap, growing. */}
          <path ref={heap} className="sand" />
        </g>
      </svg>
      <div className="hourglass-text">
        <span className="hourglass-label">
          {second ? t('game.secondSand') : t('game.sand')} <span ref={seconds} />
        </span>
        <div
          ref={bar}
          className="hourglass-bar"
          role="progressbar"
          aria-label={t('game.sand')}
          aria-valuemin={0}
          aria-valuemax={Math.round(total / 1000)}
        >
          {/*
            Scaled rather than resized: the bar moves without laying the page out again. It steps
            once a second, as drawn, rather than gliding: see the comment on .hourglass-glass .stream
            in styles.css.
          */}
          <div ref={fill} />
        </div>
      </div>
      {banner && (
        <p className="second-chance-banner" role="status">
          {t('game.secondChanceBanner')}
        </p>
      )}
    </div>
  );
}

/** Sets an attribute unless it already has that value: setting it again restyles the element all the same. */
function setIfChanged(element: Element | null, name: string, value: string): void {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Writes an element's text by changing its text node's data, not the node: a node put into the page
 * or taken out restyles the page's root and <main> (the root's layout asks :has(.play-screen)), and
 * lays out the line again from scratch.
 */
function writeText(element: Element, text: string): void {
  const node = element.firstChild;
  if (node instanceof Text && node === element.lastChild) {
    if (node.data !== text) node.data = text;
  } else element.textContent = text;
}

/** A coordinate of the sand, to a hundredth of the glass's 24 units. */
function coord(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The choice of pieces: the task's only, or the whole set as in the box (docs/rules.md §1.8). */
export function PieceSetField({
  value,
  onChange,
  disabled = false,
}: {
  value: PieceSet;
  onChange: (pieceSet: PieceSet) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('lobby.pieceSet')}
      disabled={disabled}
      value={value}
      options={PIECE_SETS}
      text={(s) => t(`pieceSets.${s}`)}
      onChange={onChange}
    />
  );
}

/**
 * What a thumb needs in play besides the board's own buttons (the sound, Set aside): a bar right
 * under the board, at the bottom of a phone's screen. Screens make its contents once (useMemo), so
 * that they can as well be handed to the board to show in its own row of buttons.
 */
export function PlayBar({ children }: { children: ReactNode }) {
  return <div className="play-bar">{children}</div>;
}

/** Sound on or off, and its volume (sound.ts); kept in this browser. */
export function SoundControl() {
  const { t } = useTranslation();
  const { muted, volume } = useSoundSettings();
  return (
    <span className="sound-control">
      <button
        type="button"
        className="small"
        aria-pressed={!muted}
        aria-label={t('sound.toggle')}
        title={t('sound.toggle')}
        onClick={() => {
          setSound({ muted: !muted });
          if (muted) play('place');
        }}
      >
        <svg className="speaker" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
          {muted ? (
            <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path
              d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          )}
        </svg>
      </button>
      <input
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={volume}
        disabled={muted}
        aria-label={t('sound.volume')}
        onChange={(e) => {
          setSound({ volume: Number(e.target.value) });
        }}
        onPointerUp={() => {
          play('place');
        }}
      />
    </span>
  );
}

/**
 * A player's name wherever a list shows one (records, leaderboards, profiles, standings, seats): a
 * link to their profile when the account is known, with the username beside the display name when
 * the two differ (two players may share a name; only the username is theirs alone). Who "you" are
 * is never read from it: lists compare account ids.
 */
export function PlayerName({
  name,
  username = null,
  account = null,
}: {
  name: string;
  username?: string | null | undefined;
  account?: string | null | undefined;
}) {
  const shown = (
    <>
      {name}
      {username !== null && username !== name && <span className="username"> @{username}</span>}
    </>
  );
  if (account === null) return <span className="player-ref">{shown}</span>;
  return (
    <a className="player-ref" href={`#/player/${encodeURIComponent(account)}`}>
      {shown}
    </a>
  );
}

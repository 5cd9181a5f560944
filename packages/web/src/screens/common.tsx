import type { DieSymbol, PieceSet, Rejected, TrailKind } from '@ubongo/core';
import { DIE_SYMBOLS, PIECE_SETS } from '@ubongo/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feel, moveHaptic } from '../haptics.js';
import { extremeFill } from '../play/draw.js';
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

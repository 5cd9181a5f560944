import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { play, setSound, useSoundSettings } from '../sound.js';

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

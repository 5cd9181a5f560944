import { useTranslation } from 'react-i18next';
import type { RaceSettings } from '@ubongo/core';
import { GAME_ROUNDS, HOURGLASS_SECONDS, RACE_EDITIONS } from '@ubongo/core';
import { send } from '../net.js';
import { PieceSetField } from '../ui/fields.js';
import type { Table } from './table.js';
import { SelectField } from '../ui/SelectField.js';

/** The hourglass lengths offered, within the range the server takes. */
const HOURGLASS = [20, 30, 45, 60, 90, 120, 180, 300].filter(
  (s) => s >= HOURGLASS_SECONDS.min && s <= HOURGLASS_SECONDS.max,
);
const ROUNDS = Array.from({ length: GAME_ROUNDS.max - GAME_ROUNDS.min + 1 }, (_, i) => GAME_ROUNDS.min + i);
/** The game's settings: the host changes them, everyone sees them. */
export function TableSettings({ table, isHost }: { table: Table; isHost: boolean }) {
  const { t } = useTranslation();
  const { room, lobby } = table;
  const settings = lobby.settings;
  const change = (next: Partial<RaceSettings>): void => {
    send(room, 'settings', next);
  };
  return (
    <section className="card">
      <h2>{t('lobby.settings')}</h2>
      <div className="settings">
        <SelectField
          label={t('lobby.edition')}
          disabled={!isHost}
          value={settings.edition}
          options={RACE_EDITIONS}
          text={(ed) => t(`editions.${ed}`)}
          onChange={(value) => {
            change({ edition: value });
          }}
        />
        {lobby.variants.length > 1 && (
          <SelectField
            label={t('lobby.variant')}
            disabled={!isHost}
            value={settings.variant}
            options={lobby.variants}
            text={(v) => t(`variants.${v}`)}
            onChange={(value) => {
              change({ variant: value });
            }}
          />
        )}
        <SelectField
          label={t('lobby.hourglass')}
          disabled={!isHost}
          value={settings.hourglassSeconds}
          options={[...new Set([...HOURGLASS, settings.hourglassSeconds])].sort((a, b) => a - b)}
          text={(s) => t('lobby.seconds', { count: s })}
          onChange={(hourglassSeconds) => {
            change({ hourglassSeconds });
          }}
        />
        <SelectField
          label={t('lobby.rounds')}
          disabled={!isHost}
          value={settings.rounds}
          options={ROUNDS}
          onChange={(value) => {
            change({ rounds: value });
          }}
        />
        <PieceSetField
          disabled={!isHost}
          value={settings.pieceSet}
          onChange={(pieceSet) => {
            change({ pieceSet });
          }}
        />
        {!lobby.public && (
          <label className="check">
            <input
              type="checkbox"
              disabled={!isHost}
              checked={settings.rated}
              aria-describedby="rated-text"
              onChange={(e) => {
                change({ rated: e.target.checked });
              }}
            />
            {t('lobby.rated')}
          </label>
        )}
      </div>
      <p className="hint">{t(`editions.${settings.edition}Text`)}</p>
      {!lobby.public && (
        <p className="hint" id="rated-text">
          {settings.rated ? t('lobby.ratedText') : t('lobby.casualText')}
        </p>
      )}
    </section>
  );
}

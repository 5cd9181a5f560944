import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotLevel } from '@ubongo/core';
import { BOT_LEVELS } from '@ubongo/core';
import { seatName, send } from '../net.js';
import { PlayerName } from '../ui/PlayerName.js';
import { SeatReaction } from './reactions.js';
import type { Table } from './table.js';
import { SelectField } from '../ui/SelectField.js';

/** The seats, taken and free, and for the host the bots to add or remove; how many watch. */
export function Seats({ table, isHost }: { table: Table; isHost: boolean }) {
  const { t } = useTranslation();
  const { room, lobby } = table;
  const settings = lobby.settings;
  const [level, setLevel] = useState<BotLevel>('casual');
  return (
    <section className="card">
      <h2>{t('lobby.seats')}</h2>
      <ol className="seats">
        {Array.from({ length: lobby.seats.length + lobby.free }, (_, i) => {
          const seat = lobby.seats[i];
          if (!seat)
            return (
              <li key={i} className="seat empty">
                {t('lobby.emptySeat')}
              </li>
            );
          return (
            <li key={i} className={`seat${i === lobby.you ? ' me' : ''}`}>
              <span className="seat-name">
                <PlayerName name={seatName(seat, t)} username={seat.username} account={seat.account} />
                {i === lobby.you && ` (${t('lobby.you')})`}
                {i === lobby.host && <span className="tag">{t('lobby.host')}</span>}
                <SeatReaction seat={i} />
                {/* At a rated table, marked before the game as the server says: a rated game is not for guests. */}
                {settings.rated && seat.guest === true && (
                  <span className="tag guest" data-testid="guest-tag">
                    {t('lobby.guest')}
                  </span>
                )}
              </span>
              <span className="seat-info">
                {/* A guest is said to be one at every table: a name alone is no one's (a username is). */}
                {seat.kind === 'bot' || seat.kind === 'stand-in'
                  ? t(`levels.${seat.level}`)
                  : seat.kind === 'opponent'
                    ? t('lobby.opponentInfo')
                    : seat.guest === true
                      ? t('lobby.guestPerson')
                      : t('lobby.person')}{' '}
                · {t(`sides.${seat.side}`)}
                {seat.kind === 'human' && (seat.ready ? ` · ${t('lobby.ready')}` : ` · ${t('lobby.notReady')}`)}
                {!seat.connected && ` · ${t('lobby.away')}`}
              </span>
              {isHost && (seat.kind === 'bot' || seat.kind === 'stand-in') && (
                <button
                  type="button"
                  className="small"
                  aria-label={t('lobby.removeBot', { name: seatName(seat, t) })}
                  onClick={() => {
                    send(room, 'remove-seat', { seat: i });
                  }}
                >
                  ✕
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {isHost && lobby.free > 0 && (
        <div className="actions">
          <SelectField
            label={t('lobby.botLevel')}
            inline
            value={level}
            options={BOT_LEVELS}
            text={(l) => t(`levels.${l}`)}
            onChange={setLevel}
          />
          <button
            type="button"
            onClick={() => {
              send(room, 'add-bot', { level });
            }}
          >
            {t('lobby.addBot')}
          </button>
        </div>
      )}
      {lobby.spectators > 0 && <p>{t('lobby.spectators', { count: lobby.spectators })}</p>}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LobbyMessage } from '@ubongo/core';
import { SIDES } from '@ubongo/core';
import { timeLeft, useNow } from '../hooks.js';
import { seatName, send } from '../net.js';
import { RejectedNote } from '../ui/RejectedNote.js';
import { Seats } from './Seats.js';
import { TableSettings } from './TableSettings.js';
import { InviteFriends } from './InviteFriends.js';
import type { Table } from './table.js';
/** The table before the game: seats, bots, settings, the code to share, and start. */
export function Lobby({ table }: { table: Table }) {
  const { t } = useTranslation();
  const { room, lobby } = table;
  const isHost = lobby.you >= 0 && lobby.you === lobby.host;
  const me = lobby.seats[lobby.you];
  // A table the rated queue made: private, but it starts by itself, and no arena's.
  const matched = !lobby.public && lobby.startsAt !== null && lobby.arena === undefined;

  return (
    <div className="lobby">
      <h1>
        {lobby.arena !== undefined ? t('arena.tableTitle') : lobby.public ? t('lobby.publicTitle') : t('lobby.title')}
      </h1>
      {lobby.arena !== undefined && <p className="hint">{t('arena.tableNote')}</p>}
      {/* A table the rated queue made starts by itself too (its startsAt), though it is private. */}
      {(lobby.public || matched) && <QuickMatch table={table} />}
      <Blocked lobby={lobby} />
      {/* Friends join a private table of one's own; the queue's pairing is its players' alone. */}
      {!lobby.public && !matched && <ShareCard code={lobby.code} />}
      {!lobby.public && !matched && (
        <InviteFriends seated={lobby.seats.flatMap((s) => (s.account === undefined ? [] : [s.account]))} />
      )}
      <div className="lobby-grid">
        <Seats table={table} isHost={isHost} />
        <TableSettings table={table} isHost={isHost} />
      </div>
      {me && (
        <section className="card">
          <h2>{t('lobby.yourSide')}</h2>
          <div className="actions">
            <div role="radiogroup" aria-label={t('lobby.yourSide')} className="segmented">
              {SIDES.map((side) => (
                <button
                  key={side}
                  type="button"
                  role="radio"
                  aria-checked={me.side === side}
                  onClick={() => {
                    send(room, 'side', { side });
                  }}
                >
                  {t(`sides.${side}Long`)}
                </button>
              ))}
            </div>
            <label className="check">
              <input
                type="checkbox"
                checked={me.ready}
                onChange={(e) => {
                  send(room, 'ready', { ready: e.target.checked });
                }}
              />
              {t('lobby.imReady')}
            </label>
          </div>
        </section>
      )}
      <RejectedNote rejected={table.rejected} onClose={table.clearRejected} />
      <div className="actions center">
        {isHost ? (
          <button
            type="button"
            className="primary big"
            onClick={() => {
              send(room, 'start');
            }}
          >
            {t('lobby.start')}
          </button>
        ) : (
          <p>
            {lobby.you < 0
              ? t('lobby.watching')
              : lobby.arena !== undefined
                ? t('arena.tableWait')
                : lobby.startsAt !== null
                  ? t(lobby.host < 0 ? 'lobby.waitCountdown' : 'lobby.waitQuick')
                  : t('lobby.waitHost')}
          </p>
        )}
      </div>
    </div>
  );
}

/** What keeps the table from starting, as the server says (`lobby.blocked`), for everyone at it. */
function Blocked({ lobby }: { lobby: LobbyMessage }) {
  const { t } = useTranslation();
  const { blocked } = lobby;
  if (!blocked) return null;
  const text =
    blocked.reason === 'guests-at-rated'
      ? t('lobby.blockedGuests', {
          count: blocked.seats.length,
          names: blocked.seats
            .flatMap((i) => {
              const seat = lobby.seats[i];
              return seat ? [seatName(seat, t)] : [];
            })
            .join(', '),
        })
      : t('lobby.blockedTooFew');
  return (
    <p className="banner" role="status" data-testid="blocked">
      {text}
    </p>
  );
}

/** A quick-match table: when it starts by itself, or, for someone alone at it, bots to play against. */
function QuickMatch({ table }: { table: Table }) {
  const { t } = useTranslation();
  const { lobby, room } = table;
  const now = useNow(250, lobby.startsAt !== null || lobby.offerBotsAt !== null);
  const seconds = (at: number): number => Math.ceil(timeLeft(at, lobby, lobby.receivedAt, now) / 1000);
  const isHost = lobby.you >= 0 && lobby.you === lobby.host;
  if (lobby.startsAt !== null) {
    const ready = lobby.seats.every((s) => s.kind === 'bot' || s.kind === 'stand-in' || s.ready);
    const me = lobby.seats[lobby.you];
    return (
      <>
        <p className="banner info" role="status" data-testid="starts-in">
          {t(ready ? 'lobby.allReadyStartsIn' : 'lobby.startsIn', { seconds: seconds(lobby.startsAt) })}
        </p>
        {/* Strangers need not sit out the countdown: I'm ready, at hand, says how to start now. */}
        {me?.kind === 'human' && !me.ready && (
          <div className="ready-now">
            <button
              type="button"
              className="primary big"
              onClick={() => {
                send(room, 'ready', { ready: true });
              }}
            >
              {t('lobby.imReady')}
            </button>
            <p>{t('lobby.readySooner')}</p>
          </div>
        )}
      </>
    );
  }
  if (lobby.offerBotsAt === null || !isHost || seconds(lobby.offerBotsAt) > 0) return null;
  return (
    <section className="card">
      <p>{t('lobby.alone')}</p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            // The free seats go to casual bots, then the game starts: the server decides each step.
            for (let i = 0; i < lobby.free; i++) send(room, 'add-bot', { level: 'casual' });
            send(room, 'start');
          }}
        >
          {t('lobby.playWithBots')}
        </button>
      </div>
    </section>
  );
}

/** A private table's code and link, to share (copied at a press where the browser lets it). */
function ShareCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${window.location.pathname}#/room/${code}`;
  return (
    <section className="card share">
      <p>{t('lobby.share')}</p>
      <p className="code" aria-label={t('lobby.codeLabel')} data-testid="room-code">
        {code}
      </p>
      <div className="actions">
        <input
          className="link"
          readOnly
          value={link}
          aria-label={t('lobby.link')}
          onFocus={(e) => {
            e.target.select();
          }}
        />
        <button
          type="button"
          onClick={(e) => {
            // Without a clipboard (plain http on a LAN), the link is selected to copy by hand.
            const input = e.currentTarget.parentElement?.querySelector('input');
            const select = (): void => {
              input?.focus();
              input?.select();
            };
            if (!('clipboard' in navigator)) {
              select();
              return;
            }
            navigator.clipboard.writeText(link).then(() => {
              setCopied(true);
            }, select);
          }}
        >
          {copied ? t('lobby.copied') : t('lobby.copy')}
        </button>
      </div>
    </section>
  );
}

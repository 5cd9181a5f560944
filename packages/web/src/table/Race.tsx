import type { RoundProgress } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account.js';
import { errorText } from '../net.js';
import { canComeBack, forgetRoom } from '../reconnect.js';
import { go } from '../route.js';
import { hasPlayerName, savePlayerName } from '../store.js';
import { NameField } from '../ui/fields.js';
import { EndOfGame } from './EndOfGame.js';
import { Game } from './Game.js';
import { LeaveDialog } from './LeaveDialog.js';
import { Lobby } from './Lobby.js';
import type { Failure } from './race-room.js';
import { useComeBack, useHandedRoom, useJoinByCode, useLeaveGuard, useLeaveOnExit } from './race-room.js';
import { useRaceTable } from './race-table.js';
import { ReactionBar, ReactionsProvider } from './reactions.js';
import type { Table } from './table.js';

/** No progress: the same object each time, so that the screen is not drawn again for nothing. */
const NONE: RoundProgress = {};

/** A race table, by its code: joins (or rejoins) it, then shows the lobby, the game or its end. */
export function RaceScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const [room, setRoom] = useHandedRoom(code);
  // Someone who opens a table's link without having given a name is asked for one first.
  const [named, setNamed] = useState(() => room !== null || hasPlayerName() || canComeBack(code));
  const [failure, setFailure] = useState<Failure | null>(null);
  const [connection, setConnection] = useState<'ok' | 'lost'>('ok');
  const { lobby, view, rejected, clearRejected, saved, left, dismissLeft, reveal, progress, nameOf } =
    useRaceTable(room);
  useJoinByCode(code, room, named, setRoom, setFailure);
  useComeBack(room, t, setRoom, setFailure, setConnection);
  useLeaveOnExit(room);
  // Leaving a game that is not over (in a round, between rounds, before the first) gives the seat
  // to a bot for good: a link to another screen (the header's, a stray tap) asks first. A reload
  // keeps the seat, and asks nothing.
  const seatedInPlay = lobby?.started === true && lobby.you >= 0 && view?.view.phase !== 'finished';
  const [leaving, setLeaving] = useLeaveGuard(code, seatedInPlay);

  if (failure) return <CannotJoin code={code} failure={failure} />;
  if (!named)
    return (
      <NameFirst
        code={code}
        onNamed={() => {
          setNamed(true);
        }}
        onFailed={setFailure}
      />
    );
  if (!room || !lobby) return <p className="loading">{t('race.joining', { code })}</p>;

  const table: Table = {
    room,
    lobby,
    view,
    nameOf,
    rejected,
    clearRejected,
    savedGame: saved?.game ?? null,
    saved,
    reveal,
    // Only the round on the screen's: a round's reports are not shown in the next.
    progress: view?.view.phase === 'playing' && progress.round === view.view.round?.number ? progress.players : NONE,
  };
  return (
    <ReactionsProvider room={room} lobby={lobby}>
      {connection === 'lost' && (
        <p className="banner" role="alert">
          {t('race.reconnecting')}
        </p>
      )}
      {lobby.resumeBy !== null && (
        <p className="banner" role="status">
          {/* A game resumed says its round starts again; a lobby or a finished table kept over the restart, that seats not taken back are freed. */}
          {t(lobby.restartRound !== null ? 'race.resuming' : 'race.tableResuming', {
            count: lobby.seats.filter((s) => s.kind === 'human' && !s.connected).length,
          })}
        </p>
      )}
      {left.length > 0 && lobby.started && view?.view.phase !== 'finished' && (
        // Seen as well as heard (the live region says it too): who left, and that a bot plays on.
        <div className="left-toast" data-testid="left-banner">
          <p>{left.map((name) => t('race.replacedShown', { name })).join(' ')}</p>
          <button type="button" className="close" aria-label={t('common.dismiss')} onClick={dismissLeft}>
            ×
          </button>
        </div>
      )}
      {!lobby.started || !view ? (
        <Lobby table={table} />
      ) : view.view.phase === 'finished' ? (
        <EndOfGame table={table} view={view.view} />
      ) : (
        <Game table={table} view={view} />
      )}
      <ReactionBar />
      {leaving !== null && seatedInPlay && (
        <LeaveDialog
          onLeave={() => {
            setLeaving(null);
            window.location.hash = leaving;
          }}
          onStay={() => {
            setLeaving(null);
          }}
        />
      )}
    </ReactionsProvider>
  );
}

/** Why the table cannot be shown, with the way home. */
function CannotJoin({ code, failure }: { code: string; failure: Failure }) {
  const { t } = useTranslation();
  return (
    <div className="card narrow">
      <h1>{t('race.cannotJoinTitle', { code })}</h1>
      <p role="alert">
        {'joinError' in failure ? t('home.cannotJoin', { reason: errorText(failure.joinError, t) }) : failure.text}
      </p>
      <button
        type="button"
        onClick={() => {
          forgetRoom();
          go('');
        }}
      >
        {t('nav.home')}
      </button>
    </div>
  );
}

/** A name asked first, of someone who opened a table's link without having given one. */
function NameFirst({
  code,
  onNamed,
  onFailed,
}: {
  code: string;
  onNamed: () => void;
  onFailed: (failure: Failure) => void;
}) {
  const { t } = useTranslation();
  // Offered as the account's name (a guest's "Player NNNN") until changed.
  const account = useAccount();
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? account?.name ?? '';
  return (
    <form
      className="card narrow"
      onSubmit={(e) => {
        e.preventDefault();
        savePlayerName(name)
          .then(() => {
            onNamed();
          })
          .catch((err: unknown) => {
            onFailed({ joinError: err });
          });
      }}
    >
      <h1>{t('race.cannotJoinTitle', { code })}</h1>
      <NameField label={t('race.nameFirst')} value={name} onChange={setName} />
      <div className="actions">
        <button type="submit" className="primary">
          {t('race.sitDown')}
        </button>
      </div>
    </form>
  );
}

import type { RaceView, RaceViewMessage } from '@ubongo/core';
import { FIXED_SCORING } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { play } from '../sound.js';
import { Gem } from '../ui/gems.js';
import { SoundControl } from '../ui/PlayBar.js';
import { TaskKey } from '../ui/TaskKey.js';
import { Hourglass } from './Hourglass.js';
import type { Table } from './table.js';

/** A view message and when it came, on the player's clock. */
export type Received = RaceViewMessage & { receivedAt: number };

/** The bar over the round: which round, the die, the gems to take, the sand, who watches, the sound. */
export function GameBar({
  table,
  message,
  myDeal,
  restartRound,
  layout,
  audible,
  boardShown,
}: {
  table: Table;
  message: Received;
  myDeal: NonNullable<RaceView['round']>['deals'][number] | undefined;
  restartRound: number | null;
  layout: NonNullable<RaceView['round']>['layout'];
  audible: boolean;
  boardShown: boolean;
}) {
  const { t } = useTranslation();
  const view = message.view;
  const round = view.round;
  const playing = view.phase === 'playing';
  const total = (view.hourglassSeconds * 1000) / message.timeScale;
  return (
    <div className="game-bar">
      <h1 className="round-title">
        {restartRound === null && round?.tieBreak
          ? t('game.tieBreakRound')
          : t('game.round', {
              round: Math.min(restartRound ?? round?.number ?? 1, view.rounds),
              rounds: view.rounds,
            })}
      </h1>
      {restartRound !== null ? null : myDeal ? (
        <span className="task-key">
          {view.edition === 'extreme' ? t('game.yourColour') : t('game.die')} <TaskKey value={myDeal.key} />
        </span>
      ) : (
        // Someone watching sees the die everyone plays by (in Extreme each has a colour of their own).
        round?.die !== undefined && (
          <span className="task-key">
            {t('game.die')} <TaskKey value={round.die} />
          </span>
        )
      )}
      {/* Fixed scoring takes nothing from the marker and nothing by lot (docs/rules.md §2.9): its gems by place instead. */}
      {view.edition !== 'jewels' && view.variant !== 'fixed' && (
        <Marker marker={view.marker} bank={view.edition === 'extreme'} />
      )}
      {view.edition !== 'jewels' && view.variant !== 'fixed' && <Bag count={view.bagSize} />}
      {view.variant === 'fixed' && <FixedGems />}
      {playing && round && !layout && (
        <RoundSand
          deadline={round.deadline}
          message={message}
          total={total}
          second={round.secondChance}
          audible={audible}
        />
      )}
      {/* Players and watchers alike see how many watch. */}
      {table.lobby.spectators > 0 && (
        <span className="watchers" data-testid="watchers">
          {t('game.watchers', { count: table.lobby.spectators })}
        </span>
      )}
      {!boardShown && <SoundControl />}
    </div>
  );
}

/** The round's hourglass (it keeps its own time), its sand heard in the last ten seconds while my board is to be solved. */
function RoundSand({
  deadline,
  message,
  total,
  second,
  audible,
}: {
  deadline: number;
  message: Received;
  total: number;
  second: boolean;
  audible: boolean;
}) {
  // (Hourglass calls the latest of these: a new one each render restarts nothing.)
  const onSecond = (seconds: number): void => {
    if (audible && seconds > 0 && seconds <= 10) play('sand');
  };
  return <Hourglass deadline={deadline} clock={message} total={total} second={second} onSecond={onSecond} />;
}

/**
 * The round marker (the bank in Extreme): the sapphires and ambers the first two solvers of a round
 * take, one of each leaving it every round.
 */
function Marker({ marker, bank }: { marker: RaceView['marker']; bank: boolean }) {
  const { t } = useTranslation();
  const label = t(bank ? 'game.bank' : 'game.marker', { sapphire: marker.sapphire, amber: marker.amber });
  // Named in words beside it: a phone shows no hover title.
  return (
    <span className="counter" role="img" aria-label={label}>
      <span className="counter-name" aria-hidden="true">
        {t(bank ? 'game.bankName' : 'game.markerName')}
      </span>
      <span className="marker" aria-hidden="true">
        {(['sapphire', 'amber'] as const).map((gem) => (
          <span key={gem} className="marker-gems" data-gem={gem}>
            <Gem gem={gem} />
            {marker[gem]}
          </span>
        ))}
      </span>
    </span>
  );
}

/** Fixed scoring: the gem each solving place takes, first to fourth, in place of the marker and the bag. */
function FixedGems() {
  const { t } = useTranslation();
  const label = t('game.fixedGems');
  return (
    <span className="counter" role="img" aria-label={label} data-testid="fixed-gems">
      <span className="counter-name" aria-hidden="true">
        {t('variants.fixed')}
      </span>
      <span className="marker fixed-gems" aria-hidden="true">
        {FIXED_SCORING.map((gem, i) => (
          <span key={gem} className="marker-gems" data-gem={gem}>
            {i + 1}
            <Gem gem={gem} />
          </span>
        ))}
      </span>
    </span>
  );
}

/** The bag the gems are drawn from, drawn, with how many are left in it. */
function Bag({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = t('game.bag', { count });
  return (
    <span className="counter bag" role="img" aria-label={label}>
      <span className="counter-name" aria-hidden="true">
        {t('game.bagName')}
      </span>
      <svg className="bag-picture" viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        {/* Two gems in its open mouth, the cloth gathered under them by a string. */}
        <path d="M11.5 8.5 14 5l2.5 3.5L14 12Z" fill="#c1121f" stroke="#0006" strokeWidth="0.6" />
        <path d="M16 7l2.5-2.5L21 7l-1 3.5h-3Z" fill="#1d4ed8" stroke="#0006" strokeWidth="0.6" />
        <path
          className="bag-cloth"
          d="M10.5 12.5C5.5 16 3.5 20.5 4.5 25c1 4 5.5 5.5 11.5 5.5s10.5-1.5 11.5-5.5c1-4.5-1-9-6-12.5Z"
        />
        <path className="bag-cloth" d="M9 9.5c2 1.2 4 1.8 7 1.8s5-.6 7-1.8l-2 3.5h-10Z" />
        <path className="bag-string" d="M10.5 12.8h11M16 12.8l-2.5 4.5M16 12.8l2.5 4.5" />
      </svg>
      <span className="bag-count" aria-hidden="true">
        {count}
      </span>
    </span>
  );
}

import type { Placement, PracticeTaskRef, Rejected } from '@ubongo/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useData } from '../data.js';
import type { OfflineDecks } from '../offline.js';
import { checkOffline, loadOfflineDecks, offlineTask } from '../offline.js';
import type { Placements } from '../play/Puzzle.js';
import { solvedCue } from '../ui/cues.js';
import { PracticeBoard, PracticeControls } from './practice-board.js';
import { TaskChooser } from './TaskChooser.js';

/** The first task of the first deck (null: the decks hold none). */
function firstTask(decks: OfflineDecks): PracticeTaskRef | null {
  const deck = decks.index.decks[0];
  const board = deck?.boards[0];
  const key = board?.sides.easy.tasks[0]?.key;
  return deck && board && key !== undefined ? { edition: deck.edition, board: board.id, side: 'easy', key } : null;
}

/**
 * Practice without a connection (docs/web.md, "Offline"): the decks the browser keeps (a chunk of
 * the build, cached by the service worker), a claim checked here by core's checker, hints and the
 * solution from the deck's own solution. The only time the client checks anything; nothing is
 * recorded, and the screen says so. `onBack`: practice with the server again, offered when the
 * browser says it is online.
 */
export function OfflinePractice({
  why = 'offline',
  onBack,
}: {
  /** Why there is no server: the browser is offline, or the server cannot be reached. */
  why?: 'offline' | 'unreachable';
  onBack?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const loaded = useData<OfflineDecks>(loadOfflineDecks, []);
  const decks = loaded.data;
  const failed = loaded.error !== null;
  const [chosen, setRef] = useState<PracticeTaskRef | null>(null);
  // The first task of the first deck until another is chosen, as practice online starts.
  const first = useMemo(() => decks && firstTask(decks), [decks]);
  const ref = chosen ?? first;
  // How many pieces of the solution are shown (a hint each), or all of them.
  const [shown, setShown] = useState(0);
  const [solved, setSolved] = useState(false);
  const [rejected, setRejected] = useState<Rejected | null>(null);

  const index = decks?.index ?? null;
  const found = useMemo(() => (decks && ref ? offlineTask(decks, ref) : undefined), [decks, ref]);
  const puzzle = found?.puzzle ?? null;
  const task = found?.task;
  const solution: readonly Placement[] = task?.solution ?? [];
  const showing = shown > 0 ? solution.slice(0, shown) : undefined;

  const choose = (next: PracticeTaskRef): void => {
    setRef(next);
    setShown(0);
    setSolved(false);
    setRejected(null);
  };

  const claim = useCallback(
    (placements: Placements) => {
      if (!puzzle) return;
      const refused = checkOffline(puzzle, placements);
      if (refused) {
        setRejected(refused);
        return;
      }
      setRejected(null);
      setSolved(true);
      announce(t('practice.solved'));
      solvedCue();
    },
    [puzzle, announce, t],
  );

  const random = (): void => {
    const deck = index?.decks.find((d) => d.edition === ref?.edition);
    if (!deck || !ref) return;
    const board = deck.boards[Math.floor(Math.random() * deck.boards.length)];
    const tasks = board?.sides[ref.side].tasks ?? [];
    const key = tasks[Math.floor(Math.random() * tasks.length)]?.key;
    if (board && key !== undefined) choose({ edition: ref.edition, board: board.id, side: ref.side, key });
  };

  const allShown = shown >= solution.length && solution.length > 0;
  const controls = (
    <PracticeControls
      hints={shown > 0 && !allShown ? { shown, of: solution.length } : null}
      disabled={solved || allShown}
      onHint={() => {
        setShown((n) => Math.min(n + 1, solution.length));
      }}
      onSolution={() => {
        setShown(solution.length);
      }}
    />
  );

  if (failed)
    return (
      <p className="error" role="alert">
        {t('practice.offlineNoDecks')}
      </p>
    );
  if (!index || !ref || !puzzle || !task) return <p className="loading">{t('common.loading')}</p>;
  return (
    <div className="practice play-screen" data-offline="">
      <h1>{t('practice.title')}</h1>
      <div className="banner offline-banner" role="status">
        <p>{t(why === 'offline' ? 'practice.offlineMode' : 'practice.unreachableMode')}</p>
        {onBack && (
          <button type="button" className="primary" onClick={onBack}>
            {t('practice.backOnline')}
          </button>
        )}
      </div>
      <TaskChooser index={index} task={ref} difficulty={task.difficulty} disabled={false} onChoose={choose} />
      <div className="actions practice-actions">
        <button type="button" onClick={random}>
          {t('practice.random')}
        </button>
      </div>
      <PracticeBoard
        id={`${ref.edition}-${ref.board}-${ref.side}-${ref.key}`}
        board={ref.board}
        task={puzzle}
        shown={showing ?? null}
        solved={solved}
        rejected={rejected}
        onCloseRejected={() => {
          setRejected(null);
        }}
        onComplete={claim}
        controls={controls}
      />
    </div>
  );
}

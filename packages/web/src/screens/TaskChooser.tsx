import type { DeckEdition, DeckIndex, PracticeTaskRef, Side } from '@ubongo/core';
import { DECK_EDITIONS, SIDES } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskKey } from './common.js';

/**
 * Which task to practise: the deck, the board, the side and the die face (or colour), from the
 * decks' index; folded away on a phone to leave the screen to the board. A choice is a whole task
 * (a board that lacks the key goes to its first).
 */
export function TaskChooser({
  index,
  task,
  difficulty,
  disabled,
  onChoose,
}: {
  index: DeckIndex;
  task: PracticeTaskRef;
  difficulty: number;
  disabled: boolean;
  onChoose: (task: PracticeTaskRef) => void;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(
    () => typeof matchMedia !== 'function' || matchMedia('(min-width: 760px)').matches,
  );
  const deck = index.decks.find((d) => d.edition === task.edition);
  const board = deck?.boards.find((b) => b.id === task.board);
  const choose = (next: Partial<PracticeTaskRef>): void => {
    const edition = next.edition ?? task.edition;
    const boards = index.decks.find((d) => d.edition === edition)?.boards ?? [];
    const chosen = boards.find((b) => b.id === (next.board ?? task.board)) ?? boards[0];
    const side = next.side ?? task.side;
    const keys = chosen?.sides[side].tasks.map((k) => k.key) ?? [];
    const key = keys.includes(next.key ?? task.key) ? (next.key ?? task.key) : (keys[0] ?? '1');
    if (chosen) onChoose({ edition, board: chosen.id, side, key });
  };
  return (
    <details
      className="card choose"
      open={choosing}
      onToggle={(e) => {
        setChoosing(e.currentTarget.open);
      }}
    >
      <summary>
        <TaskKey value={task.key} />
        <span className="task-line">
          {t('practice.about', {
            board: task.board,
            side: t(`sides.${task.side}`),
            difficulty: difficulty.toFixed(1),
          })}
        </span>
        <span className="change">{t('practice.change')}</span>
      </summary>
      <div className="settings">
        <label className="field">
          <span>{t('practice.deck')}</span>
          <select
            disabled={disabled}
            value={task.edition}
            onChange={(e) => {
              choose({ edition: e.target.value as DeckEdition, board: '' });
            }}
          >
            {DECK_EDITIONS.map((ed) => (
              <option key={ed} value={ed}>
                {t(`editions.${ed}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('practice.board')}</span>
          <select
            disabled={disabled}
            value={task.board}
            onChange={(e) => {
              choose({ board: e.target.value });
            }}
          >
            {deck?.boards.map((b) => (
              <option key={b.id} value={b.id}>
                {b.id}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('practice.side')}</span>
          <select
            disabled={disabled}
            value={task.side}
            onChange={(e) => {
              choose({ side: e.target.value as Side });
            }}
          >
            {SIDES.map((s) => (
              <option key={s} value={s}>
                {t(`sides.${s}Long`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('practice.task')}</span>
          <select
            disabled={disabled}
            value={task.key}
            onChange={(e) => {
              choose({ key: e.target.value });
            }}
          >
            {board?.sides[task.side].tasks.map((k) => (
              <option key={k.key} value={k.key}>
                {t(`keys.${k.key}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </details>
  );
}

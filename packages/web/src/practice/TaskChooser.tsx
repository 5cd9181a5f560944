import type { DeckIndex, PracticeTaskRef } from '@ubongo/core';
import { DECK_EDITIONS, SIDES } from '@ubongo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskKey } from '../ui/TaskKey.js';
import { SelectField } from '../ui/SelectField.js';

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
        <SelectField
          label={t('practice.deck')}
          disabled={disabled}
          value={task.edition}
          options={DECK_EDITIONS}
          text={(ed) => t(`editions.${ed}`)}
          onChange={(value) => {
            choose({ edition: value, board: '' });
          }}
        />
        <SelectField
          label={t('practice.board')}
          disabled={disabled}
          value={task.board}
          options={deck?.boards.map((b) => b.id) ?? []}
          onChange={(value) => {
            choose({ board: value });
          }}
        />
        <SelectField
          label={t('practice.side')}
          disabled={disabled}
          value={task.side}
          options={SIDES}
          text={(s) => t(`sides.${s}Long`)}
          onChange={(value) => {
            choose({ side: value });
          }}
        />
        <SelectField
          label={t('practice.task')}
          disabled={disabled}
          value={task.key}
          options={board?.sides[task.side].tasks.map((k) => k.key) ?? []}
          text={(k) => t(`keys.${k}`)}
          onChange={(value) => {
            choose({ key: value });
          }}
        />
      </div>
    </details>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardMove } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { rememberTutorial, TUTORIAL_STEPS, TUTORIAL_TASK } from '../tutorial.js';

/** The board, drawn again only when its own props change, not when the words above it do. */

/** How the player is playing: with a finger (or pen), or a mouse; the steps' words follow. */
type Hand = 'touch' | 'mouse';

/** The hand at first from the screen (a coarse pointer is a finger), then from the last press. */
function useHand(): Hand {
  const [hand, setHand] = useState<Hand>(() =>
    typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse',
  );
  useEffect(() => {
    const onDown = (e: PointerEvent): void => {
      setHand(e.pointerType === 'mouse' ? 'mouse' : 'touch');
    };
    window.addEventListener('pointerdown', onDown, { capture: true });
    return () => {
      window.removeEventListener('pointerdown', onDown, { capture: true });
    };
  }, []);
  return hand;
}

/**
 * The first-play tutorial: a small real board and three steps, drag, turn, then flip and cover the
 * board. Each step says what to do and moves on when the board reports that it was done; it can be
 * skipped at any time, and either way the home page stops offering it.
 */
export function Tutorial() {
  const { t } = useTranslation();
  const hand = useHand();
  // The step under way (an index in TUTORIAL_STEPS); the board covered ends the last.
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(false);
  // A new board for each start.
  const [round, setRound] = useState(0);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    rememberTutorial('started');
  }, []);
  useEffect(() => {
    if (!done) return;
    rememberTutorial('done');
    // What to do next, where a keyboard or a screen reader is: the board has nothing left to do.
    doneHeading.current?.focus();
  }, [done]);

  const current = TUTORIAL_STEPS[step] ?? 'flip';
  // The gesture the step asks for, on the board: the next step. (The last ends with the board covered.)
  // Read from the step as it stands, so that the board is handed one function for good.
  const onMove = useCallback((move: BoardMove): void => {
    setStep((s) => {
      const now = TUTORIAL_STEPS[s];
      return (now === 'drag' && move.kind === 'place') || (now === 'turn' && move.kind === 'turn') ? s + 1 : s;
    });
  }, []);
  const onComplete = useCallback(() => {
    setDone(true);
  }, []);

  return (
    // The step on the screen, for the style: the piece it is about glows.
    <div className="tutorial play-screen" data-step={done ? 'done' : current}>
      <div className="tutorial-head">
        <h1>{t('tutorial.title')}</h1>
        {!done && (
          <a
            className="button"
            href="#/"
            onClick={() => {
              rememberTutorial('skipped');
            }}
          >
            {t('tutorial.skip')}
          </a>
        )}
      </div>
      <ol className="tutorial-steps" aria-label={t('tutorial.stepsLabel')}>
        {TUTORIAL_STEPS.map((s, i) => {
          const finished = done || i < step;
          return (
            <li
              key={s}
              className={finished ? 'finished' : i === step ? 'current' : undefined}
              aria-current={!done && i === step ? 'step' : undefined}
            >
              <span className="tutorial-mark" aria-hidden="true">
                {finished ? '✓' : i + 1}
              </span>
              {t(`tutorial.${s}.title`)}
              {finished && <span className="sr-only"> ({t('tutorial.stepDone')})</span>}
            </li>
          );
        })}
      </ol>
      {done ? (
        <section className="card tutorial-done" aria-labelledby="tutorial-done">
          <h2 id="tutorial-done" ref={doneHeading} tabIndex={-1}>
            {t('tutorial.done.title')}
          </h2>
          <p>{t('tutorial.done.text')}</p>
          <div className="actions">
            <a className="button primary" href="#/solo">
              {t('home.solo')}
            </a>
            <a className="button" href="#/practice">
              {t('home.practice')}
            </a>
            <button
              type="button"
              onClick={() => {
                setStep(0);
                setDone(false);
                setRound((r) => r + 1);
              }}
            >
              {t('tutorial.again')}
            </button>
          </div>
        </section>
      ) : (
        // Read out as each step comes: the words change when the board says the last one was done.
        <p className="tutorial-say" aria-live="polite" data-step={current}>
          <strong>{t('tutorial.stepOf', { n: step + 1, of: TUTORIAL_STEPS.length })}</strong>{' '}
          {t(`tutorial.${current}.${hand}`)}
        </p>
      )}
      <Puzzle
        key={round}
        task={TUTORIAL_TASK}
        disabled={done}
        onMove={onMove}
        onComplete={onComplete}
        label={t('tutorial.board')}
      />
      {!done && hand === 'mouse' && <p className="tutorial-keys">{t('tutorial.keyboard')}</p>}
    </div>
  );
}

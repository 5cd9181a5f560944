import type { Cell, GridName } from '@ubongo/core';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useAccount } from '../account.js';
import { ApiProblem } from '../api.js';
import type { EditorState } from './editor.js';
import { editorOf, editorSpec, emptyEditor, reduce } from './editor.js';
import { EditorGrid } from './EditorGrid.js';
import { PiecePicker } from './PiecePicker.js';

/*
 * The board editor (docs/boards.md): draw the white area with a finger, a mouse or the keys, choose
 * the pieces from the deck's set, and Save: the server proves the board or says why not (the cell or
 * the piece is marked), and gives its share code and link. Import and Export read and write the
 * puzzle file format, the `ubongo solve` file.
 */

/** The editor's screen. */
export function BoardEditor() {
  const { t } = useTranslation();
  const account = useAccount();
  const [state, dispatch] = useReducer(reduce, emptyEditor());
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ id: string; solutions: number } | null>(null);
  const [note, setNote] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const guest = account?.username == null;

  const save = async (): Promise<void> => {
    setBusy(true);
    setMade(null);
    try {
      const answer = await api('POST /api/boards', { body: editorSpec(state) });
      setMade({ id: answer.id, solutions: answer.solutions });
    } catch (e) {
      if (!(e instanceof ApiProblem)) throw e;
      const params = e.params ?? {};
      const x = params['x'];
      const y = params['y'];
      const piece = params['piece'];
      dispatch({
        type: 'refused',
        refusal: {
          code: e.code ?? '',
          message: e.message,
          ...(typeof x === 'number' && typeof y === 'number' ? { cell: [x, y] as Cell } : {}),
          ...(typeof piece === 'number' ? { piece } : {}),
        },
      });
    } finally {
      setBusy(false);
    }
  };

  const exportFile = (): void => {
    const blob = new Blob([`${JSON.stringify(editorSpec(state), null, 2)}\n`], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'board.json';
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const importFile = async (chosen: File | undefined): Promise<void> => {
    if (!chosen) return;
    const read = editorOf(await chosen.text());
    if (read.ok) {
      dispatch({ type: 'load', state: read.state });
      setNote(t('boards.imported'));
    } else setNote(t('boards.importFailed', { where: read.error.path, why: read.error.message }));
  };

  const refusal = state.refusal;
  const link = made ? `${window.location.origin}${window.location.pathname}#/board/${made.id}` : '';
  return (
    <div className="board-editor">
      <h1>{t('boards.title')}</h1>
      <section className="card">
        <p>{t('boards.intro')}</p>
        <fieldset className="grid-choice">
          <legend>{t('boards.grid')}</legend>
          {(['square', 'hex'] as const satisfies readonly GridName[]).map((g) => (
            <label key={g}>
              <input
                type="radio"
                name="board-grid"
                checked={state.grid === g}
                onChange={() => {
                  dispatch({ type: 'grid', grid: g });
                }}
              />{' '}
              {t(`boards.grids.${g}`)}
            </label>
          ))}
        </fieldset>
        <EditorGrid state={state} dispatch={dispatch} />
        <PiecePicker state={state} dispatch={dispatch} />
        <label className="field">
          <span>{t('boards.name')}</span>
          <input
            value={state.name}
            maxLength={24}
            onChange={(e) => {
              dispatch({ type: 'name', name: e.target.value });
            }}
          />
        </label>
        {refusal && <Refused refusal={refusal} state={state} />}
        {made && (
          <div className="board-made" role="status" data-testid="board-made">
            <p>{t('boards.made', { count: made.solutions })}</p>
            <p>
              {t('boards.code')} <strong className="code">{made.id}</strong>
            </p>
            <p>
              <a href={`#/board/${made.id}`}>{link}</a>
            </p>
          </div>
        )}
        {guest && <p className="hint">{t('boards.claimFirst')}</p>}
        <div className="actions">
          <button type="button" className="primary" disabled={busy || guest} onClick={() => void save()}>
            {t('boards.save')}
          </button>
          <button type="button" onClick={exportFile}>
            {t('boards.export')}
          </button>
          <button type="button" onClick={() => file.current?.click()}>
            {t('boards.import')}
          </button>
          <button
            type="button"
            onClick={() => {
              dispatch({ type: 'clear' });
              setMade(null);
            }}
          >
            {t('boards.clear')}
          </button>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            hidden
            aria-label={t('boards.import')}
            onChange={(e) => void importFile(e.target.files?.[0])}
          />
        </div>
        {note && <p role="status">{note}</p>}
      </section>
    </div>
  );
}

/** The server's refusal in words: its code's sentence, with the cell or piece, else its own words. */
function Refused({ refusal, state }: { refusal: NonNullable<EditorState['refusal']>; state: EditorState }) {
  const { t, i18n } = useTranslation();
  const where = refusal.cell
    ? t('boards.atCell', { x: refusal.cell[0], y: refusal.cell[1] })
    : refusal.piece !== undefined
      ? t('boards.atPiece', { n: refusal.piece + 1, piece: state.pieces[refusal.piece] ?? '' })
      : '';
  const key = `boards.refusals.${refusal.code.replace('/', '-')}`;
  const words = i18n.exists(key) ? t(key) : refusal.message;
  return (
    <div className="error board-refused" role="alert" data-testid="board-refused">
      <p>
        <strong>{t('boards.refused')}</strong> {words}
        {where && ` ${where}`}
      </p>
    </div>
  );
}

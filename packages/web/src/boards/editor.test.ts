import { describe, expect, it } from 'vitest';
import { editorCells, editorOf, editorSpec, emptyEditor, reduce } from './editor.js';
import type { EditorAction, EditorState } from './editor.js';

const run = (actions: readonly EditorAction[], from: EditorState = emptyEditor()): EditorState =>
  actions.reduce(reduce, from);

describe('the board editor as a value', () => {
  it('paints cells white and back, only inside the drawing area, and forgets a refusal on a change', () => {
    const refused = run([{ type: 'refused', refusal: { code: 'board/hole', message: 'x', cell: [1, 1] } }]);
    const s = run(
      [
        { type: 'paint', cell: [0, 0], white: true },
        { type: 'paint', cell: [1, 0], white: true },
        { type: 'paint', cell: [1, 0], white: true },
        { type: 'paint', cell: [99, 0], white: true },
        { type: 'paint', cell: [0, 0], white: false },
      ],
      refused,
    );
    expect(s.cells).toEqual(['1,0']);
    expect(s.refusal).toBeNull();
  });

  it('adds pieces of the grid’s set only, at most eight, and a new grid starts afresh', () => {
    let s = run([
      { type: 'add', piece: 'L4' },
      { type: 'add', piece: 'red-1' },
      { type: 'add', piece: 'Q7' },
    ]);
    expect(s.pieces).toEqual(['L4']);
    for (let i = 0; i < 10; i++) s = reduce(s, { type: 'add', piece: 'I2' });
    expect(s.pieces).toHaveLength(8);
    s = reduce(s, { type: 'remove', index: 0 });
    expect(s.pieces[0]).toBe('I2');
    s = reduce(s, { type: 'grid', grid: 'hex' });
    expect(s).toEqual(emptyEditor('hex'));
    expect(reduce(s, { type: 'add', piece: 'red-1' }).pieces).toEqual(['red-1']);
    expect(editorCells('hex')).toHaveLength(64);
  });

  it('writes the puzzle file format and reads it back (Export, Import)', () => {
    const file =
      '{"grid": "square", "region": ["..##", "####", "####", "###.", "##.."], "pieces": ["L4", "T4", "P5", "I2"], "name": "Stairs"}';
    const read = editorOf(file);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.state.pieces).toEqual(['L4', 'T4', 'P5', 'I2']);
    expect(read.state.cells).toHaveLength(15);
    expect(editorSpec(read.state)).toEqual({
      grid: 'square',
      region: ['..##', '####', '####', '###', '##'],
      pieces: ['L4', 'T4', 'P5', 'I2'],
      name: 'Stairs',
    });
    const hex = editorSpec(
      run([
        { type: 'grid', grid: 'hex' },
        { type: 'paint', cell: [-1, 2], white: true },
      ]),
    );
    expect(hex).toEqual({ grid: 'hex', region: [[-1, 2]], pieces: [] });
    expect(editorOf('{"grid": "square", "region": ["#"], "pieces": ["Q7"]}')).toMatchObject({
      ok: false,
      error: { code: 'puzzle/unknown-piece', path: 'pieces[0]' },
    });
    expect(editorOf('not json')).toMatchObject({ ok: false, error: { code: 'puzzle/json' } });
  });
});

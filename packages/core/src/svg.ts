import type { Deck, DeckBoard, DeckSide, Side } from './deck.js';
import type { DieSymbol } from './die.js';
import { DIE_SYMBOLS } from './die.js';
import { cellCorners, cellsExtent } from './cell-outline.js';
import type { Cell, GridName } from './grid.js';

/*
 * SVG pictures of board sides and printable sheets: plain strings, no DOM, so that the CLI can
 * write them to files and the browser could inline them.
 */

/** The outline of a cell as SVG polygon points (pointy-top hexagons). */
export function cellPoints(grid: GridName, cell: Cell, s: number): string {
  return cellCorners(grid, cell, s)
    .map(([px, py]) => `${px.toFixed(2)},${py.toFixed(2)}`)
    .join(' ');
}

/** Cells drawn as polygons, moved so that their box starts at (ox, oy). */
function drawCells(grid: GridName, cells: readonly Cell[], s: number, ox: number, oy: number, style: string): string {
  const e = cellsExtent(grid, cells, s);
  const polys = cells.map((c) => `<polygon points="${cellPoints(grid, c, s)}"/>`).join('');
  return `<g transform="translate(${(ox - e.x).toFixed(2)},${(oy - e.y).toFixed(2)})" ${style}>${polys}</g>`;
}

// Colours a player can tell apart; the letter on each piece does not rely on them.
const CLASSIC_COLOURS = [
  '#e6194b',
  '#3cb44b',
  '#f58231',
  '#4363d8',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#9a6324',
  '#469990',
  '#808000',
  '#000075',
  '#e6a800',
];
const EXTREME_FILL: Record<string, string> = { red: '#d7263d', blue: '#1b6ec2', green: '#22a05a', yellow: '#f2c230' };

/** The fill colour of a piece in pictures. */
export function pieceColour(deck: Pick<Deck, 'edition' | 'pieces'>, id: string): string {
  if (deck.edition === 'extreme') return EXTREME_FILL[id.split('-')[0] ?? ''] ?? '#888';
  const i = Object.keys(deck.pieces).indexOf(id);
  return CLASSIC_COLOURS[i % CLASSIC_COLOURS.length] ?? '#888';
}

/** A die face, its symbol in a rounded square, as the label of a classic task row. */
function dieFace(face: string, x: number, y: number, size: number): string {
  const frame = `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}" fill="#fff" stroke="#333" stroke-width="1.5"/>`;
  const symbol = (DIE_SYMBOLS as Readonly<Record<string, DieSymbol | undefined>>)[face];
  // A key that is no die face (a deck verifyDeck refuses) is shown as it is written.
  if (!symbol)
    return `${frame}<text x="${x + size / 2}" y="${y + size * 0.65}" text-anchor="middle" font-family="sans-serif" font-size="${size * 0.4}" fill="#333">${escapeXml(face)}</text>`;
  // The symbol's 16-unit box, inset from the frame by an eighth of its side.
  const inset = size / 8;
  const scale = (size - 2 * inset) / 16;
  const paths = symbol.paths.map((d) => `<path d="${d}"/>`).join('');
  return `${frame}<g transform="translate(${(x + inset).toFixed(2)},${(y + inset).toFixed(2)}) scale(${scale.toFixed(4)})" fill="#333" fill-rule="evenodd"><title>${escapeXml(symbol.name)}</title>${paths}</g>`;
}

function rowLabel(deck: Deck, key: string, x: number, y: number, size: number): string {
  if (deck.edition === 'classic') return dieFace(key, x, y, size);
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  // A hexagon the size of the label, as a cell at the origin is drawn, moved to the label.
  const points = cellCorners('hex', [0, 0], r)
    .map(([px, py]) => `${(cx + px).toFixed(1)},${(cy + py).toFixed(1)}`)
    .join(' ');
  return `<polygon points="${points}" fill="${EXTREME_FILL[key] ?? '#888'}" stroke="#333" stroke-width="1.5"/>`;
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture of one board side: the white area to cover on the left, one row of pieces per task on the right. */
export function renderSide(deck: Deck, board: DeckBoard, side: Side): { svg: string; width: number; height: number } {
  const { region, tasks }: DeckSide = board.sides[side];
  const grid = deck.grid;
  const big = BIG_CELL[grid];
  const small = grid === 'square' ? 13 : 8;
  const pad = 24;
  const regionBox = cellsExtent(grid, region, big);
  const rows = tasks.map((t) => t.pieces.map((id) => cellsExtent(grid, deck.pieces[id] ?? [], small)));
  // Room under each piece for its label (its id, or its number on Extreme pieces).
  const rowHeight = Math.max(40, ...rows.flat().map((e) => e.h)) + 24;
  const rowWidth = Math.max(...rows.map((r) => r.reduce((w, e) => w + e.w + 12, 0))) + 52;
  const width = Math.ceil(pad * 3 + regionBox.w + rowWidth);
  const height = Math.ceil(Math.max(regionBox.h + 56, rowHeight * tasks.length + 40) + pad);
  const out: string[] = [];
  const background = deck.edition === 'classic' ? '#c8553d' : '#2b2d42';
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" rx="16" fill="${background}"/>`);
  const title = `${board.id} · ${side}`;
  out.push(
    `<text x="${pad}" y="${pad + 6}" font-family="sans-serif" font-size="16" font-weight="bold" fill="#fff">${escapeXml(title)}</text>`,
  );
  out.push(
    `<text x="${pad}" y="${height - 12}" font-family="sans-serif" font-size="11" fill="#fff" opacity="0.8">${region.length} cells</text>`,
  );
  const regionTop = (height - regionBox.h) / 2;
  out.push(drawCells(grid, region, big, pad, regionTop, 'fill="#fff" stroke="#555" stroke-width="1.2"'));
  const panelX = pad * 2 + regionBox.w;
  out.push(
    `<rect x="${panelX}" y="${pad}" width="${rowWidth}" height="${height - pad * 2}" rx="10" fill="#fff" opacity="0.92"/>`,
  );
  tasks.forEach((task, i) => {
    const y = pad + 8 + i * rowHeight;
    out.push(rowLabel(deck, task.key, panelX + 8, y + (rowHeight - 24 - 30) / 2, 30));
    let x = panelX + 48;
    task.pieces.forEach((id, j) => {
      const e = rows[i]?.[j] ?? { w: 0, h: 0 };
      const style = `fill="${pieceColour(deck, id)}" stroke="#222" stroke-width="0.8"`;
      const top = y + (rowHeight - 24 - e.h) / 2;
      out.push(drawCells(grid, deck.pieces[id] ?? [], small, x, top, style));
      const label = deck.edition === 'extreme' ? (id.split('-')[1] ?? id) : id;
      out.push(
        `<text x="${(x + e.w / 2).toFixed(1)}" y="${(y + rowHeight - 14).toFixed(1)}" text-anchor="middle" font-family="sans-serif" font-size="9" fill="#333">${escapeXml(label)}</text>`,
      );
      x += e.w + 12;
    });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${out.join('')}</svg>\n`;
  return { svg, width, height };
}

/** The region cell size of the side pictures, in picture units, by grid. */
const BIG_CELL: Record<GridName, number> = { square: 44, hex: 26 };

/**
 * The scale from picture units to millimetres used by every printed sheet of a deck: the largest
 * at which every side of every board fits its half of an A4 page. One scale for the whole deck,
 * so that one set of printed pieces fits every printed board.
 */
export function printScale(deck: Deck): number {
  let scale = Infinity;
  for (const board of deck.boards) {
    for (const side of ['easy', 'hard'] as const) {
      const { width, height } = renderSide(deck, board, side);
      scale = Math.min(scale, 190 / width, 124 / height);
    }
  }
  return scale;
}

/** A printable A4 sheet of one board: both sides, with a line to cut along, at the deck's print scale. */
export function renderBoardSheet(deck: Deck, board: DeckBoard, scale: number = printScale(deck)): string {
  const parts: string[] = [];
  parts.push('<rect x="0" y="0" width="210" height="297" fill="#fff"/>');
  const heading = `Ubongo ${deck.edition === 'classic' ? 'classic' : 'Extreme'} · board ${board.id}`;
  parts.push(
    `<text x="105" y="14" text-anchor="middle" font-family="sans-serif" font-size="6" fill="#222">${escapeXml(heading)}</text>`,
  );
  (['easy', 'hard'] as const).forEach((side, i) => {
    const { svg, width, height } = renderSide(deck, board, side);
    const w = width * scale;
    const h = height * scale;
    const inner = svg.replace(/^<svg [^>]*>/, '').replace(/<\/svg>\n$/, '');
    parts.push(
      `<svg x="${((210 - w) / 2).toFixed(2)}" y="${(20 + i * 138 + (124 - h) / 2).toFixed(2)}" width="${w.toFixed(2)}" height="${h.toFixed(2)}" viewBox="0 0 ${width} ${height}">${inner}</svg>`,
    );
  });
  parts.push('<line x1="10" y1="151" x2="200" y2="151" stroke="#999" stroke-width="0.3" stroke-dasharray="2 2"/>');
  const footer = `Cut along the dashed line and glue back to back. Generated by ubongo with seed ${deck.seed}.`;
  parts.push(
    `<text x="105" y="290" text-anchor="middle" font-family="sans-serif" font-size="3.5" fill="#666">${escapeXml(footer)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">${parts.join('')}</svg>\n`;
}

/**
 * A4 sheets of the deck's pieces to cut out, at the size of the printed boards' cells: one set
 * (12 classic pieces, or 52 Extreme pieces) over as many pages as it takes. Print one set per player.
 */
export function renderPieceSheets(deck: Deck, scale: number = printScale(deck)): string[] {
  const cell = BIG_CELL[deck.grid] * scale;
  const pages: string[][] = [[]];
  let x = 10;
  let y = 22;
  let rowHeight = 0;
  for (const [id, cells] of Object.entries(deck.pieces)) {
    const e = cellsExtent(deck.grid, cells, cell);
    if (x + e.w > 200) {
      x = 10;
      y += rowHeight + 10;
      rowHeight = 0;
    }
    if (y + e.h > 280) {
      pages.push([]);
      x = 10;
      y = 22;
      rowHeight = 0;
    }
    const style = `fill="${pieceColour(deck, id)}" stroke="#222" stroke-width="0.3"`;
    const page = pages[pages.length - 1] as string[];
    page.push(drawCells(deck.grid, cells, cell, x, y, style));
    page.push(
      `<text x="${(x + e.w / 2).toFixed(1)}" y="${(y + e.h + 4).toFixed(1)}" text-anchor="middle" font-family="sans-serif" font-size="3" fill="#333">${escapeXml(id)}</text>`,
    );
    x += e.w + 8;
    rowHeight = Math.max(rowHeight, e.h);
  }
  const title = `Ubongo ${deck.edition === 'classic' ? 'classic' : 'Extreme'} · pieces`;
  return pages.map(
    (page, i) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect x="0" y="0" width="210" height="297" fill="#fff"/><text x="105" y="14" text-anchor="middle" font-family="sans-serif" font-size="6" fill="#222">${escapeXml(`${title} (${i + 1}/${pages.length})`)}</text>${page.join('')}<text x="105" y="290" text-anchor="middle" font-family="sans-serif" font-size="3.5" fill="#666">Cut out along the outlines; print one set per player. Both sides may be up.</text></svg>\n`,
  );
}

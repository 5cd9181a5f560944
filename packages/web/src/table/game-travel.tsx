import type { Gem as GemName, JewelColour, RaceView } from '@ubongo/core';
import { useLayoutEffect, useRef } from 'react';
import { JEWEL_CELL, ROW_HOLES } from './JewelBoard.js';

/** How long a gem takes from the bag (the marker, the jewel board) to its taker, and the wait between two of one taking (ms). */
const TRAVEL_MS = 850;
const TRAVEL_GAP_MS = 180;
/** The landing: the gem in the standings swells and settles (ms). */
const LAND_MS = 300;

/** Whether the page is to stay still: the player asks for less motion (or it cannot animate, as jsdom). */
function stillPage(): boolean {
  return (
    typeof Element.prototype.animate !== 'function' ||
    typeof window.matchMedia !== 'function' ||
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Gems or jewels one player took, seen after this screen opened: `before` of the round's were there already. */
interface Taking {
  readonly player: string;
  readonly before: number;
  readonly items: readonly string[];
}

/**
 * Gems and jewels travel to whoever takes them, for each taking the view shows (the round's gains)
 * after this screen opened: from the round marker (its sapphire or amber) or the bag (classic,
 * Extreme), or from the front of the jewel board's row the taker's pawn stands on, to the taker's
 * row in the standings, where they land. What was taken before the screen opened is simply there,
 * as it is for those who ask for less motion.
 * Decoration only: copies of the gems the standings show, in a layer outside React's tree, moved
 * by transforms alone; the board does not re-render for them.
 */
export function Travel({ view }: { view: RaceView }) {
  const layer = useRef<HTMLDivElement>(null);
  // How many of each player's gains of each round this screen has seen (null: none yet, it just opened).
  const seen = useRef<Map<string, number> | null>(null);
  useLayoutEffect(() => {
    const opened = seen.current === null;
    const counts = (seen.current ??= new Map<string, number>());
    const round = view.round;
    if (!round) return;
    const takings: Taking[] = [];
    for (const [player, items] of Object.entries(round.gains)) {
      const key = `${round.number}:${player}`;
      const before = counts.get(key) ?? 0;
      if (items.length <= before) continue;
      counts.set(key, items.length);
      if (!opened) takings.push({ player, before, items: items.slice(before) });
    }
    const el = layer.current;
    if (!el || takings.length === 0 || stillPage()) return;
    for (const taking of takings) travel(el, view, taking);
  }, [view]);
  return <div className="travel-layer" ref={layer} aria-hidden="true" />;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

const centre = (box: DOMRect): Point => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

/** Where the gems leave the bag: its mouth (null when the bag is not drawn). */
function bagMouth(screen: Element): Point[] | null {
  const box = screen.querySelector('.bag-picture')?.getBoundingClientRect();
  if (!box || box.width === 0) return null;
  return [{ x: box.left + box.width / 2, y: box.top + box.height * 0.25 }];
}

/** Fixed scoring: where each of `gems` leaves the line of the places' gems (null when it is not drawn). */
function fixedGems(screen: Element, gems: readonly string[]): Point[] | null {
  const points = gems.map((gem) => {
    const box = screen.querySelector(`.fixed-gems [data-gem="${CSS.escape(gem)}"] svg`)?.getBoundingClientRect();
    return box && box.width > 0 ? centre(box) : null;
  });
  return points.every((p) => p !== null) ? points : null;
}

/** Where the marker's gem `gem` leaves it (null when the marker is not drawn). */
function markerGem(screen: Element, gem: string): Point | null {
  const box = screen.querySelector(`.marker-gems[data-gem="${CSS.escape(gem)}"] svg`)?.getBoundingClientRect();
  return box && box.width > 0 ? centre(box) : null;
}

/** Where a player's two jewels were: the front holes of the row their pawn went to (null when the board is hidden). */
function jewelHoles(screen: Element, view: RaceView, player: string): Point[] | null {
  const pawn = view.players.find((p) => p.id === player)?.pawn;
  if (pawn === null || pawn === undefined) return null;
  const box = screen.querySelectorAll('.jewel-row')[pawn]?.getBoundingClientRect();
  if (!box || box.width === 0) return null;
  return [0, 1].map((k) => ({
    x: box.left + (box.width * (k * JEWEL_CELL + JEWEL_CELL / 2)) / (ROW_HOLES * JEWEL_CELL),
    y: box.top + box.height / 2,
  }));
}

/**
 * Sends the gems of one taking on their way, one after another, each a copy of the gem it becomes
 * in the taker's row: in the row's "solved" tag while the round is played, else beside its count.
 * A gem the row did not show before appears when its copy lands; one it did swells as it lands.
 */
function travel(layer: HTMLElement, view: RaceView, taking: Taking): void {
  const screen = layer.parentElement;
  const row = screen?.querySelector(`.players li[data-player="${CSS.escape(taking.player)}"]`);
  if (!screen || !row) return;
  const jewels = view.edition === 'jewels';
  const from = jewels
    ? jewelHoles(screen, view, taking.player)
    : view.variant === 'fixed'
      ? fixedGems(screen, taking.items)
      : bagMouth(screen);
  const held = view.players.find((p) => p.id === taking.player);
  if (!from || !held) return;
  const origin = layer.getBoundingClientRect();
  // The first gem of a solver who took the marker's sapphire or amber is that gem.
  const fromMarker = view.round?.markerTakers[taking.player];
  // Where each lands, measured before any of them moves: a gem landing beside its count shrinks
  // that count's icon until it lands, and the next one of its kind would measure it shrunk.
  const flights = taking.items.map((item, i) => {
    const start =
      (taking.before + i === 0 && fromMarker !== undefined ? markerGem(screen, fromMarker) : null) ??
      from[i] ??
      from[0];
    const tagged = row.querySelectorAll('.solved-tag .gem')[taking.before + i];
    const counted = row.querySelector(`.gem-count[data-gem="${CSS.escape(item)}"]`);
    const icon = tagged ?? counted?.querySelector('svg');
    if (!start || !icon) return null;
    // Its flight is its arrival: the tag's own (table.css, gem-arrives) would move where it lands.
    if (tagged) for (const arrival of tagged.getAnimations()) arrival.cancel();
    const box = icon.getBoundingClientRect();
    return { item, i, start, tagged, icon, landing: (tagged ?? counted ?? icon) as HTMLElement | SVGElement, box };
  });
  for (const flight of flights) {
    if (!flight) continue;
    const { item, i, start, tagged, icon, landing, box } = flight;
    // How many of this gem the row shows before this one lands (those of the taking before it landed first).
    const had =
      (jewels ? held.jewels[item as JewelColour] : held.gems[item as GemName]) -
      taking.items.slice(i).filter((g) => g === item).length;
    const end = centre(box);
    const size = box.width / 2;
    const copy = icon.cloneNode(true) as SVGElement;
    copy.removeAttribute('role');
    copy.removeAttribute('aria-label');
    const traveller = document.createElement('span');
    traveller.className = 'traveller';
    traveller.dataset['gem'] = item;
    traveller.dataset['player'] = taking.player;
    traveller.append(copy);
    layer.append(traveller);
    const at = (p: Point, dy = 0): string =>
      `translate(${p.x - origin.left - size}px, ${p.y - origin.top - size + dy}px)`;
    // Up out of the bag (or off the marker) in an arc, larger on the way, down to the row.
    const top = { x: (start.x + end.x) / 2, y: Math.min(start.y, end.y) };
    const delay = i * TRAVEL_GAP_MS;
    traveller
      .animate(
        [
          { transform: `${at(start)} scale(0.4)` },
          { transform: `${at(top, -40)} scale(1.7)`, offset: 0.45 },
          { transform: `${at(end)} scale(1)` },
        ],
        { duration: TRAVEL_MS, delay, easing: 'ease-in-out' },
      )
      .finished.catch(() => undefined)
      .finally(() => {
        traveller.remove();
      });
    const lands = delay + TRAVEL_MS;
    if (tagged !== undefined || had <= 0)
      landing.animate([{ transform: 'scale(0)' }, { transform: 'scale(0)' }], lands);
    landing.animate([{ transform: 'scale(1.8)' }, { transform: 'scale(1)' }], {
      duration: LAND_MS,
      delay: lands,
      easing: 'ease-out',
    });
  }
}

import type { Cell, RaceEvent, RaceView, SoloEvent, SoloResult } from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { Client } from 'colyseus.js';
import type { TFunction } from 'i18next';

/*
 * The connection to the game server (docs/protocol.md): rooms through colyseus.js, records and
 * deck lists over HTTP. The client holds no rules; these are the shapes the server sends.
 */

export const PROTOCOL = 1;

/** The server: the page's own origin, or the dev server's neighbour during `vite` development. */
export const serverUrl = (): string => (import.meta.env.DEV ? 'http://localhost:2567' : window.location.origin);

let client: Client | undefined;
/** The one colyseus.js client of the page. */
export function gameClient(): Client {
  client ??= new Client(serverUrl());
  return client;
}

export type Side = 'easy' | 'hard';
export type BotLevel = 'beginner' | 'casual' | 'expert' | 'master';
export type Edition = 'classic' | 'extreme' | 'jewels';

export interface Settings {
  edition: Edition;
  variant: 'standard' | 'fixed';
  hourglassSeconds: number;
  rounds: number;
}

export interface SeatInfo {
  id: string;
  name: string;
  kind: 'human' | 'bot';
  level: BotLevel | null;
  side: Side;
  connected: boolean;
  ready: boolean;
}

export interface LobbyMessage {
  protocol: number;
  code: string;
  public: boolean;
  host: number;
  you: number;
  spectators: number;
  settings: Settings;
  started: boolean;
  game: string | null;
  seats: SeatInfo[];
}

export interface ViewMessage {
  serverNow: number;
  timeScale: number;
  view: RaceView;
}

export interface Rejected {
  to: string;
  code: string;
  message: string;
  problems?: { code: string; message: string; cells?: Cell[] }[];
}

export interface SoloViewMessage {
  serverNow: number;
  timeScale: number;
  phase: 'waiting' | 'playing' | 'finished';
  mode: 'timed' | 'count';
  limit: number;
  side: Side;
  startedAt: number | null;
  endsAt: number | null;
  solved: number;
  skipped: number;
  current: { board: string; side: Side; key: string; region: Cell[]; pieces: string[] } | null;
  result: SoloResult | null;
}

export interface PracticeMessage {
  edition: 'classic' | 'extreme';
  board: string;
  side: Side;
  key: string;
  region: Cell[];
  pieces: string[];
  difficulty: number | null;
}

export interface Placement {
  piece: string;
  cells: Cell[];
}

export type { RaceEvent, SoloEvent };

export interface SoloRecord {
  player: string;
  mode: 'timed' | 'count';
  limit: number;
  side: Side;
  solved: number;
  skipped: number;
  ms: number;
  finishedAt: number;
}

export interface DeckIndex {
  decks: {
    edition: 'classic' | 'extreme';
    grid: 'square' | 'hex';
    boards: { id: string; sides: Record<Side, { tasks: { key: string; difficulty: number }[] }> }[];
  }[];
}

async function getJson<T>(path: string): Promise<T> {
  // Same origin: the server that served the page, or Vite's proxy to it during development.
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The best solo results for a mode, limit and side. */
export async function fetchRecords(mode: 'timed' | 'count', limit: number, side: Side): Promise<SoloRecord[]> {
  const body = await getJson<{ records: SoloRecord[] }>(`/api/records?mode=${mode}&limit=${limit}&side=${side}&top=10`);
  return body.records;
}

/** The boards and tasks of both decks. */
export function fetchDecks(): Promise<DeckIndex> {
  return getJson<DeckIndex>('/api/decks');
}

/** A joined room, remembered so that the page can come back to it after a reload or a dropped connection. */
const TOKEN_KEY = 'ubongo.reconnect';

export function rememberRoom(room: Room): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ code: room.roomId, token: room.reconnectionToken }));
  } catch {
    // Storage may be unavailable (private modes); reconnection after a reload is then not offered.
  }
}

export function rememberedToken(code: string): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TOKEN_KEY) ?? 'null') as { code?: string; token?: string } | null;
    return saved?.code === code ? saved.token : undefined;
  } catch {
    return undefined;
  }
}

export function forgetRoom(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing to forget
  }
}

/** Turns a thrown join error into words for people. */
export function joinErrorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * A seat's name for people: the server names bots in English (`Bot 2 (expert)`, `Ana (bot)` for a
 * bot that took over a seat); these are said in the player's language.
 */
export function seatName(seat: Pick<SeatInfo, 'name' | 'kind'>, t: TFunction): string {
  if (seat.kind !== 'bot') return seat.name;
  const bot = /^Bot (\d+) \((beginner|casual|expert|master)\)$/.exec(seat.name);
  if (bot) return t('lobby.botName', { n: bot[1], level: t(`levels.${bot[2] ?? 'casual'}`) });
  const standIn = /^(.*) \(bot\)$/.exec(seat.name);
  return standIn ? t('lobby.standIn', { name: standIn[1] }) : seat.name;
}

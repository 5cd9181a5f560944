import type { TrailKind } from '@ubongo/core';
import { kept } from './kept.js';

/*
 * The game's sounds, made here with Web Audio (nothing is fetched): short synthesized notes and
 * noise. Silent until the page has had a gesture (browsers let no page make sound before one), and
 * while muted; the volume and the mute are kept in this browser.
 */

/** What makes a sound. */
export type Cue =
  | 'lift'
  | 'place'
  | 'back'
  | 'turn'
  | 'flip'
  | 'ubongo'
  | 'ubongo-other'
  | 'sand'
  | 'second-chance'
  | 'round-end'
  | 'win'
  | 'end'
  | 'moment';

const VOLUME_KEY = 'ubongo.volume';
const MUTED_KEY = 'ubongo.muted';

interface Settings {
  readonly volume: number;
  readonly muted: boolean;
}

function stored(): Settings {
  try {
    const volume = Number(localStorage.getItem(VOLUME_KEY) ?? '0.6');
    return {
      volume: Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0.6,
      muted: localStorage.getItem(MUTED_KEY) === '1',
    };
  } catch {
    return { volume: 0.6, muted: false };
  }
}

let context: AudioContext | null = null;
let master: GainNode | null = null;
let gestured = false;
let sleep: ReturnType<typeof setTimeout> | undefined;
let asleep = false;

/**
 * Quiet this long (ms) after the last sound began, longer than any cue lasts, the context is
 * suspended: a running one keeps the device's audio working (and its CPU) even when silent.
 */
const IDLE_MS = 4000;

const settings = kept(
  stored,
  (s) => {
    localStorage.setItem(VOLUME_KEY, String(s.volume));
    localStorage.setItem(MUTED_KEY, s.muted ? '1' : '0');
  },
  (s) => {
    if (master) master.gain.value = s.volume;
  },
);
const current = settings.current;

/** The sound settings as they stand, re-rendering on a change. */
export const useSoundSettings: () => Settings = settings.use;

/** Whether the player has muted the game (the haptics, haptics.ts, follow it). */
export function soundMuted(): boolean {
  return current().muted;
}

/** Changes the volume (0 to 1) or the mute, and keeps them. */
export const setSound: (next: Partial<Settings>) => void = settings.set;

/**
 * Listens for the page's first gesture; sound is possible from then on. Called once, at start:
 * nothing makes a sound (no AudioContext even exists) before a person has touched, clicked or typed.
 */
export function listenForGesture(): void {
  const first = (): void => {
    gestured = true;
    for (const type of ['pointerdown', 'keydown', 'touchend'] as const)
      window.removeEventListener(type, first, { capture: true });
    // A context made inside the gesture may play at once.
    audio();
  };
  for (const type of ['pointerdown', 'keydown', 'touchend'] as const)
    window.addEventListener(type, first, { capture: true, passive: true });
}

function audio(): AudioContext | null {
  if (!gestured || typeof AudioContext !== 'function') return null;
  if (!context) {
    context = new AudioContext();
    master = context.createGain();
    master.gain.value = current().volume;
    master.connect(context.destination);
  }
  // Resumed if put to sleep, even should its state not say so yet (some browsers change it later).
  if (asleep || context.state === 'suspended') {
    asleep = false;
    context.resume().catch(() => undefined);
  }
  const ctx = context;
  clearTimeout(sleep);
  sleep = setTimeout(() => {
    asleep = true;
    ctx.suspend().catch(() => undefined);
  }, IDLE_MS);
  return context;
}

/** A note: a frequency gliding to `to`, a quick attack and a decay. */
function tone(
  ctx: AudioContext,
  out: AudioNode,
  at: number,
  { freq, to = freq, length, type = 'sine', level = 0.3 }: ToneSpec,
): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(to, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

interface ToneSpec {
  readonly freq: number;
  readonly to?: number;
  readonly length: number;
  readonly type?: OscillatorType;
  readonly level?: number;
}

/** A burst of filtered noise: sand, a thud. */
function noise(ctx: AudioContext, out: AudioNode, at: number, length: number, filter: number, level: number): void {
  const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = filter;
  const gain = ctx.createGain();
  gain.gain.value = level;
  source.connect(band).connect(gain).connect(out);
  source.start(at);
}

/** The notes of each cue, from `at` (seconds on the context's clock). */
const CUES: Readonly<Record<Cue, (ctx: AudioContext, out: AudioNode, at: number) => void>> = {
  lift: (c, o, t) => {
    tone(c, o, t, { freq: 520, to: 700, length: 0.06, type: 'triangle', level: 0.15 });
  },
  place: (c, o, t) => {
    noise(c, o, t, 0.05, 1800, 0.5);
    tone(c, o, t, { freq: 300, to: 180, length: 0.08, type: 'triangle', level: 0.25 });
  },
  back: (c, o, t) => {
    tone(c, o, t, { freq: 260, to: 140, length: 0.12, type: 'sine', level: 0.15 });
  },
  turn: (c, o, t) => {
    tone(c, o, t, { freq: 660, to: 880, length: 0.05, type: 'square', level: 0.06 });
  },
  flip: (c, o, t) => {
    tone(c, o, t, { freq: 880, to: 440, length: 0.09, type: 'square', level: 0.06 });
  },
  ubongo: (c, o, t) => {
    [523, 659, 784, 1047].forEach((f, i) => {
      tone(c, o, t + i * 0.07, { freq: f, length: 0.25, type: 'triangle', level: 0.3 });
    });
  },
  'ubongo-other': (c, o, t) => {
    tone(c, o, t, { freq: 392, length: 0.15, type: 'triangle', level: 0.18 });
    tone(c, o, t + 0.08, { freq: 494, length: 0.18, type: 'triangle', level: 0.18 });
  },
  sand: (c, o, t) => {
    noise(c, o, t, 0.12, 4000, 0.35);
    tone(c, o, t, { freq: 1200, length: 0.04, type: 'sine', level: 0.08 });
  },
  'second-chance': (c, o, t) => {
    tone(c, o, t, { freq: 440, to: 880, length: 0.35, type: 'sawtooth', level: 0.12 });
    noise(c, o, t + 0.1, 0.4, 2500, 0.3);
  },
  'round-end': (c, o, t) => {
    tone(c, o, t, { freq: 660, length: 0.2, type: 'sine', level: 0.25 });
    tone(c, o, t + 0.18, { freq: 440, length: 0.35, type: 'sine', level: 0.25 });
  },
  win: (c, o, t) => {
    [523, 659, 784, 659, 784, 1047].forEach((f, i) => {
      tone(c, o, t + i * 0.11, { freq: f, length: 0.3, type: 'triangle', level: 0.3 });
    });
  },
  end: (c, o, t) => {
    [523, 466, 392].forEach((f, i) => {
      tone(c, o, t + i * 0.16, { freq: f, length: 0.3, type: 'sine', level: 0.22 });
    });
  },
  // A best, three stars, a streak kept: a quick rising sparkle, shorter than a win's fanfare.
  moment: (c, o, t) => {
    [784, 988, 1175, 1568].forEach((f, i) => {
      tone(c, o, t + i * 0.07, { freq: f, length: 0.22, type: 'triangle', level: 0.22 });
    });
    noise(c, o, t + 0.28, 0.25, 6000, 0.12);
  },
};

/** Plays a cue, unless muted or before the page's first gesture. */
export function play(cue: Cue): void {
  if (current().muted || current().volume === 0) return;
  const ctx = audio();
  if (!ctx || !master) return;
  CUES[cue](ctx, master, ctx.currentTime + 0.005);
}

/** The sound of a move of the hand on a board (Puzzle's onMove). */
export function moveSound(move: { readonly kind: TrailKind }): void {
  play(move.kind === 'undo' ? 'back' : move.kind);
}

/** The sound of a piece picked up (Puzzle's onLift). */
export function liftSound(): void {
  play('lift');
}

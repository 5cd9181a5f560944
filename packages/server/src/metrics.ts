import type { IntervalHistogram } from 'node:perf_hooks';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How often the stall watch looks at the clock, and how late it must be to count a stall, in ms. */
const BEAT_MS = 5;
const STALL_MS = 20;

/** How late a sample of the event loop came, in milliseconds, from nanoseconds between samples 1 ms apart. */
const late = (ns: number): number => Math.max(0, ns / 1e6 - 1);

/** What rooms report to be measured: a claim's answer, a journal write (the bench's figures, the Prometheus metrics). */
export interface Measures {
  /** A claim was answered `ms` after its message came. */
  claimAnswered(ms: number): void;
  /** A journal entry was stored `ms` after the room asked for it (its wait behind the room's earlier entries included). */
  journalWritten(ms: number): void;
}

/** Several measures as one: each hears everything. */
export function allOf(...measures: readonly Measures[]): Measures {
  return {
    claimAnswered: (ms) => {
      for (const m of measures) m.claimAnswered(ms);
    },
    journalWritten: (ms) => {
      for (const m of measures) m.journalWritten(ms);
    },
  };
}

/**
 * What a server process measures of itself for the bench (UBONGO_METRICS=1): its event loop's
 * delay, and each player's claim from its message to its answer, both inside the process, so that
 * the figures do not depend on the load generator sharing the machine's cores.
 */
export class ServerMetrics implements Measures {
  #claims: number[] = [];
  #writes: number[] = [];
  // Sampled every millisecond; each sample is the time between two samples, the millisecond included.
  readonly #loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 1 });
  #since = performance.now();
  // The stretches in which the loop handled nothing new for over STALL_MS: the histogram above
  // counts a 100 ms stall as one late sample among thousands, so its p99 hides what a stall costs
  // the messages that wait through it.
  #stalls = 0;
  #stalledMs = 0;
  #lastBeat = performance.now();
  readonly #beat = setInterval(() => {
    const now = performance.now();
    const late = now - this.#lastBeat - BEAT_MS;
    if (late > STALL_MS) {
      this.#stalls++;
      this.#stalledMs += late;
    }
    this.#lastBeat = now;
  }, BEAT_MS).unref();

  constructor() {
    this.#loop.enable();
  }

  /** Stops measuring. */
  stop(): void {
    this.#loop.disable();
    clearInterval(this.#beat);
  }

  /** A claim was answered `ms` after its message came. */
  claimAnswered(ms: number): void {
    this.#claims.push(ms);
  }

  /** A journal entry was stored `ms` after the room asked for it (its wait behind the room's earlier entries included). */
  journalWritten(ms: number): void {
    this.#writes.push(ms);
  }

  /** The figures since the last call (or the start), in milliseconds; then counting starts again. */
  take(): MetricsReport {
    const claims = this.#claims.sort((a, b) => a - b);
    const writes = this.#writes.sort((a, b) => a - b);
    const q = (p: number, of = claims): number => of[Math.min(of.length - 1, Math.floor(p * of.length))] ?? 0;
    const report: MetricsReport = {
      seconds: (performance.now() - this.#since) / 1000,
      claims: claims.length,
      claimP50: q(0.5),
      claimP99: q(0.99),
      claimMax: claims.at(-1) ?? 0,
      writes: writes.length,
      writeP50: q(0.5, writes),
      writeP99: q(0.99, writes),
      loopP50: late(this.#loop.percentile(50)),
      loopP99: late(this.#loop.percentile(99)),
      loopMax: late(this.#loop.max),
      stalls: this.#stalls,
      stalledMs: this.#stalledMs,
    };
    this.#stalls = 0;
    this.#stalledMs = 0;
    this.#claims = [];
    this.#writes = [];
    this.#loop.reset();
    this.#since = performance.now();
    return report;
  }
}

/** A process's figures over a stretch of time, in milliseconds (`seconds` long). */
export interface MetricsReport {
  readonly seconds: number;
  readonly claims: number;
  readonly claimP50: number;
  readonly claimP99: number;
  readonly claimMax: number;
  readonly writes: number;
  readonly writeP50: number;
  readonly writeP99: number;
  readonly loopP50: number;
  readonly loopP99: number;
  readonly loopMax: number;
  /** How many times the event loop handled nothing for over 20 ms, and those times together. */
  readonly stalls: number;
  readonly stalledMs: number;
}

/** The line a process prints its figures on (on SIGUSR2), as the bench reads it. */
export const METRICS_LINE = 'ubongo-metrics ';

import type { IntervalHistogram } from 'node:perf_hooks';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Measures } from '../metrics.js';
import type { Tally } from './tally.js';

/** Latency buckets, in seconds: a claim answered or a journal entry stored takes a millisecond or a few, a bad one a second. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A room as the process lists it (Colyseus's listing of its own rooms): its kind and its connections. */
export interface ListedRoom {
  readonly name: string;
  readonly clients: number;
}

/** What the metrics read when scraped: the process's rooms, and its tally of refusals and limits hit. */
export interface MetricsSources {
  readonly rooms: () => Promise<readonly ListedRoom[]>;
  readonly tally: Tally;
}

/** Sets a counter to the tally's counts (a tally only grows: these are counts since the process started). */
function fromTally(counter: Counter, label: string, counts: ReadonlyMap<string, number>): void {
  counter.reset();
  for (const [key, n] of counts) counter.inc({ [label]: key }, n);
}

/**
 * The process's metrics in Prometheus's text format (`GET /metrics`, docs/operations.md): rooms and
 * their connections by kind, claims and journal writes with their latency, the event loop's delay,
 * refusals by code, per-address limits hit, memory. Measured as things happen (claims, writes) or
 * read when scraped (rooms, the tally, the event loop since the last scrape).
 */
export class Prometheus implements Measures {
  readonly registry = new Registry();
  readonly #claims = new Histogram({
    name: 'ubongo_claim_seconds',
    help: "A player's claim from its message to its answer, inside the process (its count: claims answered)",
    buckets: BUCKETS,
    registers: [this.registry],
  });
  readonly #writes = new Histogram({
    name: 'ubongo_journal_write_seconds',
    help: 'A journal entry from the room asking for it to the store holding it, its wait behind earlier entries included',
    buckets: BUCKETS,
    registers: [this.registry],
  });
  // Sampled every 10 ms (as prom-client's own): a finer one costs the loop it measures.
  readonly #loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(sources: MetricsSources) {
    this.#loop.enable();
    const registers = [this.registry];
    // Each gauge reads the listing itself: a registry may read its metrics in any order, or at once.
    const byKind = async (gauge: Gauge<'kind'>, count: (room: ListedRoom) => number): Promise<void> => {
      gauge.reset();
      for (const room of await sources.rooms()) gauge.inc({ kind: room.name }, count(room));
    };
    new Gauge({
      name: 'ubongo_rooms',
      help: "The process's rooms by kind (race: tables, arenas' included; solo; practice; rated: the queues)",
      labelNames: ['kind'],
      registers,
      async collect() {
        await byKind(this, () => 1);
      },
    });
    new Gauge({
      name: 'ubongo_players',
      help: "Connections to the process's rooms by kind (race, solo, practice, rated), spectators included",
      labelNames: ['kind'],
      registers,
      async collect() {
        await byKind(this, (room) => room.clients);
      },
    });
    new Counter({
      name: 'ubongo_refusals_total',
      help: "Refusals by code: game messages' (rejected) and HTTP requests' (their code, or http/<status>)",
      labelNames: ['code'],
      registers,
      collect() {
        fromTally(this, 'code', sources.tally.refusals);
      },
    });
    new Counter({
      name: 'ubongo_limit_hits_total',
      help: 'Per-address limits hit: messages (too fast), game-connections (too many open), http (429)',
      labelNames: ['limit'],
      registers,
      collect() {
        fromTally(this, 'limit', sources.tally.limitHits);
      },
    });
    this.#loopGauges(registers);
    new Gauge({
      name: 'ubongo_memory_bytes',
      help: "The process's memory: rss, heap used",
      labelNames: ['kind'],
      registers,
      collect() {
        const { rss, heapUsed } = process.memoryUsage();
        this.set({ kind: 'rss' }, rss);
        this.set({ kind: 'heap' }, heapUsed);
      },
    });
  }

  /** The event loop's delay since the last scrape: its median, 99th percentile and longest, in seconds. */
  #loopGauges(registers: Registry[]): void {
    const loop = this.#loop;
    new Gauge({
      name: 'ubongo_event_loop_delay_seconds',
      help: 'How late the event loop ran a timer since the last scrape (quantile 0.5, 0.99, and 1: the longest)',
      labelNames: ['quantile'],
      registers,
      collect() {
        // Samples come every 10 ms: their delay is what they came late by.
        const late = (ns: number): number => (ns > 0 ? Math.max(0, ns / 1e9 - 0.01) : 0);
        this.set({ quantile: '0.5' }, late(loop.percentile(50)));
        this.set({ quantile: '0.99' }, late(loop.percentile(99)));
        this.set({ quantile: '1' }, late(loop.max));
        loop.reset();
      },
    });
  }

  /** A claim was answered `ms` after its message came. */
  claimAnswered(ms: number): void {
    this.#claims.observe(ms / 1000);
  }

  /** A journal entry was stored `ms` after the room asked for it. */
  journalWritten(ms: number): void {
    this.#writes.observe(ms / 1000);
  }

  /** The metrics in Prometheus's text format, and its content type. */
  async text(): Promise<{ body: string; type: string }> {
    return { body: await this.registry.metrics(), type: this.registry.contentType };
  }

  /** Stops measuring the event loop. */
  stop(): void {
    this.#loop.disable();
  }
}

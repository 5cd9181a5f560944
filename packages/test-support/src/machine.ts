/*
 * What the server and browser lanes need of the machine, besides Node (README, "What the tests
 * need"): Debian's chromium (the browser tests), postgresql (its initdb: the storage contract and
 * the server on PostgreSQL), redis-server and nginx (the cluster tests). `npm test`,
 * `npm run test:server` and `npm run test:browser` run this first (machine-cli.ts): on Debian or
 * Ubuntu as root it installs what is missing with apt, saying what and why; elsewhere it stops at
 * once with the one command to run. `npm run test:unit` needs none of it and never comes here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The test lanes that need something of the machine. */
export const LANES = ['server', 'browser'] as const;
/** A test lane that needs something of the machine. */
export type Lane = (typeof LANES)[number];

/** One thing a lane needs: the Debian package that brings it, and why the tests need it. */
export interface Need {
  readonly name: string;
  readonly debian: string;
  readonly why: string;
  readonly lanes: readonly Lane[];
}

/** Everything the lanes need, in the order they are told. */
export const NEEDS: readonly Need[] = [
  { name: 'Chromium', debian: 'chromium', why: 'the browser tests drive it', lanes: ['browser'] },
  {
    name: "PostgreSQL's initdb",
    debian: 'postgresql',
    why: 'the storage contract and the server on PostgreSQL start a database of their own',
    lanes: ['server'],
  },
  { name: 'redis-server', debian: 'redis-server', why: 'the cluster tests share a Redis', lanes: ['server'] },
  { name: 'nginx', debian: 'nginx', why: 'the cluster tests run behind deploy/nginx.conf', lanes: ['server'] },
];

/** What was looked at on this machine. */
export interface Machine {
  /** The Needs' names found present. */
  readonly present: ReadonlySet<string>;
  /** Debian or Ubuntu (apt-get is there). */
  readonly debian: boolean;
  readonly root: boolean;
  /** `UBONGO_CHROMIUM`, when set: another browser, never installed for. */
  readonly chromiumOverride: string | undefined;
}

/** What to do before the lanes run. */
export type Plan =
  | { readonly kind: 'ready' }
  | { readonly kind: 'install'; readonly missing: readonly Need[]; readonly command: readonly string[] }
  | { readonly kind: 'stop'; readonly missing: readonly Need[]; readonly message: string };

/** The apt command that installs `packages`. */
export function aptCommand(packages: readonly string[]): string[] {
  return ['apt-get', 'install', '-y', ...packages];
}

/** What to do for `lanes` on `machine`: nothing, install with apt, or stop with the command to run. */
export function plan(machine: Machine, lanes: readonly Lane[]): Plan {
  const missing = NEEDS.filter((n) => n.lanes.some((l) => lanes.includes(l)) && !machine.present.has(n.name));
  if (missing.length === 0) return { kind: 'ready' };
  const told = missing.map((n) => `${n.name} (Debian package ${n.debian}: ${n.why})`).join('; ');
  const chromium = missing.find((n) => n.debian === 'chromium');
  if (chromium && machine.chromiumOverride !== undefined)
    return {
      kind: 'stop',
      missing,
      message: `UBONGO_CHROMIUM is ${machine.chromiumOverride}, and there is no such file: point it at a Chromium or Chrome binary, or unset it`,
    };
  const packages = missing.map((n) => n.debian);
  if (machine.debian && machine.root) return { kind: 'install', missing, command: aptCommand(packages) };
  const command = machine.debian
    ? `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`
    : `install ${packages.join(', ')} with your system's package manager` +
      (chromium ? ' (or point UBONGO_CHROMIUM at a Chromium or Chrome binary)' : '');
  return { kind: 'stop', missing, message: `missing: ${told}.\nRun: ${command}` };
}

/** A program on the PATH or in one of `also`. */
function onPath(program: string, also: readonly string[] = []): boolean {
  return [...(process.env['PATH'] ?? '').split(delimiter), ...also].some(
    (d) => d !== '' && existsSync(join(d, program)),
  );
}

/** Whether some PostgreSQL under Debian's root has an initdb (as services.ts looks for it). */
function hasInitdb(root = '/usr/lib/postgresql'): boolean {
  return existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, 'bin', 'initdb')));
}

/** Debian or Ubuntu, with apt-get. */
function isDebian(): boolean {
  if (!existsSync('/etc/os-release') || !onPath('apt-get', ['/usr/bin'])) return false;
  const release = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
}

/** Looks at this machine. */
export function lookAtMachine(env: NodeJS.ProcessEnv = process.env): Machine {
  const chromiumOverride = env['UBONGO_CHROMIUM'] || undefined;
  const present = new Set<string>();
  if (existsSync(chromiumOverride ?? '/usr/bin/chromium')) present.add('Chromium');
  if (hasInitdb()) present.add("PostgreSQL's initdb");
  if (onPath('redis-server', ['/usr/bin'])) present.add('redis-server');
  if (onPath('nginx', ['/usr/sbin'])) present.add('nginx');
  return { present, debian: isDebian(), root: process.getuid?.() === 0, chromiumOverride };
}

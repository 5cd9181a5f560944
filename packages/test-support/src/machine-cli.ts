/*
 * `node packages/test-support/dist/machine-cli.js [server] [browser]`: run by `npm test`,
 * `npm run test:server` and `npm run test:browser` before their lanes (machine.ts says what and why).
 * Quiet when the machine has everything; exits 1 with the command to run when it cannot install.
 */
import { spawnSync } from 'node:child_process';
import { LANES, type Lane, lookAtMachine, plan } from './machine.js';

function run(command: readonly string[]): boolean {
  const [program = '', ...args] = command;
  const done = spawnSync(program, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return done.status === 0;
}

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(LANES as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`machine-cli: unknown lane ${unknown.join(', ')} (lanes: ${LANES.join(', ')})`);
  process.exit(2);
}
const lanes: readonly Lane[] = asked.length > 0 ? (asked as Lane[]) : LANES;
const first = plan(lookAtMachine(), lanes);
if (first.kind === 'stop') {
  console.error(`The ${lanes.join(' and ')} tests cannot run on this machine: ${first.message}`);
  process.exit(1);
}
if (first.kind === 'install') {
  console.log(`The ${lanes.join(' and ')} tests need what this machine lacks; installing it with apt:`);
  for (const need of first.missing) console.log(`  ${need.debian}: ${need.name}, since ${need.why}`);
  console.log(`$ apt-get update && ${first.command.join(' ')}`);
  if (!run(['apt-get', 'update']) || !run(first.command)) {
    console.error(`The install failed; run it by hand: apt-get update && ${first.command.join(' ')}`);
    process.exit(1);
  }
  const after = plan(lookAtMachine(), lanes);
  if (after.kind !== 'ready') {
    console.error(`Still missing after the install: ${after.missing.map((n) => n.name).join(', ')}`);
    process.exit(1);
  }
  console.log('Installed; the tests go on.');
}

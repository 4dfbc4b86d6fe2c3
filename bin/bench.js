#!/usr/bin/env node
// `npm run bench [-- NAME]`: runs every bench/*.bench.ts (or those whose name contains NAME), one
// child process each so one bench's warm-up never flatters another. Each prints JSON lines:
// {"bench": "...", "value": N, "unit": "...", "target": N}. A bench starts the local services it
// needs itself (or says in one line what is missing); one that runs past BENCH_TIMEOUT_MIN minutes
// (default 30) is stopped and counted as failed, so the run never hangs.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv[2];
const benches = readdirSync(path.join(root, 'bench'))
  .filter((n) => n.endsWith('.bench.ts') && (!filter || n.includes(filter)))
  .sort();
if (!benches.length) {
  console.error(filter ? `No bench matches "${filter}"; there are: ${readdirSync(path.join(root, 'bench')).join(', ')}.` : 'There are no benches in bench/.');
  process.exit(1);
}
const minutes = Number(process.env.BENCH_TIMEOUT_MIN ?? 30);
let failed = 0;
for (const name of benches) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', name)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: minutes * 60_000,
    killSignal: 'SIGTERM',
  });
  if (run.error?.code === 'ETIMEDOUT') {
    failed++;
    console.error(`bench ${name} ran longer than ${minutes} minutes and was stopped`);
  } else if (run.status !== 0) {
    failed++;
    console.error(`bench ${name} exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed ? 1 : 0);

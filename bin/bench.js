#!/usr/bin/env node
// `npm run bench [-- NAME]`: runs every bench/*.bench.ts (or those whose name contains NAME), one
// child process each so one bench's warm-up never flatters another. Each prints JSON lines:
// {"bench": "...", "value": N, "unit": "...", "target": N}.
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
let failed = 0;
for (const name of benches) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', name)], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) {
    failed++;
    console.error(`bench ${name} exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed ? 1 : 0);

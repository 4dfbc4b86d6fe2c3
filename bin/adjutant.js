#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so there is no separate build to forget.
import { fileURLToPath } from 'node:url';

let tsx;
try {
  tsx = await import('tsx/esm/api');
} catch {
  // A fresh clone has no node_modules yet: say what to do instead of a module-not-found trace.
  const root = fileURLToPath(new URL('..', import.meta.url));
  console.error(`Adjutant's dependencies are not installed. Run \`npm ci\` in ${root} first (once), then run the command again.`);
  process.exit(1);
}
tsx.register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);

// `npm run demo` (through scripts/demo.sh): a small game played by email and on a forum, on a
// schedule compressed to seconds (scripts/demo-run.ts). `npm run demo` plays the board NES demo
// world (scripts/demo-board-nes.ts); `npm run demo -- cnes` the CNES starter game
// (scripts/demo-cnes.ts). ADJUTANT_DEMO_TURN_SECONDS sets the seconds between deadlines.
import { boardNesDemo } from './demo-board-nes.ts';
import { cnesDemo } from './demo-cnes.ts';
import type { DemoGame } from './demo-game.ts';
import { runDemo } from './demo-run.ts';

const GAMES: Record<string, DemoGame> = { 'board-nes': boardNesDemo, cnes: cnesDemo };
/** Enough for the mail to go round, short enough to watch. */
const TURN_SECONDS = 20;

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'board-nes';
  const demo = GAMES[name];
  if (!demo) throw new Error(`there is no demo "${name}"; run \`npm run demo\` or \`npm run demo -- cnes\``);
  const seconds = Number(process.env.ADJUTANT_DEMO_TURN_SECONDS ?? TURN_SECONDS);
  if (!(seconds >= 5)) throw new Error(`ADJUTANT_DEMO_TURN_SECONDS must be a number of seconds, 5 or more (it is "${process.env.ADJUTANT_DEMO_TURN_SECONDS}")`);
  await runDemo(demo, seconds);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(`demo: failed: ${(e as Error).message}`);
    process.exit(1);
  },
);

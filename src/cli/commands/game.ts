import type { Command } from 'commander';
import { newGame } from '../../game/new-game.ts';
import { gameIdFromFolder, validateGameFolder } from '../../game/load-game.ts';
import { formatProblem } from '../../game/problems.ts';
import { rulesets } from '../../rulesets/index.ts';
import { exportGame, importGame } from '../../store/game-archive.ts';
import { GameStore } from '../../store/game-store.ts';
import { connectRedis } from '../../store/redis.ts';

export function register(program: Command): void {
  const game = program.command('game').description('Game folders: create, check, and move them in and out of the store.');
  game
    .command('validate')
    .description('Check a game folder; prints one line per problem with file and line.')
    .argument('<dir>', 'the game folder')
    .action(async (dir: string) => {
      const problems = await validateGameFolder(dir);
      for (const p of problems) console.error(formatProblem(p));
      if (problems.length) process.exitCode = 1;
      else console.log(`${dir}: the game folder is valid.`);
    });
  game
    .command('new')
    .description('Write a working starter game for a ruleset.')
    .argument('<dir>', 'the folder to create (must not exist or be empty)')
    .requiredOption('--ruleset <id>', `the ruleset: ${rulesets.ids().join(', ')}`)
    .action(async (dir: string, opts: { ruleset: string }) => {
      const files = await newGame(dir, opts.ruleset);
      console.log(`Wrote a ${opts.ruleset} game in ${dir}: ${files.join(', ')}. Edit game.yaml (players, GM, schedule), then run "adjutant game validate ${dir}".`);
    });
  game
    .command('import')
    .description('Store a game folder (new, or exported with its history) in Redis.')
    .argument('<dir>', 'the game folder')
    .option('--id <id>', 'the game id (default: the folder name)')
    .action(async (dir: string, opts: { id?: string }) => {
      const id = opts.id ?? gameIdFromFolder(dir);
      await withStore((store) => importGame(store, id, dir));
      console.log(`Stored game "${id}" from ${dir}.`);
    });
  game
    .command('export')
    .description('Write a stored game with its whole history to a folder.')
    .argument('<id>', 'the game id')
    .argument('<dir>', 'the folder to write')
    .action(async (id: string, dir: string) => {
      const files = await withStore((store) => exportGame(store, id, dir));
      console.log(`Wrote ${files.length} files of game "${id}" to ${dir}.`);
    });
}

async function withStore<T>(work: (store: GameStore) => Promise<T>): Promise<T> {
  const redis = connectRedis();
  try {
    return await work(new GameStore(redis));
  } finally {
    redis.disconnect();
  }
}

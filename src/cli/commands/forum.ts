// `adjutant forum test`: tries a game folder's forum settings against the real forum.
import type { Command } from 'commander';
import { loadGame } from '../../game/load-game.ts';
import { checkForum } from '../../channels/forum/check-forum.ts';
import { openForum } from '../../channels/forum/open-forum.ts';

export function register(program: Command): void {
  const forum = program.command('forum').description("The game's forum thread.");
  forum
    .command('test')
    .description("Check a game's forum settings: credentials, the thread readable, the players' members; posts only with --scratch-thread.")
    .requiredOption('--game <dir>', 'the game folder')
    .option('--scratch-thread <id>', "post a test message to this other thread or topic (never the game's)")
    .action(async (opts: { game: string; scratchThread?: string }) => {
      const game = await loadGame(opts.game);
      const config = game.config.forum;
      if (!config) {
        console.error(`${opts.game}/game.yaml has no forum section; docs/forums.md shows one.`);
        process.exitCode = 1;
        return;
      }
      const scratchId = opts.scratchThread === undefined ? undefined : Number(opts.scratchThread);
      if (scratchId !== undefined && (!Number.isInteger(scratchId) || scratchId <= 0 || scratchId === config.thread)) {
        console.error(`--scratch-thread must be the id of another thread than the game's (${config.thread}).`);
        process.exitCode = 1;
        return;
      }
      const checks = await checkForum(config, openForum(config), scratchId === undefined ? undefined : openForum({ ...config, thread: scratchId }));
      for (const check of checks) console.log(check.line);
      if (checks.some((c) => !c.ok)) process.exitCode = 1;
    });
}

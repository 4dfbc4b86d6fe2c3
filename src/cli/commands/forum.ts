// `adjutant forum test`: tries a game folder's forum settings against the real forum.
// `adjutant forum forget`: lets a member name of a running game go from the account that held it.
import type { Command } from 'commander';
import { ForumMembers } from '../../channels/forum/forum-members.ts';
import { GameStore } from '../../store/game-store.ts';
import { connectRedis } from '../../store/redis.ts';
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
  forum
    .command('forget <game> <member>')
    .description('Let a member name go from the forum account first seen writing under it: the next account to write as it plays for it.')
    .action(async (game: string, member: string) => {
      const redis = connectRedis();
      try {
        if (!(await new GameStore(redis).exists(game))) {
          console.error(`There is no game "${game}" in the store.`);
          process.exitCode = 1;
        } else if (await new ForumMembers(redis).forget(game, member))
          console.log(`${member} of "${game}" is free: the next forum account to write as ${member} plays for it.`);
        else console.log(`No forum account holds ${member} in "${game}"; nothing to do.`);
      } finally {
        redis.disconnect();
      }
    });
}

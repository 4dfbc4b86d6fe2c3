// `adjutant forum test`: tries a game folder's forum settings against the real forum.
// `adjutant forum forget`: lets a member name of a running game go from the account that held it.
// `adjutant forum authorize`: a key for an ordinary member account, where the forum has them.
// `adjutant forum sandbox`: a local board to rehearse a game on (forum-sandbox.ts).
import type { Command } from 'commander';
import { loadGame } from '../../game/load-game.ts';
import { GameStore } from '../../store/game-store.ts';
import { connectRedis } from '../../store/redis.ts';
import { checkForum } from './check-forum.ts';
import { ForumMembers } from './forum-members.ts';
import { beginAuthorization, finishAuthorization, type Begun } from './member-authorization.ts';
import { runSandbox, SandboxError } from './forum-sandbox.ts';
import { openForum } from './open-forum.ts';
import { softwareOf, type ForumConfig } from './settings/forum-config.ts';
import { forums } from './settings/forums.ts';

/** The forum channel's commands, added to the command line through its record. */
export function forumCommands(program: Command): void {
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
    .command('authorize <game-folder>')
    .description("Get a key for the game's forum account when it is an ordinary member: prints the link to approve; with --payload, the key.")
    .option('--payload <text>', 'the text the forum showed after Authorize')
    .action(async (folder: string, opts: { payload?: string }) => {
      const game = await loadGame(folder);
      const config = game.config.forum;
      if (!config) {
        console.error(`${folder}/game.yaml has no forum section; docs/forums.md shows one.`);
        process.exitCode = 1;
        return;
      }
      if (opts.payload === undefined) printRequest(folder, config, await beginAuthorization(folder, game.id, config));
      else await printKey(config, await finishAuthorization(folder, config, opts.payload));
    });
  forum
    .command('sandbox')
    .description("Run a local forum to rehearse a game on: prints the forum section for game.yaml, then takes players' posts from the terminal.")
    .requiredOption(
      '--software <id>',
      `the forum software: ${forums
        .all()
        .filter((f) => f.sandbox)
        .map((f) => f.id)
        .join(' or ')}`,
    )
    .option('--port <n>', 'the port on 127.0.0.1 (default: any free one)', '0')
    .option('--players <names>', "the players' member names, comma separated", 'Alice,Bob,Carol')
    .action(async (opts: { software: string; port: string; players: string }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new SandboxError(`--port must be a port number, not "${opts.port}".`);
      const players = opts.players
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      await runSandbox({ software: opts.software, port, players }, process.stdin, (line) => console.log(line));
      // "quit" leaves the terminal's input open: let it go, so the process ends.
      process.stdin.destroy();
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

function printRequest(folder: string, forum: ForumConfig, begun: Begun): void {
  const name = softwareOf(forum).name;
  console.log(`1. Log in to ${forum.url} as the account the game posts as (an ordinary member account will do).`);
  console.log(`2. In that browser, open this link and press Authorize:\n\n${begun.link}\n`);
  console.log(`3. ${name} then shows a block of text. Copy all of it, and run:\n   npx adjutant forum authorize ${folder} --payload '<the text>'`);
  console.log(`The request's private key is in ${begun.privateKeyFile} (readable by you alone) until then; keep .adjutant/ out of version control.`);
}

/** The key as lines for the environment, under the names game.yaml gives (or the ones it should), and the account it acts as. */
async function printKey(forum: ForumConfig, got: { key: string; clientId: string }): Promise<void> {
  const software = softwareOf(forum);
  const stem = software.id.toUpperCase();
  const keyVar = forum.credentials?.userApiKey ?? `${stem}_USER_API_KEY`;
  const clientVar = forum.credentials?.userApiClientId ?? `${stem}_USER_API_CLIENT_ID`;
  console.log(`Put these lines in the environment Adjutant runs in (its .env file, or the service's settings):\n`);
  console.log(`${keyVar}=${got.key}\n${clientVar}=${got.clientId}\n`);
  console.log(`In game.yaml's forum section:\n  credentials: { userApiKey: ${keyVar}, userApiClientId: ${clientVar} }`);
  const adapter = software.open({ baseUrl: forum.url, thread: forum.thread, memberKey: got.key, clientId: got.clientId });
  try {
    if (adapter.standing) console.log(`Checked with ${software.name}: ${(await adapter.standing()).says}`);
  } catch (e) {
    console.log(`The key could not be checked yet (${(e as Error).message}); adjutant forum test --game tries it.`);
  }
}

import { counted } from '../../engine/index.ts';
import path from 'node:path';
import type { Command } from 'commander';
import { newGame } from '../../game/new-game.ts';
import { gameIdFromFolder, loadGame } from '../../game/load-game.ts';
import { formatProblem, GameFolderError, type Problem } from '../../game/problems.ts';
import type { GameFile } from '../../game/game-file.ts';
import { nationColourWarnings } from '../../render/nation-colour-check.ts';
import { rulesets } from '../../rulesets/index.ts';
import { exportGame } from '../../store/game-archive.ts';
import { importGameFolder } from '../../channels/import-game.ts';
import { GameNotFoundError, GameStore } from '../../store/game-store.ts';
import { reachRedis } from '../../store/reach-redis.ts';
import { gameOverview, overviewText, withRuntime } from '../game-overview.ts';
import { printJson, type JsonOption } from '../output.ts';
import { confirm } from '../confirm.ts';
import { serviceConfig } from '../../../jobs/service-config.ts';
import type { Runtime } from '../../../jobs/runtime.ts';
import { welcomePlayers } from '../../messages/welcome.ts';
import { nationPageUrls } from '../../web/nation-links.ts';
import { createGameControl } from '../../turns/scheduler-control.ts';
import { discardGameJobs } from '../../../jobs/parse.ts';
import { applyGameUpdate, planGameUpdate } from '../../turns/game-update.ts';
import { changesText } from '../../game/game-changes.ts';
import { openQueue, QUEUES } from '../../../jobs/queues.ts';

export function register(program: Command): void {
  const game = program.command('game').description('Game folders: create, check, and move them in and out of the store.');
  game
    .command('validate')
    .description('Check a game folder; prints one line per problem with file and line, and warnings (nation colours hard to tell apart) that do not stop it.')
    .argument('<dir>', 'the game folder')
    .option('--json', 'print the problems and warnings as JSON')
    .action(async (dir: string, opts: JsonOption) => {
      const { problems, warnings } = await checkGameFolder(dir);
      if (problems.length) process.exitCode = 1;
      if (opts.json) return printJson({ valid: problems.length === 0, problems, warnings });
      for (const p of problems) console.error(formatProblem(p));
      printWarnings(warnings);
      if (!problems.length) console.log(`${dir}: the game folder is valid${warnings.length ? `, with ${counted(warnings.length, 'warning')}` : ''}.`);
    });
  game
    .command('new')
    .description('Write a working starter game for a ruleset.')
    .argument('<dir>', 'the folder to create (must not exist or be empty)')
    .requiredOption('--ruleset <id>', `the ruleset: ${rulesets.ids().join(', ')}`)
    .action(async (dir: string, opts: { ruleset: string }) => {
      const files = await newGame(dir, opts.ruleset);
      console.log(
        `Wrote a ${opts.ruleset} game in ${dir}: ${files.join(', ')}. Edit game.yaml (players, GM, schedule), then run "adjutant game validate ${dir}".`,
      );
    });
  game
    .command('import')
    .description('Store a game folder (new, or exported with its history) in Redis.')
    .argument('<dir>', 'the game folder')
    .option('--id <id>', 'the game id (default: the folder name)')
    .option('--no-welcome', 'do not send the players their welcome mail')
    .action(async (dir: string, opts: { id?: string; welcome: boolean }) => {
      const id = opts.id ?? gameIdFromFolder(dir);
      await withRuntime(async (rt) => {
        const { secretsGiven, nations } = await importGameFolder(rt.store, id, dir, new Date());
        console.log(`Stored game "${id}" from ${dir}.`);
        printWarnings(colourWarnings(dir, nations));
        if (secretsGiven.length)
          console.log(
            `${secretsGiven.join(', ')} had no secret: each was given one, which its welcome mail carries ("adjutant game export" writes them into game.yaml).`,
          );
        if (!opts.welcome || (await rt.store.step(id)) > 0) return;
        const players = await welcomePlayers(welcomeDeps(rt), id);
        if (players) console.log(`Welcome mails to ${players} players are in the outbox; the service sends them ("adjutant serve").`);
      });
    });
  game
    .command('update')
    .description('Change a stored game as its edited folder says: shows what changes, and applies it between turns (asks first; --yes for scripts).')
    .argument('<dir>', 'the game folder')
    .option('--id <id>', 'the game id (default: the folder name)')
    .option('--yes', 'apply without asking')
    .action((dir: string, opts: { id?: string; yes?: boolean }) =>
      withRuntime(async (rt) => {
        const id = await stored(rt.store, opts.id ?? gameIdFromFolder(dir));
        const plan = await planGameUpdate(rt, id, dir);
        if (!plan.changes.length) return console.log(`Game "${id}" is already as ${dir} says: nothing to update.`);
        console.log(`Game "${id}" would change:`);
        for (const line of changesText(plan.changes)) console.log(line);
        if (plan.welcome.length)
          console.log(
            `The players of ${plan.welcome.map((w) => w.name).join(', ')} would get a welcome mail: the nation's secret, how to order, the deadline.`,
          );
        // Asked on a terminal, as before a removal; without one (a script, a pipe) it is a dry run.
        if (!opts.yes && !process.stdin.isTTY) {
          const again = ['adjutant game update', dir, ...(opts.id ? ['--id', opts.id] : []), '--yes'].join(' ');
          return console.log(`This was a dry run: nothing was changed. To apply it, run "${again}".`);
        }
        if (!opts.yes && !(await confirm(`Apply these changes to game "${id}"? Type the game id to confirm: `, id))) {
          console.log(`Game "${id}" was not updated.`);
          process.exitCode = 1;
          return;
        }
        for (const note of await applyGameUpdate(rt, plan)) console.log(note);
        console.log(`Updated game "${id}" from ${dir}; the service uses the new files from its next look at the game.`);
        if (!plan.welcome.length) return;
        const nations = plan.welcome.map((w) => w.nation);
        await welcomePlayers(welcomeDeps(rt), id, { nations, occasion: `update-${plan.marks.filesVersion}` });
        console.log(`Welcome mails to ${counted(plan.welcome.length, 'player')} are in the outbox; the service sends them ("adjutant serve").`);
      }),
    );
  game
    .command('export')
    .description('Write a stored game with its whole history to a folder.')
    .argument('<id>', 'the game id')
    .argument('<dir>', 'the folder to write')
    .action(async (id: string, dir: string) => {
      const files = await withStore((store) => exportGame(store, id, dir));
      console.log(`Wrote ${files.length} files of game "${id}" to ${dir}.`);
    });
  game
    .command('list')
    .description('List the stored games: turn, phase and deadline.')
    .option('--json', 'print the games as JSON')
    .action((opts: JsonOption) =>
      withRuntime(async (rt) => {
        // A game that no longer opens (its ruleset gone, a file broken) is listed with why, not allowed to hide the others.
        const lines = await Promise.all(
          (await rt.store.listGames()).map((id) =>
            gameOverview(rt, id).then(
              ({ title, ruleset, turn, phase, steps, deadline }) => ({ id, title, ruleset, turn, phase, steps, deadline }),
              (e: unknown) => ({ id, problem: e instanceof Error ? e.message : String(e) }),
            ),
          ),
        );
        if (opts.json) return printJson(lines);
        if (!lines.length) return console.log('No games are stored; add one with "adjutant game import DIR".');
        for (const g of lines)
          console.log(
            'problem' in g
              ? `${g.id.padEnd(20)} cannot be opened: ${g.problem}`
              : `${g.id.padEnd(20)} turn ${String(g.turn).padEnd(4)} ${g.phase.padEnd(12)} deadline ${g.deadline ?? 'none'}  ${g.title} (${g.ruleset})`,
          );
      }),
    );
  game
    .command('status')
    .description('One game: deadline, who has ordered, open tickets, and the outbox.')
    .argument('<id>', 'the game id')
    .option('--json', 'print the status as JSON')
    .action((id: string, opts: JsonOption) =>
      withRuntime(async (rt) => {
        const overview = await gameOverview(rt, await stored(rt.store, id));
        if (opts.json) return printJson(overview);
        for (const line of overviewText(overview)) console.log(line);
      }),
    );
  game
    .command('remove')
    .description('Delete a stored game with its history, orders and mail (asks first; export it to keep a copy).')
    .argument('<id>', 'the game id')
    .option('--yes', 'do not ask')
    .action((id: string, opts: { yes?: boolean }) =>
      withRuntime(async (rt) => {
        await stored(rt.store, id);
        const steps = await rt.store.step(id);
        const question = `Remove game "${id}" (${counted(steps, 'step')} adjudicated) with its history, orders and mail? This cannot be undone; "adjutant game export ${id} DIR" keeps a copy. Type the game id to confirm: `;
        if (!opts.yes && !(await confirm(question, id))) {
          console.log(`Game "${id}" was not removed.`);
          process.exitCode = 1;
          return;
        }
        await rt.store.deleteGame(id);
        await rt.schedules.forget(id);
        // Its queued emails and posts went with it: their jobs go too, so a game created later under this id inherits none.
        const queue = openQueue(QUEUES.parse, rt.connection, rt.prefix);
        const discarded = await discardGameJobs(queue, id).finally(() => queue.close());
        console.log(`Removed game "${id}"${discarded ? `, and ${discarded} queued jobs of its mail` : ''}.`);
      }),
    );
}

/** What a welcome mail needs of the service: the game's address, its page, each nation's page link. */
function welcomeDeps(rt: Runtime): Parameters<typeof welcomePlayers>[0] {
  const config = serviceConfig();
  return {
    store: rt.store,
    outbox: rt.outbox,
    control: createGameControl(rt),
    address: config.mail.from,
    publicUrl: config.outputs.publicUrl,
    nationPageUrl: nationPageUrls(rt.redis, config.outputs, () => new Date()),
  };
}

async function stored(store: GameStore, id: string): Promise<string> {
  if (await store.exists(id)) return id;
  const ids = await store.listGames();
  throw new GameNotFoundError(`There is no game "${id}" in the store; ${ids.length ? `the games are ${ids.join(', ')}` : 'no games are stored'}.`);
}

async function withStore<T>(work: (store: GameStore) => Promise<T>): Promise<T> {
  const redis = await reachRedis();
  try {
    return await work(new GameStore(redis));
  } finally {
    redis.disconnect();
  }
}

/** The folder's problems (it cannot be used), or, when it has none, its warnings. */
async function checkGameFolder(dir: string): Promise<{ problems: Problem[]; warnings: Problem[] }> {
  try {
    const game = await loadGame(dir);
    return { problems: [], warnings: colourWarnings(dir, game.config.nations) };
  } catch (e) {
    if (e instanceof GameFolderError) return { problems: e.problems, warnings: [] };
    throw e;
  }
}

/** Nation colours a reader may not tell apart, said as problems of game.yaml are, but only as warnings. */
function colourWarnings(dir: string, nations: GameFile['nations']): Problem[] {
  return nationColourWarnings(nations).map((w) => ({ file: path.join(dir, 'game.yaml'), field: w.field, message: w.message }));
}

function printWarnings(warnings: readonly Problem[]): void {
  for (const w of warnings) console.error(`Warning: ${formatProblem(w)}`);
}

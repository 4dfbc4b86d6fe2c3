// The `adjutant` command line. Each command lives in its own file under commands/.
import { Command, CommanderError } from 'commander';
import { GameFolderError } from '../game/problems.ts';
import * as config from './commands/config.ts';
import * as datc from './commands/datc.ts';
import * as deadLetter from './commands/dead-letter.ts';
import * as game from './commands/game.ts';
import * as map from './commands/map.ts';
import * as parse from './commands/parse.ts';
import * as scenario from './commands/scenario.ts';
import * as serve from './commands/serve.ts';
import * as web from './commands/web.ts';
import { channels } from '../channels/index.ts';
import { serviceConfig } from '../../jobs/service-config.ts';
import { packageVersion, printJson } from './output.ts';

/** The commands of the command line itself; each channel adds its own (`adjutant mail`, `adjutant forum`) through its record. */
const COMMANDS = [game, scenario, parse, datc, map, config, serve, web, deadLetter];

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('adjutant')
    .description('Runs forum wargames by email: orders in, turns adjudicated, reports out.')
    .version(packageVersion(), '-V, --version', 'print the version of Adjutant')
    .exitOverride()
    .showHelpAfterError();
  for (const command of COMMANDS) command.register(program);
  for (const channel of channels.all()) channel.commands?.(program, { settings: serviceConfig, printJson });
  program.addHelpText('after', () => `\nEvery command:\n${everyCommand(program).join('\n')}\n`);
  try {
    await program.parseAsync(argv as string[]);
    return Number(process.exitCode ?? 0);
  } catch (e) {
    return reportError(e);
  }
}

/** Nested commands are not in commander's top-level help, so list them all here. */
function everyCommand(program: Command): string[] {
  const lines: string[] = [];
  const walk = (cmd: Command, prefix: string) => {
    for (const sub of cmd.commands) {
      const name = `${prefix}${sub.name()}`;
      if (sub.commands.length) walk(sub, `${name} `);
      else lines.push(`  adjutant ${`${name} ${sub.usage()}`.padEnd(44)} ${sub.description()}`);
    }
  };
  walk(program, '');
  return lines;
}

/** Errors a user can act on are printed as sentences; anything else is a bug, said plainly. */
function reportError(e: unknown): number {
  if (e instanceof CommanderError) return e.exitCode;
  if (e instanceof GameFolderError) {
    for (const p of e.message.split('\n')) console.error(p);
    return 1;
  }
  const error = e as Error;
  if (error?.name && error.name !== 'Error' && error.name !== 'TypeError') {
    console.error(error.message);
    return 1;
  }
  console.error(`adjutant stopped on an unexpected error: ${error?.message ?? String(e)}`);
  if (process.env.ADJUTANT_DEBUG) console.error(error?.stack);
  else console.error('Set ADJUTANT_DEBUG=1 to see where it happened, and please report it.');
  return 70;
}

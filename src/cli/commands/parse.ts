// `adjutant parse --game DIR --nation NATION [--json]`: reads a message on standard input and shows
// how the orders in it are read, as the player's confirmation or as the ParseResult JSON.
import type { Command } from 'commander';
import { loadGame } from '../../game/load-game.ts';
import { confirmationText } from '../../orders/confirmation.ts';
import { parseMessage } from '../../orders/parse-message.ts';

/** `input` is standard input; tests hand in a message instead. */
export function register(program: Command, input: AsyncIterable<Buffer | string> | Iterable<Buffer | string> = process.stdin): void {
  program
    .command('parse')
    .description('Read orders from a message on standard input, as the mail loop would, and show the result.')
    .requiredOption('--game <dir>', 'the game folder')
    .requiredOption('--nation <nation>', 'the nation sending the message')
    .option('--json', 'print the ParseResult as JSON instead of the confirmation text')
    .action(async (opts: { game: string; nation: string; json?: boolean }) => {
      const game = await loadGame(opts.game);
      if (!game.state.nations[opts.nation]) {
        console.error(`There is no nation "${opts.nation}" in this game; its nations are ${Object.keys(game.state.nations).join(', ')}.`);
        process.exitCode = 1;
        return;
      }
      const text = await readAll(input);
      const result = parseMessage({ ruleset: game.ruleset, map: game.map, nation: opts.nation, text, state: game.state, options: game.ctx.options });
      if (opts.json) {
        console.log(JSON.stringify(result, null, 2));
        return;
      }
      const nationName = game.state.nations[opts.nation].name;
      console.log(confirmationText({ result, nationName, describe: (order) => game.ruleset.describeOrder(game.ctx, order) }));
    });
}

async function readAll(input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

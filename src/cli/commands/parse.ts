// `adjutant parse --game DIR --nation NATION [--json] [FILE]`: reads a message (a saved .eml, or
// standard input) and shows how the mail loop would read the orders in it, as the player's
// confirmation or as the ParseResult JSON. An email is read as the mail loop reads it: its text
// part (or its HTML as text), quoted replies and the signature set aside, the secrets taken out
// and never shown.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { nationAliases, type GameFile } from '../../game/game-file.ts';
import { loadGame } from '../../game/load-game.ts';
import { newText } from '../../messages/quoted-text.ts';
import { readMail } from '../../channels/email/read-mail.ts';
import { redactSecrets, stripSecrets } from '../../messages/secret.ts';
import { confirmationText } from '../../orders/confirmation.ts';
import { parseMessage } from '../../orders/parse-message.ts';

/** `input` is standard input; tests hand in a message instead. */
export function register(program: Command, input: AsyncIterable<Buffer | string> | Iterable<Buffer | string> = process.stdin): void {
  program
    .command('parse')
    .description('Read the orders in a message (a saved .eml file, or standard input) as the mail loop would, and show the result.')
    .argument('[file]', 'a saved email (.eml) or a text file; standard input when left out')
    .requiredOption('--game <dir>', 'the game folder')
    .requiredOption('--nation <nation>', 'the nation sending the message')
    .option('--json', 'print the ParseResult as JSON instead of the confirmation text')
    .action(async (file: string | undefined, opts: { game: string; nation: string; json?: boolean }) => {
      const game = await loadGame(opts.game);
      if (!game.state.nations[opts.nation]) {
        console.error(`There is no nation "${opts.nation}" in this game; its nations are ${Object.keys(game.state.nations).join(', ')}.`);
        process.exitCode = 1;
        return;
      }
      const raw = file && file !== '-' ? await readFile(file) : await readAll(input);
      const secrets = secretsOf(game.config);
      const text = newText(stripSecrets(await messageText(raw, file), secrets));
      const result = parseMessage({
        ruleset: game.ruleset,
        map: game.map,
        nation: opts.nation,
        text,
        state: game.state,
        options: game.ctx.options,
        nationAliases: nationAliases(game.config),
      });
      const nationName = game.state.nations[opts.nation].name;
      const shown = opts.json
        ? JSON.stringify(result, null, 2)
        : confirmationText({ result, nationName, describe: (order) => game.ruleset.describeOrder(game.ctx, order) });
      console.log(redactSecrets(shown, secrets));
    });
}

const HEADER_LINE = /^[A-Za-z][\w-]*:[ \t]/;

/** An email (a .eml file, or text that opens with mail headers) is read as the mail loop reads it; other text as it is. */
async function messageText(raw: Buffer, file: string | undefined): Promise<string> {
  const text = raw.toString('utf8');
  const isEmail =
    file?.toLowerCase().endsWith('.eml') ||
    (HEADER_LINE.test(text) && /\r?\n\r?\n/.test(text) && /^(from|subject|to|date|message-id|mime-version):/im.test(text.split(/\r?\n\r?\n/)[0]));
  return isEmail ? (await readMail(raw)).text : text;
}

function secretsOf(config: GameFile): string[] {
  return [config.gm.secret, ...Object.values(config.nations).map((n) => n.secret)].filter((s): s is string => !!s);
}

async function readAll(input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

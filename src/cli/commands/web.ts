// `adjutant web ...`: the signed links of the web pages, and revoking them. Links are signed with
// ADJUTANT_WEB_SECRET and lead to ADJUTANT_PUBLIC_URL, as the running service's are.
import type { Command } from 'commander';
import { GameStore } from '../../store/game-store.ts';
import { connectRedis } from '../../store/redis.ts';
import { WebLinks } from '../../web/link-generations.ts';
import { checkSecret, WebSecretError } from '../../web/signed-links.ts';

export class UnknownNationError extends Error {
  override name = 'UnknownNationError';
}

export function register(program: Command): void {
  const web = program.command('web').description("Links to the web pages: the GM console and the nations' private pages.");
  web
    .command('gm-link <email>')
    .description("Print the GM's console login link (valid 60 days, until revoked).")
    .action((email: string) => withLinks(async (links, base) => console.log(`${base}/-/gm/login/${await links.gmToken(email)}`)));
  web
    .command('nation-link <game> <nation>')
    .description("Print a nation's private page link (each report carries a fresh one).")
    .action((game: string, nation: string) =>
      withLinks(async (links, base, store) => {
        await knownNation(store, game, nation);
        console.log(`${base}/-/nation/${await links.nationToken(game, nation)}`);
      }),
    );
  web
    .command('revoke-nation <game> <nation>')
    .description('Stop every private page link of the nation sent so far; the next report carries a new one.')
    .action((game: string, nation: string) =>
      withLinks(async (links, _base, store) => {
        await knownNation(store, game, nation);
        await links.revokeNation(game, nation);
        console.log(`Every link to the page of ${nation} in "${game}" sent so far no longer works.`);
      }),
    );
  web
    .command('revoke-gm <email>')
    .description('Stop every console link of the GM made so far, and log the GM out everywhere.')
    .action((email: string) =>
      withLinks(async (links) => {
        await links.revokeGm(email);
        console.log(`Every console link of ${email} made so far no longer works.`);
      }),
    );
}

async function knownNation(store: GameStore, game: string, nation: string): Promise<void> {
  const state = await store.state(game);
  if (!state.nations[nation]) throw new UnknownNationError(`"${game}" has no nation "${nation}"; use the nation's id from game.yaml.`);
}

async function withLinks(work: (links: WebLinks, base: string, store: GameStore) => Promise<void>): Promise<void> {
  const secret = process.env.ADJUTANT_WEB_SECRET;
  if (!secret) throw new WebSecretError("Set ADJUTANT_WEB_SECRET (the same as the service's) to make or revoke web links.");
  const base = (process.env.ADJUTANT_PUBLIC_URL ?? `http://127.0.0.1:${process.env.ADJUTANT_OUTPUT_PORT ?? '8080'}`).replace(/\/+$/, '');
  const redis = connectRedis();
  try {
    await work(new WebLinks(redis, checkSecret(secret), () => new Date()), base, new GameStore(redis));
  } finally {
    redis.disconnect();
  }
}

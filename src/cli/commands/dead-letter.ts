// `adjutant dead-letter list` and `retry`: what the service could not handle. Emails that could
// not be processed (their parse job failed for good), messages that could not be sent (refused by
// the SMTP server, or out of tries) and forum posts the forum refused (a revoked key, a deleted
// thread, or out of tries) are kept with the reason; the GM was told of each by mail. Once the
// cause is fixed, `retry` processes the email again or puts the message or post back in line.
import type { Command } from 'commander';
import { QUEUES, connectionFromUrl, openQueue } from '../../../jobs/queues.ts';
import { retryDeadMail } from '../../../jobs/parse.ts';
import { serviceConfig } from '../../../jobs/service-config.ts';
import { DeadLetters } from '../../messages/dead-letters.ts';
import { channelOf } from '../../channels/index.ts';
import { PostOutbox } from '../../store/post-outbox.ts';
import { GameStore } from '../../store/game-store.ts';
import { Outbox } from '../../store/outbox.ts';
import { connectRedis } from '../../store/redis.ts';

export class DeadLetterNotFoundError extends Error {
  override name = 'DeadLetterNotFoundError';
}

interface Row {
  game: string;
  /** A channel's message that could not be processed (its noun: email, forum post), or a message or forum post that could not be sent. */
  kind: string;
  id: string;
  at: string;
  error: string;
  about?: string;
}

export function register(program: Command): void {
  const dead = program
    .command('dead-letter')
    .description('Emails that could not be processed, messages that could not be sent, forum posts that could not be made: list them, retry them.');
  dead
    .command('list')
    .description('List the dead letters of one game, or of every game.')
    .argument('[game]', 'the game id (default: every game)')
    .option('--json', 'print JSON, one object per line')
    .action(async (game: string | undefined, opts: { json?: boolean }) => {
      const rows = await withStore((store, outbox) => deadLetters(store, outbox, game));
      if (opts.json) for (const row of rows) console.log(JSON.stringify(row));
      else if (!rows.length) console.log(game ? `Game "${game}" has no dead letters.` : 'No game has dead letters.');
      else for (const r of rows) console.log(`${r.game}  ${r.kind}  ${r.id}  ${r.at}  ${r.about ? `${r.about}: ` : ''}${r.error}`);
    });
  dead
    .command('retry')
    .description('Process a dead email again (by its mail id), or send a set-aside message or forum post again (by its key).')
    .argument('<game>', 'the game id')
    .argument('<id>', 'the mail id, message key or forum post key, as "dead-letter list" prints it')
    .action(async (game: string, id: string) => {
      const said = await withStore((store, outbox) => retry(store, outbox, game, id));
      console.log(said);
    });
}

async function deadLetters(store: GameStore, outbox: Outbox, only?: string): Promise<Row[]> {
  const games = only ? [only] : await store.listGames();
  const rows: Row[] = [];
  for (const game of games) {
    for (const d of await new DeadLetters(store.redis).list(game))
      rows.push({ game, kind: channelOf(d.messageId).noun, id: d.messageId, at: d.at, error: d.error });
    for (const m of await outbox.setAsideItems(game)) {
      const entry = await outbox.entry(game, m.key);
      rows.push({ game, kind: 'message', id: m.key, at: m.at, error: m.error, about: entry ? `"${entry.subject}" to ${entry.to.join(', ')}` : undefined });
    }
    const posts = postOutbox(store);
    for (const f of await posts.setAsideItems(game)) {
      const entry = await posts.entry(game, f.key);
      const about = entry?.kind === 'private' ? `private message "${entry.title}" to ${entry.to.join(', ')}` : 'post into the game thread';
      rows.push({ game, kind: 'forum', id: f.key, at: f.at, error: f.error, about });
    }
  }
  return rows;
}

async function retry(store: GameStore, outbox: Outbox, game: string, id: string): Promise<string> {
  if (await outbox.resend(game, id)) return `The message ${id} of "${game}" is back in line; the running service sends it within moments.`;
  if (await postOutbox(store).resend(game, id)) return `The forum post ${id} of "${game}" is back in line; the running service posts it within moments.`;
  const config = serviceConfig();
  const queue = openQueue(QUEUES.parse, connectionFromUrl(config.redisUrl), config.prefix);
  try {
    if (await retryDeadMail(queue, new DeadLetters(store.redis), { gameId: game, messageId: id }))
      return `The email ${id} of "${game}" is queued again; the running service processes it within moments.`;
  } finally {
    await queue.close();
  }
  throw new DeadLetterNotFoundError(`"${game}" has no dead letter "${id}"; run "adjutant dead-letter list ${game}" to see them.`);
}

function postOutbox(store: GameStore): PostOutbox {
  return new PostOutbox(store.redis, { now: () => new Date() });
}

async function withStore<T>(work: (store: GameStore, outbox: Outbox) => Promise<T>): Promise<T> {
  const redis = connectRedis(serviceConfig().redisUrl);
  try {
    const store = new GameStore(redis);
    return await work(store, new Outbox(redis, { domain: serviceConfig().mail.domain, now: () => new Date() }));
  } finally {
    redis.disconnect();
  }
}

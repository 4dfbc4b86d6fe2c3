// A channel of the tests' own, registered by the test that uses it (`channels.add`), as the
// fixture board is a forum software: it shows that a channel is its folder and one registry line.
// Its messages are notes a nation pins up, kept in a Redis hash of its own under the test's
// prefix; it answers by mail, through the shared message loop like every channel. In the service
// its intake takes notes dropped in a list of its own; its record also notes each game stored and
// adds a command of its own to the command line.
import type { Redis } from 'ioredis';
import type { ChannelServiceContext, ChannelServices } from '../../../src/messages/channel-services.ts';
import type { IncomingMessage } from '../../../src/messages/incoming-message.ts';
import type { MessageChannel } from '../../../src/messages/message-channel.ts';
import { contextOf } from '../../../src/messages/message-context.ts';
import { loadSnapshot } from '../../../src/messages/message-snapshot.ts';
import { handlePlayer } from '../../../src/messages/player-message.ts';
import { runMessage, type Loaded, type MessageJob } from '../../../src/messages/run-message.ts';
import { MessageLedger } from '../../../src/messages/message-ledger.ts';
import type { MessageDeps } from '../../../src/messages/message-context.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import { storedGame } from '../../../src/store/stored-game.ts';

interface Note {
  nation: string;
  text: string;
  at: string;
}

const notesKey = (gameId: string) => `{adjutant-test-notes}:${gameId}`;
const dropboxKey = (gameId: string) => `{adjutant-test-notes}:${gameId}:dropbox`;
const storedKey = (gameId: string) => `{adjutant-test-notes}:${gameId}:stored`;

/** What the fixture's processes did in the service, for the test to see: started and stopped, by part. */
export const fixtureServiceLog: string[] = [];

/** Drops a note where the fixture's intake, running in the service, takes it from. */
export async function dropNote(redis: Redis, gameId: string, nation: string, text: string): Promise<void> {
  await redis.rpush(dropboxKey(gameId), JSON.stringify({ nation, text }));
}

/** When the record was told the game was stored, or null. */
export async function storedAt(redis: Redis, gameId: string): Promise<string | null> {
  return redis.get(storedKey(gameId));
}

/** The intake polls every game's dropbox; each note is stored and marked received before it leaves the list. */
function fixtureServices(ctx: ChannelServiceContext): ChannelServices {
  return {
    intake() {
      fixtureServiceLog.push('intake started');
      const take = async () => {
        for (const gameId of ctx.games ?? (await ctx.store.listGames())) {
          const json = await ctx.redis.lindex(dropboxKey(gameId), 0);
          if (!json) continue;
          const { nation, text } = JSON.parse(json) as { nation: string; text: string };
          await ctx.enqueue({ gameId, messageId: await pinNote(ctx.redis, gameId, nation, text, ctx.now()) });
          await ctx.redis.lpop(dropboxKey(gameId));
        }
      };
      // One round at a time: a note is left in the list until it is stored, so two rounds would store it twice.
      let timer: NodeJS.Timeout | undefined;
      const round = () => {
        timer = setTimeout(
          () =>
            void take()
              .catch((err: unknown) => ctx.logger.error({ err }, 'fixture intake'))
              .finally(() => timer && round()),
          50,
        );
      };
      round();
      return {
        async stop() {
          clearTimeout(timer);
          timer = undefined;
          fixtureServiceLog.push('intake stopped');
        },
      };
    },
  };
}

async function noteOf(redis: Redis, gameId: string, id: string): Promise<Note | null> {
  const json = await redis.hget(notesKey(gameId), id);
  return json ? (JSON.parse(json) as Note) : null;
}

/** Pins a nation's note up: stored, then marked received, as a channel's intake does before it is acknowledged. */
export async function pinNote(redis: Redis, gameId: string, nation: string, text: string, at: Date): Promise<string> {
  const id = `fixture-note:${(await redis.hlen(notesKey(gameId))) + 1}`;
  await redis.hset(notesKey(gameId), id, JSON.stringify({ nation, text, at: at.toISOString() }));
  await new MessageLedger(redis).markReceived(gameId, id, at);
  return id;
}

async function loadNote(deps: MessageDeps, job: MessageJob, note: Note): Promise<Loaded> {
  const snapshot = await loadSnapshot(deps.store.redis, job);
  const game = await storedGame(deps.store, job.gameId);
  const address = game.config.nations[note.nation]?.player?.email.toLowerCase() ?? null;
  const message: IncomingMessage = {
    channel: 'fixture-note',
    noun: 'note',
    untitled: 'your note',
    id: job.messageId,
    author: { id: note.nation, label: `the notice board of ${note.nation}` },
    subject: '',
    text: note.text,
    sentAt: new Date(note.at),
    messageId: null,
    inReplyTo: null,
    references: [],
    cutAt: null,
    attachments: [],
    address,
    reply: null,
  };
  const ctx = await contextOf(deps, game, snapshot, message, { received: snapshot.received ?? new Date(note.at), date: new Date(note.at) });
  return { step: snapshot.step, decide: () => handlePlayer(ctx, note.nation) };
}

export const fixtureChannel: MessageChannel = {
  id: 'fixture-note',
  noun: 'note',
  owns: (id) => id.startsWith('fixture-note:'),
  isStored: async (store, gameId, id) => (await noteOf(store.redis, gameId, id)) !== null,
  process: (deps, job) =>
    runMessage(deps, job, async () => {
      const note = await noteOf(deps.store.redis, job.gameId, job.messageId);
      if (!note) throw new Error(`The note ${job.messageId} is not stored.`);
      return () => loadNote(deps, job, note);
    }),
  sender: async (store, gameId, id) => (await noteOf(store.redis, gameId, id))?.nation ?? null,
  services: fixtureServices,
  gameStored: async (store, gameId, at) => void (await store.redis.set(storedKey(gameId), at.toISOString())),
  commands: (program) =>
    program
      .command('notes <game>')
      .description("List a game's pinned notes.")
      .action(async (gameId: string) => {
        const redis = connectRedis();
        try {
          for (const [id, json] of Object.entries(await redis.hgetall(notesKey(gameId)))) console.log(`${id}: ${(JSON.parse(json) as Note).text}`);
        } finally {
          redis.disconnect();
        }
      }),
};

/** Removes the game's notes. */
export async function dropNotes(redis: Redis, gameId: string): Promise<void> {
  await redis.del(notesKey(gameId), dropboxKey(gameId), storedKey(gameId));
}

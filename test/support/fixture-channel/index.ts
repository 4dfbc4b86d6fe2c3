// A channel of the tests' own, registered by the test that uses it (`channels.add`), as the
// fixture board is a forum software: it shows that a channel is its folder and one registry line.
// Its messages are notes a nation pins up, kept in a Redis hash of its own under the test's
// prefix; it answers by mail, through the shared message loop like every channel.
import type { Redis } from 'ioredis';
import type { IncomingMessage } from '../../../src/messages/incoming-message.ts';
import type { MessageChannel } from '../../../src/messages/message-channel.ts';
import { contextOf } from '../../../src/messages/message-context.ts';
import { loadSnapshot } from '../../../src/messages/message-snapshot.ts';
import { handlePlayer } from '../../../src/messages/player-message.ts';
import { runMessage, type Loaded, type MessageJob } from '../../../src/messages/run-message.ts';
import { MessageLedger } from '../../../src/messages/message-ledger.ts';
import type { MessageDeps } from '../../../src/messages/message-context.ts';
import { storedGame } from '../../../src/store/stored-game.ts';

interface Note {
  nation: string;
  text: string;
  at: string;
}

const notesKey = (gameId: string) => `{adjutant-test-notes}:${gameId}`;

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
};

/** Removes the game's notes. */
export async function dropNotes(redis: Redis, gameId: string): Promise<void> {
  await redis.del(notesKey(gameId));
}

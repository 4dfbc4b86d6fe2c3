// Orders by Discourse private message to the game's account (src/channels/forum/discourse/discourse-adapter.ts
// readPrivateSince, through src/channels/forum/forum-intake.ts and forum-message.ts) against the local
// Discourse server (sandbox/forum/discourse-server.ts) and the real Redis: a player's message
// is read once and confirmed by private message, a non-player's is passed over, and a player's
// answer in an existing message (the confirmation Adjutant sent) is read as a new message, and a
// key that cannot list the messages is the GM's to fix, told by the thread readers.
import pino from 'pino';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { startThreadReaders } from '../../src/channels/forum/thread-readers.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

let forum: DiscourseForum;
let game: ForumTestGame;
const adapter = () =>
  discourseAdapter({ baseUrl: forum.server.url, topicId: 55, apiKey: forum.key, apiUsername: 'adjutant', http: { backoffMs: 5, retries: 2 } });
const inForce = async (nation: string) => (await game.store.ordersInForce(game.id))[nation]?.orders ?? [];
const replies = async (name: string) => (await game.privateMessages(name)).filter((p) => p.key.startsWith('reply:'));

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  forum = await startDiscourse(55, ['adjutant', 'alice', 'bob', 'carol', 'grace']);
  game = await forumTestGame({ software: 'discourse', url: forum.server.url, thread: 55 });
});
afterEach(async () => {
  await forum.server.close();
  await game.close();
});

describe('orders by Discourse private message', () => {
  it("reads a player's private message once, whole, and confirms it by private message; a non-player's is passed over", async () => {
    forum.message('alice', 'Orders for spring', 'claim nor\nclaim mid');
    forum.message('carol', 'Let me play', 'claim sou');
    forum.message('grace', 'status', 'STATUS');
    const first = await readThread(game.intake, game.id, adapter());
    expect(first.taken).toHaveLength(2);
    const results = await game.processQueued();
    expect(results.map((r) => [r.outcome, r.nation ?? r.role])).toEqual([
      ['orders', 'red'],
      ['commands', 'gm'],
    ]);
    expect(await inForce('red')).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'mid' },
    ]);
    const [confirmation] = await replies('alice');
    expect(confirmation.kind === 'private' && confirmation.title).toBe(`[${game.id}] Re: Orders for spring`);
    expect(confirmation.text).toContain('Read from your forum message:');
    // A private message is where orders belong: no warning about orders in public.
    expect((await game.privateMessages()).some((p) => p.key.startsWith('warn:'))).toBe(false);
    expect(await game.privateMessages('carol')).toEqual([]);
    expect(await inForce('blue')).toEqual([]);

    // Read again from the start (a lost cursor): stored once, applied and answered once.
    const version = await game.store.redis.get(`adjutant:{${game.id}}:orders:version`);
    await game.store.redis.del(forumKeys(game.id).privateCursor);
    expect((await readThread(game.intake, game.id, adapter())).taken).toHaveLength(2);
    await game.processQueued();
    expect(await game.store.redis.hlen(forumKeys(game.id).inbox)).toBe(2);
    expect(await game.store.redis.get(`adjutant:{${game.id}}:orders:version`)).toBe(version);
    expect(await replies('alice')).toHaveLength(1);
  });

  it("reads a player's answer in a private message the game's account sent, and not the account's own posts", async () => {
    forum.message('bob', 'Orders', 'claim sou');
    await readThread(game.intake, game.id, adapter());
    await game.processQueued();
    // The poster sends the confirmation as a new private message; Bob answers in it.
    const [confirmation] = await replies('bob');
    await adapter().sendPrivate({
      to: ['bob'],
      title: confirmation.kind === 'private' ? confirmation.title : '',
      text: confirmation.text,
      marker: confirmation.marker,
    });
    const sent = forum.pms.find((pm) => pm.posts[0].username === 'adjutant')!;
    forum.reply(sent, 'bob', '[quote="adjutant, post:1, topic:8001"]\nclaim sou\n[/quote]\nclaim mid');
    const second = await readThread(game.intake, game.id, adapter());
    expect(second.taken).toEqual([`forum-private:${sent.posts[1].id}@0`]);
    const [result] = await game.processQueued();
    expect(result).toMatchObject({ outcome: 'orders', nation: 'blue', counts: { accepted: 1 } });
    expect(await inForce('blue')).toEqual([
      { kind: 'claim', province: 'sou' },
      { kind: 'claim', province: 'mid' },
    ]);
    const answers = await replies('bob');
    expect(answers).toHaveLength(2);
    expect(answers.map((a) => a.kind === 'private' && a.title)).toContain(`[${game.id}] Re: Orders`);
  });

  it('a key that cannot list the private messages: the thread is still read, the GM is told what to fix, and the messages are read once it can', async () => {
    // No rounds of its own: the test says when the game is read.
    const readers = startThreadReaders({
      ...game.intake,
      outbox: game.outbox,
      address: 'game@adjutant.test',
      logger: pino({ level: 'silent' }),
      everyMs: 3_600_000,
      games: async () => [],
      open: adapter,
    });
    try {
      await readers.readNow(game.id);
      forum.say('alice', '[orders]claim nor[/orders]');
      forum.message('bob', 'Orders', 'claim sou');
      // Discourse's granular scopes do not reach the message list: it answers 403.
      const refused = { status: 403, body: { errors: ['You are not permitted to view the requested resource.'], error_type: 'invalid_access' } };
      forum.server.fail(refused, 1, (req) => req.path.startsWith('/topics/private-messages/'));
      await readers.readNow(game.id);
      expect(game.queued).toHaveLength(1);
      const notices = Object.values(await game.store.redis.hgetall(`adjutant:{${game.id}}:outbox`))
        .map((v) => JSON.parse(v) as { key: string; to: string[]; subject: string; text: string })
        .filter((e) => e.key.startsWith('alert:forum-read:'));
      expect(notices).toHaveLength(1);
      expect(notices[0].to).toEqual(['gm@adjutant.test']);
      // The thread was read; only the messages were not, and the notice does not blame the thread.
      expect(notices[0].subject).toMatch(/\] Adjutant cannot read the game's forum$/);
      expect(notices[0].text).toContain('its thread, or the private messages sent to Adjutant');
      expect(notices[0].text).toMatch(
        /private-messages\/adjutant\.json: You are not permitted to view the requested resource\. Check the API key and its permissions/,
      );
      await readers.readNow(game.id);
      expect(game.queued).toHaveLength(2);
      await game.processQueued();
      expect(await inForce('red')).toEqual([{ kind: 'claim', province: 'nor' }]);
      expect(await inForce('blue')).toEqual([{ kind: 'claim', province: 'sou' }]);
    } finally {
      await readers.stop();
    }
  });
});

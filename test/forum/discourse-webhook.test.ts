// Discourse webhook deliveries through the web server (POST /-/forum/discourse/<game>, taken by
// src/channels/forum/webhook-intake.ts) against the real Redis: a signed post_created for the game's topic is
// stored and queued before the 200, a retried delivery is one message, an edit is a new version,
// and anything unsigned or for another topic is not taken. A post in a private message is never
// taken from the delivery (it does not say whom the message is to): a player's makes the game
// account's private messages be read at once. Payload shapes follow
// Discourse's webhook post payload (a "post" object with id, topic_id, username, user_id, raw,
// created_at, updated_at and topic_archetype), signed as "sha256=<HMAC-SHA256 of the body>".
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { forum } from '../../src/channels/forum/index.ts';
import { forumWebhooks } from '../../src/channels/forum/webhook-intake.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { requireServices } from '../support/services.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const SECRET = 'webhook-secret-for-tests';
let game: ForumTestGame;
let server: WebServer;
let dir: string;
let readNow: string[];
/** What readNow does besides noting the game: nothing, unless a test reads a local Discourse. */
let reading: ((gameId: string) => Promise<unknown>) | undefined;

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  game = await forumTestGame({
    software: 'discourse',
    url: 'https://forum.example.com',
    thread: 55,
    webhookSecret: 'DC_WEBHOOK_SECRET',
    players: { alice: 'red', bob: 'blue' },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-webhook-'));
  readNow = [];
  reading = undefined;
  const env = { DC_WEBHOOK_SECRET: SECRET };
  server = await startWebServer({
    dir,
    port: 0,
    deps: game.deps,
    webhooks: new Map([[forum.id, forumWebhooks({ ...game.intake, env, readNow: async (id) => void (readNow.push(id), await reading?.(id)) })]]),
  });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  await game.close();
});

function payload(post: Record<string, unknown>) {
  return {
    post: {
      id: 9001,
      topic_id: 55,
      post_number: 3,
      username: 'alice',
      user_id: 2,
      raw: '[orders]claim nor[/orders]',
      created_at: '2029-12-30T10:00:00.000Z',
      updated_at: '2029-12-30T10:00:00.000Z',
      topic_archetype: 'regular',
      ...post,
    },
  };
}

async function deliver(body: unknown, event = 'post_created', secret = SECRET): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(body);
  const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const res = await fetch(`${server.url}/-/forum/discourse/${game.id}`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-discourse-event': event, 'x-discourse-event-signature': signature },
  });
  return { status: res.status, text: (await res.text()).trim() };
}

const inbox = () => game.store.redis.hkeys(forumKeys(game.id).inbox);

describe('Discourse webhooks', () => {
  it('stores and queues a signed post before answering, once however often it is delivered', async () => {
    expect(await deliver(payload({}))).toEqual({ status: 200, text: 'Stored.' });
    expect(await inbox()).toEqual(['forum-post:9001@0']);
    expect(await deliver(payload({}))).toEqual({ status: 200, text: 'Stored.' });
    expect(await inbox()).toEqual(['forum-post:9001@0']);
    const results = await game.processQueued();
    expect(results.map((r) => r.outcome)).toEqual(['orders', 'orders']);
    expect(results[0]).toEqual(results[1]);
    expect((await game.privateMessages('alice')).filter((p) => p.key.startsWith('reply:'))).toHaveLength(1);
    expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([{ kind: 'claim', province: 'nor' }]);
  });

  it('reads an edited post again, as a new version replacing what it changed', async () => {
    await deliver(payload({}));
    await deliver(payload({ raw: '[orders]claim mid[/orders]', updated_at: '2029-12-30T10:05:00.000Z' }), 'post_edited');
    expect((await inbox()).sort()).toEqual(['forum-post:9001@0', `forum-post:9001@${Date.parse('2029-12-30T10:05:00.000Z')}`]);
    await game.processQueued();
    expect((await game.privateMessages('alice')).filter((p) => p.key.startsWith('reply:'))).toHaveLength(2);
    expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([
      { kind: 'claim', province: 'nor' },
      { kind: 'claim', province: 'mid' },
    ]);
  });

  it("refuses a delivery not signed with the game's webhook secret, unread", async () => {
    expect((await deliver(payload({}), 'post_created', 'another-secret')).status).toBe(401);
    const unsigned = await fetch(`${server.url}/-/forum/discourse/${game.id}`, {
      method: 'POST',
      body: JSON.stringify(payload({})),
      headers: { 'x-discourse-event': 'post_created' },
    });
    expect(unsigned.status).toBe(401);
    expect(await inbox()).toEqual([]);
    expect(game.queued).toEqual([]);
  });

  it('takes nothing from another topic, chatter or a non-player', async () => {
    expect((await deliver(payload({ topic_id: 56 }))).status).toBe(200);
    expect(await deliver(payload({ raw: 'claim nor, I think' }))).toEqual({ status: 200, text: 'Not for the game; nothing to do.' });
    expect(await deliver(payload({ username: 'carol', user_id: 9 }))).toEqual({ status: 200, text: 'Not for the game; nothing to do.' });
    expect(await inbox()).toEqual([]);
    expect(readNow).toEqual([]);
  });

  it("reads the game account's private messages at once for a player's post in a private message, and takes nothing from the delivery", async () => {
    const dc: DiscourseForum = await startDiscourse(55, ['adjutant', 'alice', 'bob', 'carol']);
    try {
      reading = (id) => readThread(game.intake, id, discourseAdapter({ baseUrl: dc.server.url, topicId: 55, apiKey: dc.key, apiUsername: 'adjutant' }));
      // Alice's diplomacy with Bob, and her orders to the game's account: both look alike in a delivery.
      const secret = dc.message('alice', 'Between us', 'claim mid', ['bob']);
      const pm = (m: typeof secret) => payload({ id: m.posts[0].id, topic_id: m.id, raw: m.posts[0].raw, topic_archetype: 'private_message' });
      expect(await deliver(pm(secret))).toEqual({ status: 200, text: 'The private messages are read now.' });
      expect(await inbox()).toEqual([]);
      const orders = dc.message('alice', 'Orders', 'claim nor');
      expect(await deliver(pm(orders))).toEqual({ status: 200, text: 'The private messages are read now.' });
      expect(await inbox()).toEqual([`forum-private:${orders.posts[0].id}@0`]);
      expect(readNow).toEqual([game.id, game.id]);
      // A non-player's private message does not make the forum be read.
      expect(await deliver(payload({ username: 'carol', user_id: 4, topic_id: 8100, topic_archetype: 'private_message' }))).toEqual({
        status: 200,
        text: 'A private message by a member who plays no part; nothing to do.',
      });
      expect(readNow).toHaveLength(2);
      const [result] = await game.processQueued();
      expect(result).toMatchObject({ outcome: 'orders', nation: 'red' });
      expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([{ kind: 'claim', province: 'nor' }]);
    } finally {
      await dc.server.close();
    }
  });

  it('reads the thread at once when a delivery does not carry the post', async () => {
    const { raw: _raw, ...bare } = payload({}).post;
    expect(await deliver({ post: bare })).toEqual({ status: 200, text: 'The thread is read now.' });
    expect(readNow).toEqual([game.id]);
  });

  it('answers 404 for a game that takes no webhooks', async () => {
    const res = await fetch(`${server.url}/-/forum/discourse/no-such-game`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});

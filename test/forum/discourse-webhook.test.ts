// Discourse webhook deliveries through the web server (POST /-/forum/discourse/<game>, taken by
// src/forum/webhook-intake.ts) against the real Redis: a signed post_created for the game's topic is
// stored and queued before the 200, a retried delivery is one message, an edit is a new version,
// and anything unsigned, for another topic or a private message is not taken. Payload shapes follow
// Discourse's webhook post payload (a "post" object with id, topic_id, username, user_id, raw,
// created_at, updated_at and topic_archetype), signed as "sha256=<HMAC-SHA256 of the body>".
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { takeWebhook } from '../../src/forum/webhook-intake.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { requireServices } from '../support/services.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const SECRET = 'webhook-secret-for-tests';
let game: ForumTestGame;
let server: WebServer;
let dir: string;
let readNow: string[];

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  game = await forumTestGame({ software: 'discourse', url: 'https://forum.example.com', thread: 55, webhookSecret: 'DC_WEBHOOK_SECRET', players: { alice: 'red', bob: 'blue' } });
  dir = await mkdtemp(path.join(tmpdir(), 'adjutant-webhook-'));
  readNow = [];
  const env = { DC_WEBHOOK_SECRET: SECRET };
  server = await startWebServer({ dir, port: 0, deps: game.deps, forumWebhook: (d) => takeWebhook({ ...game.intake, env, readNow: async (id) => void readNow.push(id) }, d) });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  await game.close();
});

function payload(post: Record<string, unknown>) {
  return { post: { id: 9001, topic_id: 55, post_number: 3, username: 'alice', user_id: 2, raw: '[orders]claim nor[/orders]', created_at: '2029-12-30T10:00:00.000Z', updated_at: '2029-12-30T10:00:00.000Z', topic_archetype: 'regular', ...post } };
}

async function deliver(body: unknown, event = 'post_created', secret = SECRET): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(body);
  const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const res = await fetch(`${server.url}/-/forum/discourse/${game.id}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-discourse-event': event, 'x-discourse-event-signature': signature } });
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
    expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([{ kind: 'claim', province: 'nor' }, { kind: 'claim', province: 'mid' }]);
  });

  it('refuses a delivery not signed with the game\'s webhook secret, unread', async () => {
    expect((await deliver(payload({}), 'post_created', 'another-secret')).status).toBe(401);
    const unsigned = await fetch(`${server.url}/-/forum/discourse/${game.id}`, { method: 'POST', body: JSON.stringify(payload({})), headers: { 'x-discourse-event': 'post_created' } });
    expect(unsigned.status).toBe(401);
    expect(await inbox()).toEqual([]);
    expect(game.queued).toEqual([]);
  });

  it('takes nothing from another topic, a private message, chatter or a non-player', async () => {
    expect((await deliver(payload({ topic_id: 56 }))).status).toBe(200);
    expect((await deliver(payload({ topic_archetype: 'private_message' }))).status).toBe(200);
    expect(await deliver(payload({ raw: 'claim nor, I think' }))).toEqual({ status: 200, text: 'Not for the game; nothing to do.' });
    expect(await deliver(payload({ username: 'carol', user_id: 9 }))).toEqual({ status: 200, text: 'Not for the game; nothing to do.' });
    expect(await inbox()).toEqual([]);
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

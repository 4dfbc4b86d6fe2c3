// Edits of orders posts already read on Discourse without webhooks (the topic's posts asked for by
// id, sandbox/forum/discourse-server.ts) and on phpBB (the topic's Atom feed, whose entries'
// <updated> is the last edit, sandbox/forum/phpbb-server.ts), with the real Redis.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { readThread, takeForumItems } from '../../src/channels/forum/forum-intake.ts';
import { phpbbAdapter } from '../../src/channels/forum/phpbb/phpbb-adapter.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startPhpbb, type PhpbbBoard } from '../../sandbox/forum/phpbb-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

let game: ForumTestGame;
let close: () => Promise<void>;
const inForce = async (nation: string) => ((await game.store.ordersInForce(game.id))[nation]?.orders ?? []).map((o) => String(o.province));
const watched = () => game.store.redis.hkeys(forumKeys(game.id).watched);

beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await close();
  await game.close();
});

describe('edits read again on Discourse without webhooks', () => {
  let forum: DiscourseForum;
  const read = () =>
    readThread(
      game.intake,
      game.id,
      discourseAdapter({ baseUrl: forum.server.url, topicId: 55, apiKey: forum.key, apiUsername: 'adjutant', http: { backoffMs: 5, retries: 2 } }),
    );
  const byId = () => forum.server.requests.filter((r) => r.path === '/t/55/posts.json').length;

  it('reads an edited orders post again, once, with one request for the watched posts each round', async () => {
    forum = await startDiscourse();
    close = () => forum.server.close();
    game = await forumTestGame({ software: 'discourse', url: forum.server.url, thread: 55 });
    const post = forum.say('alice', '[orders]claim nor[/orders]');
    await read();
    await game.processQueued();

    forum.edit(post, '[orders]\nREPLACE ALL\nclaim mid\n[/orders]');
    const before = byId();
    expect((await read()).taken).toEqual([`forum-post:${post.id}@${Date.parse(post.updated_at)}`]);
    expect(byId()).toBe(before + 1);
    await game.processQueued();
    expect(await inForce('red')).toEqual(['mid']);
    expect((await game.privateMessages('alice')).filter((p) => p.key.startsWith('reply:'))).toHaveLength(2);
    expect((await read()).taken).toEqual([]);
    // A late delivery of the first version (a webhook retried) is the message read before, and does not take the watch back.
    const first = { id: String(post.id), author: { id: String(post.user_id), name: 'alice' }, text: '[orders]claim nor[/orders]', postedAt: post.created_at };
    expect(await takeForumItems(game.intake, game.id, [{ channel: 'forum-post', post: first }])).toEqual([`forum-post:${post.id}@0`]);
    expect((await read()).taken).toEqual([]);
    await game.processQueued();
    expect(await inForce('red')).toEqual(['mid']);
  });
});

describe('edits read again on phpBB', () => {
  let board: PhpbbBoard;
  const read = () => readThread(game.intake, game.id, phpbbAdapter({ baseUrl: board.server.url, topicId: 12, http: { backoffMs: 5, retries: 2 } }));

  it('reads an orders post again when its feed entry is updated, once, and confirms it by email', async () => {
    board = await startPhpbb();
    close = () => board.server.close();
    game = await forumTestGame({ software: 'phpbb', url: board.server.url, thread: 12 });
    const id = board.say('Alice', '<p>[orders]claim nor[/orders]</p>');
    await read();
    await game.processQueued();
    expect(await inForce('red')).toEqual(['nor']);

    board.edit(id, '<p>[orders]<br>REPLACE ALL<br>claim mid<br>[/orders]</p>');
    const [taken] = (await read()).taken;
    expect(taken).toMatch(new RegExp(`^forum-post:${id}@[1-9]\\d+$`));
    await game.processQueued();
    expect(await inForce('red')).toEqual(['mid']);
    expect((await game.outbox.entry(game.id, `reply:${taken}`))?.to).toEqual(['player1@adjutant.test']);
    expect((await read()).taken).toEqual([]);
  });

  it('lets a post go once newer posts push it out of the feed: its orders stand, its later edits are not read', async () => {
    board = await startPhpbb();
    close = () => board.server.close();
    game = await forumTestGame({ software: 'phpbb', url: board.server.url, thread: 12 });
    const id = board.say('Alice', '<p>[orders]claim nor[/orders]</p>');
    await read();
    await game.processQueued();
    expect(await watched()).toEqual([String(id)]);
    for (let i = 0; i < 15; i++) board.say('Bob', `<p>Chatter ${i}</p>`);
    // Gone from the feed is not gone from the topic: the feed holds only the newest posts.
    expect((await read()).taken).toEqual([]);
    expect(await watched()).toEqual([]);
    expect(await inForce('red')).toEqual(['nor']);
    board.edit(id, '<p>[orders]claim mid[/orders]</p>');
    expect((await read()).taken).toEqual([]);
  });
});

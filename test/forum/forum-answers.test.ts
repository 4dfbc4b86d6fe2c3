// What Adjutant answers a forum member speaks of the forum, not of email: HELP (by private
// message and in the thread, for a player and the GM), a confirmation with the warning about a
// very long message, and the notice about orders that came too late. Against the local Discourse
// (sandbox/forum/discourse-server.ts) and the real Redis, through the whole forum intake.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { MAX_TEXT } from '../../src/messages/incoming-message.ts';
import type { PostOutboxEntry } from '../../src/store/post-outbox.ts';
import { gameKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

let forum: DiscourseForum;
let game: ForumTestGame | undefined;
const adapter = () =>
  discourseAdapter({ baseUrl: forum.server.url, topicId: 55, apiKey: forum.key, apiUsername: 'adjutant', http: { backoffMs: 5, retries: 2 } });

beforeAll(async () => {
  await requireServices(['redis']);
});
beforeEach(async () => {
  forum = await startDiscourse(55, ['adjutant', 'alice', 'bob', 'grace']);
});
afterEach(async () => {
  await forum.server.close();
  await game?.close();
  game = undefined;
});

/** The game reads the forum and answers; the answer to `name` by private message. */
async function answerTo(name: string, options: { now?: () => Date } = {}): Promise<PostOutboxEntry> {
  game ??= await forumTestGame({ software: 'discourse', url: forum.server.url, thread: 55, orders: 'public' }, options);
  await readThread(game.intake, game.id, adapter());
  await game.processQueued();
  const [answer] = (await game.privateMessages(name)).filter((p) => p.key.startsWith('reply:'));
  expect(answer?.kind).toBe('private');
  return answer;
}

const email = /e-?mail|SECRET:/i;

describe('answers to forum members', () => {
  it('HELP by private message says how to order on the forum, and nothing of email or secrets', async () => {
    forum.message('alice', 'help', 'HELP');
    const { text } = await answerTo('alice');
    expect(text).toContain("in a private message to the game's account, as you did");
    expect(text).toContain('inside an [orders] ... [/orders] block');
    expect(text).toContain('no secret is needed');
    expect(text).toContain('Commands (alone on a line at the top of your message, or of the [orders] block of a post)');
    expect(text).toContain('claim');
    expect(text).not.toMatch(email);
  });

  it('HELP in the thread speaks of the thread first, and of private messages to keep orders secret', async () => {
    forum.say('bob', 'What now?\n[orders]\nHELP\n[/orders]');
    const { text } = await answerTo('bob');
    expect(text).toMatch(
      /- in a post in the game thread, inside an \[orders\] \.\.\. \[\/orders\] block[^\n]*\n {2}- or, to keep them secret, in a private message to the game's account/,
    );
    expect(text).not.toMatch(email);
  });

  it("the GM's HELP by private message names the forum ways to send commands and rule on tickets", async () => {
    forum.message('grace', 'help', 'HELP');
    const { text } = await answerTo('grace');
    expect(text).toContain("Commands for the GM, each on its own line: in a private message to the game's account, or in an [orders] ... [/orders] block");
    expect(text).toContain('("T-ABC234 1") in a private message to the game\'s account');
    expect(text).not.toContain('with your GM secret on a line of its own at the top):');
  });

  it('a confirmation warns of a very long message as a message, not an email', async () => {
    forum.message('alice', 'Orders', `claim nor\n${'x'.repeat(MAX_TEXT + 10)}`);
    const { text } = await answerTo('alice');
    expect(text).toContain('Read from your forum message:');
    expect(text).toContain(`Your message was very long; only its first ${MAX_TEXT / 1024} KB were read.`);
    expect(text).toContain('a new message replaces the orders');
    expect(text).not.toMatch(email);
  });

  it("orders that came too late are a message that came too late, from the games' forum assistant", async () => {
    forum.message('alice', 'Orders', 'claim nor');
    const { text } = await answerTo('alice', { now: () => new Date('2030-01-02T09:00:00Z') });
    expect(text).toContain('Your message for Redmark came too late');
    expect(text).toContain("-- Adjutant, the games' forum assistant");
    expect(text).not.toMatch(email);
  });
});

describe('RESIGN on the forum', () => {
  it("takes the member's forum account off the nation: the GM is told who, and later orders from them are not read", async () => {
    forum.message('alice', 'leaving', 'RESIGN');
    const { text } = await answerTo('alice');
    expect(text).toContain('You have resigned Redmark');
    expect(text).toContain('Your messages no longer count for it.');
    const yaml = (await game!.store.files(game!.id))['game.yaml'];
    expect(yaml).not.toMatch(/Alice:\s*red/);
    expect(yaml).toMatch(/Bob:\s*blue/);
    const notice = (await game!.outbox.pending(game!.id)).find((m) => m.key.startsWith('resign:'));
    expect(notice?.text).toContain('(forum member alice) resigned Redmark');
    forum.message('alice', 'Orders', 'claim nor');
    await readThread(game!.intake, game!.id, adapter());
    const results = await game!.processQueued();
    expect(results.filter((r) => r.outcome === 'orders')).toEqual([]);
    expect(await game!.store.redis.hget(gameKeys(game!.id).orders, 'red')).toBeNull();
  });
});

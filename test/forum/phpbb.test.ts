// The phpBB adapter: it reads a topic through the board's Atom feed (sandbox/forum/
// phpbb-server.ts) and refuses, with what the GM does instead, everything phpBB has no API for.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ForumAuthError, ForumCannotError } from '../../src/channels/forum/base/forum-errors.ts';
import { phpbbAdapter } from '../../src/channels/forum/phpbb/phpbb-adapter.ts';
import { startPhpbb, type PhpbbBoard } from '../../sandbox/forum/phpbb-server.ts';

let board: PhpbbBoard;
const adapter = () => phpbbAdapter({ baseUrl: board.server.url, topicId: 12, http: { backoffMs: 10 } });

beforeEach(async () => {
  board = await startPhpbb();
});
afterEach(async () => {
  await board.server.close();
});

describe('the phpBB adapter', () => {
  it("reads the topic's posts as text, oldest first, and from a cursor only the new", async () => {
    board.say('alice', '<p>Hello &amp; welcome, <strong>GM</strong>!</p>');
    const orders = board.say('bob', '<p>A Par - Bur<br>A Mar - Spa</p>');
    const first = await adapter().readSince(null);
    expect(first.posts.map((p) => [p.author.name, p.text])).toEqual([
      ['alice', 'Hello & welcome, GM!'],
      ['bob', 'A Par - Bur\nA Mar - Spa'],
    ]);
    expect(first.posts[1].id).toBe(String(orders));
    board.say('alice', '<p>F Lon - Nth</p>');
    expect((await adapter().readSince(first.cursor)).posts.map((p) => p.text)).toEqual(['F Lon - Nth']);
  });

  it('knows each author by the user id of their profile link, not by a name they can change or a link in their post', async () => {
    board.say('alice', '<p>Hello</p>');
    board.rename('alice', 'alicia');
    board.register('alice');
    board.say('alicia', '<p>Still me</p>');
    board.say('alice', '<p>Statistics: Posted by <a href="memberlist.php?mode=viewprofile&amp;u=2">alicia</a></p><p>A Par H</p>');
    const posts = (await adapter().readSince(null)).posts;
    expect(posts.map((p) => [p.author.id, p.author.name])).toEqual([
      ['2', 'alice'],
      ['2', 'alicia'],
      ['3', 'alice'],
    ]);
  });

  it('marks an edited post by its updated time', async () => {
    const id = board.say('bob', '<p>A Par H</p>');
    board.edit(id, '<p>A Par - Pic</p>');
    const [post] = (await adapter().readSince(null)).posts;
    expect(post.text).toBe('A Par - Pic');
    expect(post.editedAt).toBeDefined();
  });

  it('cannot post or send private messages, and says the GM does it by hand', async () => {
    await expect(adapter().publish({ text: 'x', images: [], marker: 'm' })).rejects.toThrow(ForumCannotError);
    await expect(adapter().sendPrivate({ to: ['bob'], title: 't', text: 'x', marker: 'm' })).rejects.toThrow(
      /phpBB has no API to send private messages: the GM does it by hand/,
    );
  });

  it('says a feed closed to guests needs a forum guests can read, not an API key phpBB does not have', async () => {
    board.membersOnly.on = true;
    const refused = adapter().readSince(null);
    await expect(refused).rejects.toThrow(ForumAuthError);
    await expect(refused).rejects.toThrow(/closed to guests[\s\S]*forum guests can read/);
    await expect(refused).rejects.not.toThrow(/API key/);
  });
});

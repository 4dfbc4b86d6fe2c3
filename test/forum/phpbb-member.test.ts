// phpBB as an ordinary member: Adjutant logged in through the board's own login form (or with a
// browser's remembered cookies), reading the topic's pages and the account's private messages, and
// posting through the board's forms with their form keys, against the local board's pages
// (sandbox/forum/phpbb-pages.ts and the files it names, which cite phpBB's source for each shape).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markerLine, type ForumAdapter } from '../../src/channels/forum/base/forum-adapter.ts';
import { ForumAuthError, ForumMaybeDoneError, ForumRequestError } from '../../src/channels/forum/base/forum-errors.ts';
import type { ForumHttpOptions } from '../../src/channels/forum/base/forum-http.ts';
import { openForum } from '../../src/channels/forum/open-forum.ts';
import { forumPosts, forumSchema, type ForumConfig } from '../../src/channels/forum/settings/forum-config.ts';
import { waitFor } from '../turns/support.ts';
import { startPhpbb, type PhpbbBoard } from '../../sandbox/forum/phpbb-server.ts';

const LOGIN = { login: 'TEST_PHPBB_LOGIN', password: 'TEST_PHPBB_PASSWORD' };
const FAST: Partial<ForumHttpOptions> = { backoffMs: 10, retries: 1, maxWaitMs: 1_500 };
let board: PhpbbBoard;
let account: number;

const env = (password = board.password) => ({
  TEST_PHPBB_LOGIN: 'Adjutant',
  TEST_PHPBB_PASSWORD: password,
  TEST_PHPBB_COOKIE: board.rememberCookie('Adjutant'),
});
const section = (credentials: Record<string, string> = LOGIN): ForumConfig =>
  forumSchema.parse({ software: 'phpbb', url: board.server.url, thread: 12, credentials, players: { Alice: 'red', Bob: 'blue' } });
const member = (credentials?: Record<string, string>, password?: string, http: Partial<ForumHttpOptions> = FAST): ForumAdapter =>
  openForum(section(credentials), env(password), http);
const posts = (path: string) => board.server.requests.filter((r) => r.method === 'POST' && `${r.path}?${r.query}`.startsWith(path));

beforeEach(async () => {
  board = await startPhpbb();
  account = board.register('Adjutant');
  board.register('Alice');
  board.register('Bob');
});
afterEach(async () => {
  await board.server.close();
});

describe('phpBB as an ordinary member', () => {
  it('reads the topic page by page by post id, takes a new game from its start, and sees posts edited, hidden or moved', async () => {
    const adapter = member();
    const before = Array.from({ length: 25 }, (_, i) => board.say('Alice', `old ${i}`));
    const start = new Date((board.state.posts.at(-1)!.time + 1) * 1000);
    const fresh = Array.from({ length: 3 }, (_, i) => board.say('Bob', `new ${i}`));
    // A new game: the page holding the first post since its start (posts 21 to 28), not pages 1 and 2.
    const first = await adapter.readSince(null, start);
    expect(first.posts.map((p) => p.text)).toEqual(['old 20', 'old 21', 'old 22', 'old 23', 'old 24', 'new 0', 'new 1', 'new 2']);
    expect(first.posts.at(-1)!.author).toEqual({ id: String(board.state.idOf('Bob')), name: 'Bob' });
    expect(board.server.requests.some((r) => r.path === '/viewtopic.php' && r.query.get('start') === '10')).toBe(false);
    // A moderator hides posts on earlier pages: the later ones move up, and none is skipped or read twice.
    for (const id of before.slice(0, 20)) board.hide(id);
    const later = Array.from({ length: 4 }, (_, i) => board.say('Alice', `later ${i}`));
    const next = await adapter.readSince(first.cursor);
    expect(next.posts.map((p) => p.id)).toEqual(later.map(String));
    expect((await adapter.readSince(next.cursor)).posts).toEqual([]);
    // Each orders post as it is now: edited, hidden, moved to another topic, or gone.
    board.edit(fresh[0], 'new 0, edited');
    board.hide(fresh[1]);
    board.move(later[0], 13);
    const now = await adapter.currentPosts([...fresh, later[0], 999].map(String));
    expect(now.map((p) => [p.id, p.text])).toEqual([
      [String(fresh[0]), 'new 0, edited'],
      [String(fresh[2]), 'new 2'],
    ]);
    // An account that moderates is shown the hidden and unapproved posts too, marked: they do not stand.
    board.moderator.on = true;
    const held = board.state.add('Alice', 'held', undefined, 12, 'unapproved');
    const shown = board.say('Bob', 'shown');
    expect((await adapter.readSince(next.cursor)).posts.map((p) => p.id)).toEqual([String(shown)]);
    expect(await adapter.currentPosts([String(fresh[1]), String(held.id)])).toEqual([]);
  });

  it('replies with its marker, edits its post, and sends every form once with a fresh form key, a second after it was made', async () => {
    const adapter = member();
    const made = await adapter.publish({ text: '[b]Spring 2031[/b]', images: [], marker: 'g/update:step-1' });
    const post = board.state.posts.at(-1)!;
    expect(made).toEqual({ id: String(post.id), url: `${board.server.url}/viewtopic.php?p=${post.id}#p${post.id}` });
    expect([post.userId, post.source]).toEqual([account, `[b]Spring 2031[/b]\n\n[size=85]${markerLine('g/update:step-1')}[/size]`]);
    await adapter.editPost(made.id, { text: 'Spring 2031 (withdrawn)', marker: 'g/update:step-1' });
    expect(post.source).toBe(`Spring 2031 (withdrawn)\n\n[size=85]${markerLine('g/update:step-1')}[/size]`);
    expect(board.state.posts).toHaveLength(1);
    const forms = posts('/posting.php');
    expect(forms).toHaveLength(2);
    expect(new Set(forms.map((r) => r.form?.get('form_token'))).size).toBe(2);
    expect(forms.every((r) => r.form?.get('post') === 'Submit' && /^\d+$/.test(String(r.form?.get('creation_time'))))).toBe(true);
  });

  it('attaches the map as a file, and posts without it, saying why, where the board will not take it', async () => {
    const adapter = member();
    const map = { filename: 'map.png', data: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('the map')]) };
    const made = await adapter.publish({ text: 'turn 1', images: [map], marker: 'g/update:step-1' });
    const post = board.state.posts.at(-1)!;
    expect([made, post.attachments]).toEqual([{ id: String(post.id), url: expect.any(String) }, [1]]);
    expect(board.state.attachments.get(1)).toMatchObject({ filename: 'map.png', data: map.data, postId: post.id });
    // Added with "Add the file", then the reply sent with the file in its attachment_data.
    const [added, sent] = posts('/posting.php');
    expect([added.form?.get('add_file'), sent.form?.get('attachment_data[0][attach_id]'), sent.form?.get('post')]).toEqual(['Add the file', '1', 'Submit']);

    expect(await adapter.publish({ text: 'turn 2', images: [{ ...map, filename: 'map.bmp' }], marker: 'g/update:step-2' })).toEqual({
      id: String(board.state.posts.at(-1)!.id),
      url: expect.any(String),
      imagesLeftOut: 'the board refused map.bmp: The extension bmp is not allowed.',
    });
    board.attachments.on = false;
    const bare = await adapter.publish({ text: 'turn 3', images: [map], marker: 'g/update:step-3' });
    expect(bare.imagesLeftOut).toMatch(/does not let the game's account attach files/);
    expect(board.state.posts.map((p) => [p.source.split('\n')[0], p.attachments])).toEqual([
      ['turn 1', [1]],
      ['turn 2', []],
      ['turn 3', []],
    ]);
  });

  it('sends a form again once with a new key when the board finds its key too old, and for the review of posts made meanwhile', async () => {
    const adapter = member();
    // The login form too.
    board.ageForms(7201);
    expect(await adapter.whoIs('Bob')).toEqual({ id: String(board.state.idOf('Bob')), name: 'Bob' });
    expect(posts('/ucp.php?mode=login')).toHaveLength(2);
    board.ageForms(7201);
    await adapter.publish({ text: 'turn 1', images: [], marker: 'g/update:step-1' });
    expect(board.state.posts.map((p) => p.source.split('\n')[0])).toEqual(['turn 1']);
    expect(posts('/posting.php')).toHaveLength(2);
    // Refused twice: the board keeps refusing it, and the GM is told, nothing posted twice.
    board.ageForms(7201, 2);
    await expect(adapter.publish({ text: 'turn 2', images: [], marker: 'g/update:step-2' })).rejects.toThrow(/form was invalid/);
    expect(board.state.posts).toHaveLength(1);
    // Alice posts while the form is open (between its page and its sending): the board shows it again for review.
    const racing = board.server.requests.length;
    const sent = adapter.publish({ text: 'turn 3', images: [], marker: 'g/update:step-3' });
    await waitFor('the reply form served', async () => board.server.requests.slice(racing).some((r) => r.path === '/posting.php' && r.method === 'GET'));
    board.say('Alice', 'meanwhile');
    expect((await sent).id).toBe(String(board.state.posts.at(-1)!.id));
    expect(board.server.requests.slice(racing).filter((r) => r.method === 'POST' && r.path === '/posting.php')).toHaveLength(2);
    expect(board.state.posts.map((p) => p.source.split('\n')[0])).toEqual(['turn 1', 'meanwhile', 'turn 3']);
    // A busy topic: a post comes in again while the reviewed form waits its second; it is reviewed again, not given up.
    const busy = board.server.requests.length;
    const again = adapter.publish({ text: 'turn 4', images: [], marker: 'g/update:step-4' });
    for (const n of [1, 2]) {
      await waitFor('the reply form served', async () => board.server.requests.slice(busy).filter((r) => r.path === '/posting.php').length >= n);
      board.say('Bob', `meanwhile ${n}`);
    }
    expect((await again).id).toBe(String(board.state.posts.at(-1)!.id));
    expect(board.server.requests.slice(busy).filter((r) => r.method === 'POST' && r.path === '/posting.php')).toHaveLength(3);
  });

  it('waits out the flood interval, says a reply awaits approval, and finds a reply made before a time-out instead of posting it twice', async () => {
    const adapter = member();
    board.flood.interval = 5;
    await adapter.publish({ text: 'turn 1', images: [], marker: 'g/update:step-1' });
    const second = await adapter.publish({ text: 'turn 2', images: [], marker: 'g/update:step-2' });
    expect(second.id).toBe(String(board.state.posts.at(-1)!.id));
    // Refused, then sent again after a wait that doubles from a second (up to the one-call wait, here 1.5 s), not at once.
    const refused = board.flood.refused;
    const gaps = refused.slice(1).map((at, i) => at - refused[i]);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    expect(gaps[0]).toBeGreaterThanOrEqual(1_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_450);
    // A short interval is waited out in a second or two, not the installed 15 s the refusal does not rule out.
    board.flood.interval = 4;
    const [started, refusedBefore] = [Date.now(), refused.length];
    await member(LOGIN, undefined, { ...FAST, maxWaitMs: 60_000 }).publish({ text: 'turn 2, again', images: [], marker: 'g/update:step-20' });
    expect(refused.length).toBeGreaterThan(refusedBefore);
    expect(Date.now() - started).toBeLessThan(8_000);
    board.flood.interval = 0;

    board.holdReplies.on = true;
    expect(await adapter.publish({ text: 'turn 3', images: [], marker: 'g/update:step-3' })).toEqual({ id: '', held: true });
    board.holdReplies.on = false;

    board.server.latency(1500, (r) => r.method === 'POST' && r.path === '/posting.php');
    await expect(member(LOGIN, undefined, { ...FAST, timeoutMs: 1_300 }).publish({ text: 'turn 4', images: [], marker: 'g/update:step-4' })).rejects.toThrow(
      ForumMaybeDoneError,
    );
    await waitFor('the slow reply', async () => board.state.posts.some((p) => p.source.startsWith('turn 4')));
    board.server.latency(0);
    const before = posts('/posting.php').length;
    expect((await adapter.findOwnPost('g/update:step-4'))?.id).toBe(String(board.state.posts.find((p) => p.source.startsWith('turn 4'))!.id));
    expect(await adapter.findOwnPost('g/update:step-5')).toBeNull();
    // Another member quoting our marker is not our post.
    board.say('Alice', `quoting ${markerLine('g/update:step-6')}`);
    expect(await adapter.findOwnPost('g/update:step-6')).toBeNull();
    expect(posts('/posting.php')).toHaveLength(before);
  });

  it('tells its standing from the pages: moderator or not, a locked topic, no attachments; a locked topic refuses its reply', async () => {
    const adapter = member();
    board.say('Alice', 'The game begins.');
    expect(await adapter.standing!()).toEqual({
      usable: true,
      says: expect.stringMatching(/^Adjutant is an ordinary member \(the board shows it no moderator's tools\): .*confirmations go out at that pace\.$/),
    });
    board.attachments.on = false;
    expect((await adapter.standing!()).says).toMatch(
      /confirmations go out at that pace\. It may not attach files in the topic: updates go out without their map/,
    );
    board.locked.on = true;
    expect(await adapter.standing!()).toEqual({
      usable: false,
      says: expect.stringMatching(/ It may not reply in the game's topic, which is locked, so no update can be posted: .*\(or to unlock the topic\)/),
    });
    await expect(adapter.publish({ text: 'turn 1', images: [], marker: 'g/update:step-1' })).rejects.toThrow(/This topic is locked/);
    // A moderator may reply in a locked topic (posting.php lets m_edit), and is told so.
    board.moderator.on = true;
    expect(await adapter.standing!()).toEqual({
      usable: true,
      says: expect.stringMatching(
        /^Adjutant moderates the game's forum \(the board shows it the quick-mod tools\): .* The game's topic is locked, but the account moderates it and may still reply\. It may not attach files/,
      ),
    });
    board.attachments.on = true;
    expect((await adapter.standing!()).says).not.toMatch(/attach/);
  });

  it('finds members by name, sends and finds its private messages, replies in the conversation, and reads what members send it', async () => {
    const adapter = member();
    const alice = String(board.state.idOf('Alice'));
    expect(await adapter.whoIs('alice')).toEqual({ id: alice, name: 'Alice' });
    expect(await adapter.whoIs('Zed')).toBeNull();
    const pm = { to: ['Alice'], title: 'Your orders for turn 1', text: 'Read: claim nor', marker: 'g/confirm:1' };
    const since = new Date();
    const kept = await adapter.sendPrivate(pm);
    const first = board.state.messages.at(-1)!;
    expect([String(first.id), first.to, first.authorId, first.subject]).toEqual([kept, [Number(alice)], account, pm.title]);
    // In the outbox until Alice's board delivers it, then in the sent folder: found in both.
    expect(await adapter.findOwnPrivate(pm, since)).toBe(true);
    first.delivered = true;
    expect(await adapter.findOwnPrivate(pm, since)).toBe(true);
    const second = { ...pm, title: 'Your orders for turn 2', marker: 'g/confirm:2', conversation: kept };
    expect(await adapter.findOwnPrivate(second, since)).toBe(false);
    expect(await adapter.sendPrivate(second)).toBe(kept);
    expect(board.state.messages.at(-1)!).toMatchObject({ root: first.id, to: [Number(alice)], subject: second.title });
    expect(await adapter.findOwnPrivate(second, since)).toBe(true);
    // Alice answers: read as hers, by id from the cursor on; the account's own are not in its inbox.
    const answer = board.pm('Alice', 'Re: Your orders for turn 2', 'Thanks! [b]claim mid[/b]', first.id);
    const read = await adapter.readPrivateSince!(null);
    expect(read.messages.map((m) => [m.post.id, m.post.author, m.title, m.post.text])).toEqual([
      [String(answer.id), { id: alice, name: 'Alice' }, 'Re: Your orders for turn 2', 'Thanks! claim mid'],
    ]);
    expect(read.messages[0].post.postedAt).toBe(new Date(Math.floor(answer.time / 60) * 60_000).toISOString());
    const more = board.pm('Bob', 'Orders', 'claim sou');
    expect((await adapter.readPrivateSince!(read.cursor)).messages.map((m) => m.post.id)).toEqual([String(more.id)]);
    await expect(adapter.sendPrivate({ ...pm, to: ['Zed'], marker: 'g/confirm:3' })).rejects.toThrow(/no member "Zed"/);
  });

  it('logs in again when the board ends its session, and says what to do when it cannot log in', async () => {
    const adapter = member();
    board.say('Alice', 'one');
    await adapter.readSince(null);
    board.expireSessions();
    board.say('Alice', 'two');
    expect((await adapter.readSince(null)).posts.map((p) => p.text)).toEqual(['one', 'two']);
    expect(posts('/ucp.php?mode=login')).toHaveLength(2);
    expect(
      posts('/ucp.php?mode=login').every((r) => r.form?.get('username') === 'Adjutant' && r.form?.get('login') === 'Login' && r.form?.get('form_token')),
    ).toBe(true);

    // The session ends between the reply form and its sending: the form went nowhere, and is asked for again once logged in.
    const racing = board.server.requests.length;
    const sent = adapter.publish({ text: 'turn 1', images: [], marker: 'g/update:step-1' });
    await waitFor('the reply form served', async () => board.server.requests.slice(racing).some((r) => r.path === '/posting.php' && r.method === 'GET'));
    board.expireSessions();
    expect((await sent).id).toBe(String(board.state.posts.at(-1)!.id));
    expect(board.state.posts.filter((p) => p.source.startsWith('turn 1'))).toHaveLength(1);
    expect(posts('/ucp.php?mode=login')).toHaveLength(3);

    // A browser's remembered cookies, for a board whose login asks for a CAPTCHA; once they expire, the GM is told what to give.
    const remembered = member({ sessionCookie: 'TEST_PHPBB_COOKIE' });
    expect((await remembered.readSince(null)).posts).toHaveLength(3);
    expect(posts('/ucp.php?mode=login')).toHaveLength(3);
    board.expireSessions();
    await expect(remembered.readSince(null)).rejects.toThrow(/no longer takes the remembered cookies.*_u and _k.*sessionCookie/);

    await expect(member(LOGIN, 'wrong').readSince(null)).rejects.toThrow(/refused to log "Adjutant" in: You have specified an incorrect password/);
    board.captcha.on = true;
    const captcha = member(LOGIN, 'other').readSince(null);
    await expect(captcha).rejects.toThrow(ForumAuthError);
    await expect(captcha).rejects.toThrow(/asks a CAPTCHA .*credentials\.sessionCookie/);
  });

  it('knows a renamed member as the same player by user id', async () => {
    const adapter = member();
    board.say('Alice', 'claim nor');
    board.rename('Alice', 'Alicia');
    board.register('Alice');
    board.say('Alicia', 'still me');
    board.say('Alice', 'someone new');
    const read = (await adapter.readSince(null)).posts.map((p) => [p.author.id, p.author.name, p.text]);
    const [old, fresh] = [String(board.state.idOf('Alicia')), String(board.state.idOf('Alice'))];
    expect(old).not.toBe(fresh);
    expect(read).toEqual([
      [old, 'Alicia', 'claim nor'],
      [old, 'Alicia', 'still me'],
      [fresh, 'Alice', 'someone new'],
    ]);
  });

  it('refuses a form the board will not show, saying what to check', async () => {
    const refused = member().editPost(String(board.say('Alice', 'hers')), { text: 'x', marker: 'g/m' });
    await expect(refused).rejects.toThrow(ForumRequestError);
    await expect(refused).rejects.toThrow(/did not show its form: You cannot edit posts in this forum/);
  });
});

describe("game.yaml's member login for phpBB", () => {
  const parse = (credentials?: Record<string, string>, extra: Record<string, unknown> = {}) =>
    forumSchema.safeParse({ software: 'phpbb', url: 'https://forum.example.com', thread: 1, ...(credentials && { credentials }), ...extra });

  it('takes a name and password or remembered cookies, and then posts, reminders and status included; without, it reads the feed', () => {
    expect(parse(LOGIN).success).toBe(true);
    expect(parse({ sessionCookie: 'PHPBB_COOKIE' }).success).toBe(true);
    expect(parse({ login: 'PHPBB_LOGIN' }).error?.issues.map((i) => i.message)).toEqual([expect.stringMatching(/login and credentials.password go together/)]);
    expect(forumPosts(parse(LOGIN).data!)).toBe(true);
    expect(forumPosts(parse({ sessionCookie: 'PHPBB_COOKIE' }).data!)).toBe(true);
    expect(forumPosts(parse().data!)).toBe(false);
    expect(parse(LOGIN, { reminders: true, status: true }).success).toBe(true);
    expect(parse(undefined, { reminders: true }).error?.issues.map((i) => i.message)).toEqual([expect.stringMatching(/cannot post reminders/)]);
  });
});

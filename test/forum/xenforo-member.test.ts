// XenForo with no API key: Adjutant as an ordinary member, logged in through the board's own form
// (or with a browser's remembered cookie), reading the thread's pages and the account's
// conversations, and posting through the board's forms with their token, against the local
// board's pages (sandbox/forum/xenforo-pages.ts, which cites XenForo's templates and
// controllers for each shape).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markerLine, type ForumAdapter } from '../../src/channels/forum/base/forum-adapter.ts';
import { ForumAuthError, ForumMaybeDoneError } from '../../src/channels/forum/base/forum-errors.ts';
import type { ForumHttpOptions } from '../../src/channels/forum/base/forum-http.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { openForum } from '../../src/channels/forum/open-forum.ts';
import { forumSchema, type ForumConfig } from '../../src/channels/forum/settings/forum-config.ts';
import { storedGame } from '../../src/store/stored-game.ts';
import { requireServices } from '../support/services.ts';
import { waitFor } from '../turns/support.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';
import { startTestPoster } from './support/test-poster.ts';

const LOGIN = { login: 'TEST_XF_LOGIN', password: 'TEST_XF_PASSWORD' };
const FAST: Partial<ForumHttpOptions> = { backoffMs: 10, retries: 1, maxWaitMs: 3_000 };
let xf: XenForoForum;
let game: ForumTestGame | undefined;

const env = (password = xf.password) => ({ TEST_XF_LOGIN: 'adjutant', TEST_XF_PASSWORD: password, TEST_XF_COOKIE: xf.rememberCookie() });
const section = (credentials: Record<string, string> = LOGIN): ForumConfig =>
  forumSchema.parse({ software: 'xenforo', url: xf.baseUrl, thread: 77, credentials, players: { Alice: 'red', Bob: 'blue' } });
const member = (credentials?: Record<string, string>, password?: string, http: Partial<ForumHttpOptions> = FAST): ForumAdapter =>
  openForum(section(credentials), env(password), http);
const formPosts = (path: string) => xf.server.requests.filter((r) => r.method === 'POST' && r.path === path);

beforeEach(async () => {
  xf = await startXenForo();
});
afterEach(async () => {
  await game?.close();
  game = undefined;
  await xf.server.close();
});

describe('XenForo as an ordinary member', () => {
  let redisUrl: string;
  beforeAll(async () => {
    ({ redisUrl } = await requireServices(['redis']));
  });

  it("plays a game through the board's pages: orders from the thread and a conversation, confirmations in conversations, the update with its map", async () => {
    game = await forumTestGame({ software: 'xenforo', url: xf.baseUrl, thread: 77, credentials: LOGIN });
    const forum = (await storedGame(game.store, game.id)).config.forum!;
    xf.say(2, 'For the valleys!\n[orders]\nclaim nor\n[/orders]');
    xf.converse(3, 'Orders', 'claim sou');
    expect((await readThread(game.intake, game.id, openForum(forum, env()))).taken).toHaveLength(2);
    expect((await game.processQueued()).map((r) => [r.outcome, r.nation])).toEqual([
      ['orders', 'red'],
      ['orders', 'blue'],
    ]);
    const map = path.join(os.tmpdir(), `adjutant-member-map-${game.id}.png`);
    const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('the map')]);
    await writeFile(map, image);
    await game.deps.postOutbox!.record(game.id, { kind: 'post', key: 'update:step-1', text: 'Spring 2031', images: [{ filename: 'map.png', path: map }] });

    const id = game.id;
    const poster = startTestPoster({ redisUrl, store: game.store, mail: game.outbox, games: (g) => g === id, open: (f) => openForum(f, env(), FAST) });
    try {
      const update = await waitFor('the update in the thread', async () => xf.posts.find((p) => p.message.includes(markerLine(`${id}/update:step-1`))));
      expect(update.user_id).toBe(1);
      const attached = [...xf.attachments].filter(([aid]) => update.message.includes(`[ATTACH=full]${aid}[/ATTACH]`));
      expect(attached.map(([, a]) => a.data.equals(image))).toEqual([true]);
      // Each player's confirmation starts the conversation kept with them, addressed to them alone.
      for (const [userId, order] of [
        ['2', 'claim nor'],
        ['3', 'claim sou'],
      ] as const)
        await waitFor(`the confirmation to member ${userId}`, async () =>
          xf.conversations.some((c) => c.recipient_ids.join() === userId && c.message.includes(order)),
        );
    } finally {
      await poster.stop();
    }
    // Only the board's pages and forms, never its API; every form with the page's token.
    expect(xf.server.requests.some((r) => r.path.startsWith('/api'))).toBe(false);
    const forms = xf.server.requests.filter((r) => r.method === 'POST');
    expect(forms.length).toBeGreaterThan(3);
    expect(forms.every((r) => /^\d+,[0-9a-f]{32}$/.test(String(r.form?.get('_xfToken'))))).toBe(true);
  });

  it('keeps its place by post id when a moderator hides posts, and takes a new game from its start', async () => {
    const adapter = member();
    const before = Array.from({ length: 45 }, (_, i) => xf.say(2, `old ${i}`));
    const start = new Date((before.at(-1)!.post_date + 1) * 1000);
    const fresh = Array.from({ length: 3 }, (_, i) => xf.say(3, `new ${i}`));
    // A new game: what was written since its start, found from the last page back.
    // The page holding the first of them is read, not pages 1 and 2 (the intake then sets aside what came before the start).
    const first = await adapter.readSince(null, start);
    expect(first.posts.map((p) => p.text)).toEqual(['old 40', 'old 41', 'old 42', 'old 43', 'old 44', 'new 0', 'new 1', 'new 2']);
    expect(first.posts.at(-1)!.author).toEqual({ id: '3', name: 'Bob' });
    expect(xf.server.requests.some((r) => r.path.endsWith('/page-2'))).toBe(false);
    // A moderator hides posts on earlier pages: the later ones move up, and none is skipped or read twice.
    for (const p of before.slice(0, 25)) xf.hide(p);
    const later = Array.from({ length: 4 }, (_, i) => xf.say(2, `later ${i}`));
    const next = await adapter.readSince(first.cursor);
    expect(next.posts.map((p) => p.id)).toEqual(later.map((p) => String(p.post_id)));
    expect((await adapter.readSince(next.cursor)).posts).toEqual([]);
    // Each orders post as it is now: edited, hidden, or gone.
    xf.edit(fresh[0], 'new 0, edited');
    xf.hide(fresh[1]);
    const now = await adapter.currentPosts(fresh.map((p) => String(p.post_id)));
    expect(now.map((p) => [p.id, p.text])).toEqual([
      [String(fresh[0].post_id), 'new 0, edited'],
      [String(fresh[2].post_id), 'new 2'],
    ]);
    expect(now[0].editedAt).toBeDefined();
    // An account that moderates is shown hidden and unapproved posts too, marked as such: they do not stand.
    xf.moderator.on = true;
    const held = xf.say(2, 'held');
    held.message_state = 'moderated';
    const shown = xf.say(3, 'shown');
    expect((await adapter.readSince(next.cursor)).posts.map((p) => p.id)).toEqual([String(shown.post_id)]);
    expect((await adapter.currentPosts([fresh[1], held].map((p) => String(p.post_id)))).map((p) => p.id)).toEqual([]);
  });

  it('logs in again when the board ends its session, and says what to do when it cannot log in', async () => {
    const adapter = member();
    xf.say(2, 'one');
    await adapter.readSince(null);
    xf.expireSessions();
    xf.say(2, 'two');
    expect((await adapter.readSince(null)).posts.map((p) => p.text)).toEqual(['one', 'two']);
    expect(formPosts('/login/login')).toHaveLength(2);

    // A browser's remembered cookie, for a board whose login asks for more; once it expires, the GM is told what to give.
    const remembered = member({ sessionCookie: 'TEST_XF_COOKIE' });
    expect((await remembered.readSince(null)).posts).toHaveLength(2);
    xf.expireSessions();
    await expect(remembered.readSince(null)).rejects.toThrow(/no longer takes the remembered cookie.*credentials\.sessionCookie/);

    await expect(member(LOGIN, 'wrong').readSince(null)).rejects.toThrow(/refused to log "adjutant" in: Incorrect password.*sessionCookie/);
    // The board ends the sessions again, and now asks more at login than a program can answer.
    xf.expireSessions();
    xf.captcha.on = true;
    await expect(member().readSince(null)).rejects.toThrow(ForumAuthError);
    await expect(member().readSince(null)).rejects.toThrow(/CAPTCHA/);
    xf.captcha.on = false;
    xf.twoStep.on = true;
    await expect(member().readSince(null)).rejects.toThrow(/two-step verification.*sessionCookie/);
  });

  it('waits out the flood check, says a reply awaits approval, and finds a reply made before a time-out', async () => {
    const adapter = member();
    xf.flood.secondsLeft = 1;
    const made = await adapter.publish({ text: 'turn 1', images: [], marker: 'g/update:step-1' });
    expect(made.id).toBe(String(xf.posts.at(-1)!.post_id));
    expect(formPosts('/threads/77/add-reply')).toHaveLength(2);

    xf.holdReplies.on = true;
    expect(await adapter.publish({ text: 'turn 2', images: [], marker: 'g/update:step-2' })).toEqual({ id: '', held: true });
    xf.holdReplies.on = false;

    xf.server.latency(1500, (r) => r.method === 'POST' && r.path.endsWith('/add-reply'));
    await expect(member(LOGIN, undefined, { ...FAST, timeoutMs: 300 }).publish({ text: 'turn 3', images: [], marker: 'g/update:step-3' })).rejects.toThrow(
      ForumMaybeDoneError,
    );
    await waitFor('the slow reply', async () => xf.posts.some((p) => p.message.startsWith('turn 3')));
    xf.server.latency(0);
    const found = await adapter.findOwnPost('g/update:step-3');
    expect(found?.id).toBe(String(xf.posts.find((p) => p.message.startsWith('turn 3'))!.post_id));
    expect(await adapter.findOwnPost('g/update:step-4')).toBeNull();
  });

  it('tells its standing from the pages: staff or not, a locked thread, no attachments; an update goes out without the map it may not attach', async () => {
    const adapter = member();
    expect(await adapter.standing!()).toEqual({ usable: true, says: expect.stringMatching(/^\S+ is an ordinary member: .*one conversation\.$/) });
    xf.moderator.on = true;
    expect((await adapter.standing!()).says).toMatch(/^\S+ is staff: /);
    xf.locked.on = true;
    expect(await adapter.standing!()).toEqual({
      usable: true,
      says: expect.stringContaining("The game's thread is locked, but the account may still reply in it."),
    });
    xf.moderator.on = false;
    expect(await adapter.standing!()).toEqual({
      usable: false,
      says: expect.stringContaining("It may not reply in the game's thread, which is locked, so no update can be posted"),
    });
    xf.locked.on = false;
    xf.attaching.on = false;
    expect(await adapter.standing!()).toEqual({ usable: true, says: expect.stringContaining('It may not attach files in the thread') });

    const made = await adapter.publish({ text: 'turn 1', images: [{ filename: 'map.png', data: Buffer.from('png') }], marker: 'g/update:step-1' });
    expect(made).toEqual({ id: String(xf.posts.at(-1)!.post_id), url: expect.any(String), imagesLeftOut: expect.stringMatching(/permission/) });
    expect(xf.posts.at(-1)!.message).toMatch(/^turn 1\n\n\[SIZE=1\]Adjutant ref g\/update:step-1\.\[\/SIZE\]$/);
    expect(xf.attachments.size).toBe(0);
  });

  it('finds members by name, keeps one conversation with each, and finds its own message again', async () => {
    const adapter = member();
    expect(await adapter.whoIs('alice')).toEqual({ id: '2', name: 'Alice' });
    expect(await adapter.whoIs('Zed')).toBeNull();
    const pm = { to: ['Alice'], title: 'Your orders for turn 1', text: 'Read: claim nor', marker: 'g/confirm:1' };
    const kept = await adapter.sendPrivate(pm);
    expect(await adapter.findOwnPrivate(pm, new Date(0))).toBe(true);
    const second = { ...pm, title: 'Your orders for turn 2', marker: 'g/confirm:2', conversation: kept };
    expect(await adapter.findOwnPrivate(second, new Date(0))).toBe(false);
    expect(await adapter.sendPrivate(second)).toBe(kept);
    expect(await adapter.findOwnPrivate(second, new Date(0))).toBe(true);
    expect(xf.messagesIn(Number(kept)).map((m) => m.user_id)).toEqual([1, 1]);
    // Alice answers in it: read as hers, and the account's own messages are not.
    xf.converse(2, '', 'Thanks! claim mid', Number(kept));
    const read = await adapter.readPrivateSince!(null);
    expect(read.messages.map((m) => [m.post.author.name, m.post.text])).toEqual([['Alice', 'Thanks! claim mid']]);
    // She leaves it: the conversation is closed to the account.
    xf.dropConversation(Number(kept));
    await expect(adapter.sendPrivate({ ...second, marker: 'g/confirm:3' })).rejects.toThrow(/could not be found/);
  });
});

describe("game.yaml's member login for XenForo", () => {
  const issues = (credentials: Record<string, string>) =>
    forumSchema.safeParse({ software: 'xenforo', url: 'https://forums.example.com', thread: 1, credentials }).error?.issues.map((i) => i.message) ?? [];

  it('takes a name and password, or a remembered cookie, and refuses mixtures', () => {
    expect(issues(LOGIN)).toEqual([]);
    expect(issues({ sessionCookie: 'XF_COOKIE' })).toEqual([]);
    expect(issues({ login: 'XF_LOGIN' })).toEqual([expect.stringMatching(/login and credentials.password go together/)]);
    expect(issues({ ...LOGIN, key: 'XF_KEY' })).toEqual([expect.stringMatching(/either a member's login .* or an API key, not both/)]);
    expect(issues({ ...LOGIN, sessionCookie: 'XF_COOKIE' })).toEqual([expect.stringMatching(/not both/)]);
    expect(issues({})).toEqual([expect.stringMatching(/needs an API key.*credentials.login and credentials.password/)]);
    expect(
      forumSchema.safeParse({ software: 'discourse', url: 'https://forums.example.com', thread: 1, credentials: LOGIN }).error?.issues.map((i) => i.message),
    ).toEqual([expect.stringMatching(/Discourse takes no member's login .*credentials.userApiKey/)]);
  });
});

// phpBB 3.3 as an ordinary member reaches it, logged in through the board's own pages: the topic's
// pages (viewtopic.php?t=<id>&start=<k>; viewtopic.php?p=<id>, the page holding a post), the reply
// and edit forms (posting.php?mode=reply&t=<id>, ?mode=edit&p=<id>) with the map as an attached
// file, a member's profile by name (memberlist.php?mode=viewprofile&un=<name>), and the private
// messages (phpbb-private.ts).
import {
  markerLine,
  type AccountStanding,
  type ForumAdapter,
  type OutgoingPost,
  type PublishedPost,
  type ThreadPage,
  type ThreadPost,
} from '../base/forum-adapter.ts';
import { ForumRequestError, orNull } from '../base/forum-errors.ts';
import type { ForumHttpOptions } from '../base/forum-http.ts';
import type { MemberLogin } from '../base/forum-software.ts';
import { withMarker } from './phpbb-markup.ts';
import { formOf, messageOf, topicAccess, topicPage, type PagePost, type TopicPage } from './phpbb-pages.ts';
import { phpbbPrivate } from './phpbb-private.ts';
import { memberNamed, PhpbbSession } from './phpbb-session.ts';

export interface PhpbbMemberSettings {
  /** The board's address, e.g. https://forum.example.com */
  baseUrl: string;
  topicId: number;
  login: MemberLogin;
  http?: Partial<ForumHttpOptions>;
}

/** The most pages one read takes: a long catch-up goes on in further reads (ThreadPage.more), each part stored first. */
const PAGES_PER_READ = 10;
/** How far back findOwnPost looks: our post is among the topic's newest. */
const PAGES_SEARCHED = 3;

/**
 * The account's session on each board, kept for the life of the process as a browser keeps its
 * cookies: the adapter is opened anew for each post and each read, and logging in for each would
 * be a login per message (which boards limit, then answer with a CAPTCHA).
 */
const sessions = new Map<string, PhpbbSession>();

function sessionFor(settings: PhpbbMemberSettings): PhpbbSession {
  const key = JSON.stringify([settings.baseUrl, settings.login, settings.http ?? {}]);
  let session = sessions.get(key);
  if (!session) sessions.set(key, (session = new PhpbbSession({ baseUrl: settings.baseUrl, login: settings.login, http: settings.http })));
  return session;
}

export function phpbbMember(settings: PhpbbMemberSettings): ForumAdapter {
  const session = sessionFor(settings);
  const base = settings.baseUrl.replace(/\/+$/, '');
  const topic = settings.topicId;
  const postUrl = (id: string) => `${base}/viewtopic.php?p=${id}#p${id}`;
  const page = async (n: number, perPage: number): Promise<TopicPage> =>
    topicPage((await session.page('viewtopic.php', { t: String(topic), start: String((n - 1) * perPage) })).html);
  // A new game's first read: the page of the topic's first post written since `since`, found by
  // going back from the last page, so a long topic's history is not read page by page.
  const firstPageSince = async (since: Date | undefined): Promise<TopicPage> => {
    const first = await page(1, 10);
    if (!since || first.lastPage === 1) return first;
    let got = await page(first.lastPage, first.perPage);
    while (got.page > 1 && (!got.posts.length || Date.parse(got.posts[0].postedAt) >= since.getTime()))
      got = got.page === 2 ? first : await page(got.page - 1, first.perPage);
    return got;
  };

  return {
    seesRemovals: true,

    // The reply is redirected to the page holding it (submit_post), where our post is found by its
    // marker; one held for approval ends with the board's message. The images are attached files,
    // which phpBB lists under the post; a board that will not take them gets the post without them.
    async publish(post: OutgoingPost): Promise<PublishedPost> {
      const message = withMarker(post.text, post.marker);
      const { html, filesLeftOut } = await session.submit(`posting.php?mode=reply&t=${topic}`, (form) => ({ ...form.fields, message }), post.images);
      const me = await session.loggedIn();
      const found = topicPage(html).posts.find((p) => p.author.id === me.id && p.text.includes(markerLine(post.marker)));
      const made: PublishedPost | null = found
        ? { id: found.id, url: postUrl(found.id) }
        : /approved by a moderator/i.test(messageOf(html) ?? '')
          ? { id: '', held: true }
          : null;
      if (!made) throw new ForumRequestError(`The board took the reply but did not show it: ${messageOf(html) ?? 'no message'}.`);
      return filesLeftOut ? { ...made, imagesLeftOut: filesLeftOut } : made;
    },

    async findOwnPost(marker: string): Promise<PublishedPost | null> {
      const me = await session.loggedIn();
      const line = markerLine(marker);
      const first = await page(1, 10);
      for (let n = first.lastPage; n >= Math.max(1, first.lastPage - PAGES_SEARCHED + 1); n--) {
        const got = n === 1 ? first : await page(n, first.perPage);
        const found = got.posts.find((p) => p.author.id === me.id && p.text.includes(line));
        if (found) return { id: found.id, url: postUrl(found.id) };
      }
      return null;
    },

    // The edit form holds the post's BBCode and its attachments, which stay; the text is replaced whole, so doing it twice does no harm.
    async editPost(id: string, post: Omit<OutgoingPost, 'images'>): Promise<void> {
      const message = withMarker(post.text, post.marker);
      await session.submit(`posting.php?mode=edit&p=${encodeURIComponent(id)}`, (form) => ({ ...form.fields, message }));
    },

    // The cursor is the last post id read, the page it was on as a hint, and the posts a page:
    // hidden posts move later ones onto earlier pages, so reading begins at the page holding the
    // first post after it, looked for from the hinted page back; a page past the end is the last.
    async readSince(cursor: string | null, since?: Date): Promise<ThreadPage> {
      const from = cursor ? (JSON.parse(cursor) as { page: number; last: number; per: number }) : { page: 1, last: 0, per: 10 };
      let got = cursor ? await page(from.page, from.per) : await firstPageSince(since);
      while (cursor && got.page > 1 && (!got.posts.length || Number(got.posts[0].id) > from.last)) got = await page(got.page - 1, got.perPage);
      const posts: ThreadPost[] = [];
      let last = from.last;
      for (let pages = 1; ; pages++) {
        // An account that moderates is also shown the posts held for approval or soft-deleted: they do not stand.
        for (const p of got.posts) if (Number(p.id) > from.last && p.standing) posts.push(threadPost(p));
        last = Math.max(last, ...got.posts.map((p) => Number(p.id)));
        const more = got.page < got.lastPage;
        if (!more || pages >= PAGES_PER_READ) return { posts, cursor: JSON.stringify({ page: got.page, last, per: got.perPage }), more };
        got = await page(got.page + 1, got.perPage);
      }
    },

    // One request a post: the watch that asks keeps them few (edit-watch.ts).
    async currentPosts(ids: readonly string[]): Promise<ThreadPost[]> {
      const posts: ThreadPost[] = [];
      for (const id of ids) {
        const served = await orNull(() => session.page('viewtopic.php', { p: id }));
        const got = served && topicPage(served.html);
        const post = got?.posts.find((p) => p.id === id);
        // A post moved to another topic, or hidden by a moderator, is no longer the game's.
        if (got && post && got.topicId === topic && post.standing) posts.push(threadPost(post));
      }
      return posts;
    },

    ...phpbbPrivate(session),

    whoIs: (name: string) => memberNamed(session, name),

    // From the pages the account is shown: the topic's reply button ("Locked" in a locked topic) and
    // quick-mod tools, and the reply form's attachment panel (posting.php shows it only with f_attach).
    async standing(): Promise<AccountStanding> {
      const me = await session.loggedIn();
      const access = topicAccess((await session.page('viewtopic.php', { t: String(topic) })).html);
      // posting.php lets a member with m_edit (a moderator) reply in a locked topic, and no one else.
      const canReply = access.locked === false || (access.locked === true && access.moderates);
      const form = canReply ? formOf((await session.page('posting.php', { mode: 'reply', t: String(topic) })).html) : null;
      const says = [
        access.moderates
          ? `${me.name} moderates the game's forum (the board shows it the quick-mod tools): unless the board's permissions say otherwise, the flood interval does not hold it back.`
          : `${me.name} is an ordinary member (the board shows it no moderator's tools): unless the board lets it ignore the flood interval (15 seconds as installed), it waits between posts and private messages, so confirmations go out at that pace.`,
      ];
      if (!canReply)
        says.push(
          `It may not reply in the game's topic${access.locked ? ', which is locked' : ''}, so no update can be posted: ask the board's moderators to let it${access.locked ? ' (or to unlock the topic)' : ''}, or choose another topic.`,
        );
      else if (access.locked) says.push("The game's topic is locked, but the account moderates it and may still reply.");
      if (canReply && !form?.attaches)
        says.push('It may not attach files in the topic: updates go out without their map, and you are told each time; ask the moderators to let it attach.');
      return { usable: canReply, says: says.join(' ') };
    },
  };
}

function threadPost(post: PagePost): ThreadPost {
  return { id: post.id, author: post.author, text: post.text, postedAt: post.postedAt };
}

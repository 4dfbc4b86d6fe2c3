// XenForo 2 through its REST API (XenForo's "REST API endpoints (2.2)" document): requests carry
// XF-Api-Key (and XF-Api-User for a super-user key) with form-encoded bodies; the map goes up as
// an attachment (attachments/new-key, then attachments) and the post names it with [ATTACH]; a
// post is edited with POST posts/{id}/ and its new `message`.
import {
  markerLine,
  type ForumAdapter,
  type ForumUser,
  type OutgoingPost,
  type PrivateMessage,
  type PrivatePage,
  type PublishedPost,
  type AccountStanding,
  type ReceivedPrivate,
  type ThreadPage,
  type ThreadPost,
} from '../base/forum-adapter.ts';
import { ForumAuthError, ForumNotFoundError, ForumRequestError } from '../base/forum-errors.ts';
import { ForumHttp, type ForumHttpOptions } from '../base/forum-http.ts';

export interface XenForoSettings {
  /** The forum's API root, e.g. https://forums.example.com/api */
  baseUrl: string;
  threadId: number;
  apiKey: string;
  /** For a super-user key: the user Adjutant posts as. */
  apiUser?: string;
  http?: Partial<ForumHttpOptions>;
}

interface XfUser {
  user_id: number;
  username: string;
  /** Shown to the user itself (GET me/). */
  is_staff?: boolean;
}

interface XfPost {
  post_id: number;
  thread_id: number;
  user_id: number;
  username: string;
  message: string;
  post_date: number;
  last_edit_date?: number;
  view_url?: string;
  /** visible, moderated or deleted. */
  message_state: string;
}

interface XfConversation {
  conversation_id: number;
  title: string;
  /** Who started it. */
  user_id: number;
  last_message_date: number;
}

interface XfConversationMessage {
  message_id: number;
  user_id: number;
  username: string;
  message: string;
  message_date: number;
}

interface Pagination {
  current_page: number;
  last_page: number;
}

interface XfPostsPage {
  posts: XfPost[];
  pagination: { current_page: number; last_page: number };
}

/** The most pages one read takes: a long catch-up goes on in further reads (ThreadPage.more), each part stored first. */
export const PAGES_PER_READ = 10;
/** How far back findOwnPost looks: our post is among the thread's newest. */
const PAGES_SEARCHED = 3;
/** How far back findOwnPrivate looks: our message is among the newest conversations (20 a page). */
const CONVERSATION_PAGES_SEARCHED = 2;

export function xenforoAdapter(settings: XenForoSettings): ForumAdapter {
  // XenForo reads XF-Api-User as a number (a name is 0, and every call runs as a guest).
  if (settings.apiUser !== undefined && !/^\d+$/.test(settings.apiUser))
    throw new ForumAuthError(
      `The XenForo user for the super-user key must be the account's numeric user id (its profile address ends in ".<id>/"), not "${settings.apiUser.slice(0, 40)}": XenForo would run every call as a guest.`,
    );
  const http = new ForumHttp({
    baseUrl: settings.baseUrl,
    headers: { 'XF-Api-Key': settings.apiKey, ...(settings.apiUser && { 'XF-Api-User': settings.apiUser }) },
    // Errors come as { errors: [{ code, message, params }] }.
    errorText: (body) => (body as { errors?: Array<{ message?: string }> } | null)?.errors?.map((e) => e.message).join(' ') || undefined,
    ...settings.http,
  });
  const thread = settings.threadId;
  let me: XfUser | undefined;

  const page = (n: number) => http.get<XfPostsPage>(`threads/${thread}/posts`, { page: String(n) });
  // A page past the end is refused (invalid_page, XenForo's assertValidApiPage): the thread shrank.
  const pageOrLast = async (n: number): Promise<XfPostsPage> => {
    if (n <= 1) return page(1);
    try {
      return await page(n);
    } catch (e) {
      if (!(e instanceof ForumRequestError)) throw e;
      const first = await page(1);
      return first.pagination.last_page > 1 ? page(first.pagination.last_page) : first;
    }
  };
  // A new game's first read: the page of the thread's first post written since `since`, found by
  // going back from the last page, so a long thread's history is not read page by page.
  const firstPageSince = async (since: Date | undefined): Promise<XfPostsPage> => {
    const first = await page(1);
    if (!since || first.pagination.last_page === 1) return first;
    let got = await page(first.pagination.last_page);
    while (got.pagination.current_page > 1 && (!got.posts.length || got.posts[0].post_date * 1000 >= since.getTime()))
      got = got.pagination.current_page === 2 ? first : await page(got.pagination.current_page - 1);
    return got;
  };
  const conversationSince = async (c: XfConversation, last: number, me: number): Promise<ReceivedPrivate[]> => {
    const out: ReceivedPrivate[] = [];
    for (let n = 1; ; n++) {
      const got = await http.get<{ messages: XfConversationMessage[]; pagination: Pagination }>(`conversations/${c.conversation_id}/messages`, {
        page: String(n),
      });
      for (const m of got.messages) {
        if (m.message_id > last && m.user_id !== me)
          out.push({
            title: c.title,
            post: {
              id: String(m.message_id),
              author: { id: String(m.user_id), name: m.username },
              text: m.message,
              postedAt: new Date(m.message_date * 1000).toISOString(),
            },
          });
      }
      if (n >= got.pagination.last_page) return out;
    }
  };
  const self = async () => (me ??= (await http.get<{ me: XfUser }>('me')).me);
  // A conversation's messages come oldest first, a page at a time: the newest are on its last page.
  // A conversation's messages written since `since`: its pages read back from the last until one
  // begins earlier, since messages sent after ours may have pushed it onto an earlier page.
  const messagesSince = async (conversation: string, since: Date): Promise<XfConversationMessage[]> => {
    const path = `conversations/${encodeURIComponent(conversation)}/messages`;
    const get = (n: number) => http.get<{ messages: XfConversationMessage[]; pagination: Pagination }>(path, { page: String(n) });
    const first = await get(1);
    const out: XfConversationMessage[] = [];
    for (let n = first.pagination.last_page; ; n--) {
      const got = n === 1 ? first : await get(n);
      out.push(...got.messages);
      if (n <= 1 || !got.messages.length || got.messages[0].message_date * 1000 < since.getTime()) return out;
    }
  };

  return {
    seesRemovals: true,
    async publish(post: OutgoingPost): Promise<PublishedPost> {
      const attachments: number[] = [];
      if (post.images.length) {
        const { key } = await http.post<{ key: string }>('attachments/new-key', new URLSearchParams({ type: 'post', 'context[thread_id]': String(thread) }));
        for (const image of post.images) {
          const form = new FormData();
          form.append('key', key);
          form.append('attachment', new Blob([new Uint8Array(image.data)], { type: 'image/png' }), image.filename);
          attachments.push((await http.post<{ attachment: { attachment_id: number } }>('attachments', form)).attachment.attachment_id);
        }
        return posted(await http.post('posts/', new URLSearchParams({ thread_id: String(thread), message: message(post, attachments), attachment_key: key })));
      }
      return posted(await http.post('posts/', new URLSearchParams({ thread_id: String(thread), message: message(post, attachments) })));
    },

    async findOwnPost(marker: string): Promise<PublishedPost | null> {
      const { user_id } = await self();
      const line = markerLine(marker);
      const last = (await page(1)).pagination.last_page;
      for (let n = last; n >= Math.max(1, last - PAGES_SEARCHED + 1); n--) {
        const found = (await page(n)).posts.find((p) => p.user_id === user_id && p.message.includes(line));
        if (found) return { id: String(found.post_id), ...(found.view_url && { url: found.view_url }) };
      }
      return null;
    },

    // The attachments stay with the post; the new message no longer shows them in its text.
    async editPost(id: string, post: Omit<OutgoingPost, 'images'>): Promise<void> {
      await http.post(`posts/${encodeURIComponent(id)}/`, new URLSearchParams({ message: message(post, []) }));
    },

    // The cursor is the last post id read, and the page it was on as a hint: hidden posts move the
    // later ones onto earlier pages, so reading begins at the page holding the first post after it,
    // looked for from the hinted page back; a hinted page past the end begins at the last page.
    async readSince(cursor: string | null, since?: Date): Promise<ThreadPage> {
      const from = cursor ? (JSON.parse(cursor) as { page: number; last: number }) : { page: 1, last: 0 };
      let got = cursor ? await pageOrLast(from.page) : await firstPageSince(since);
      // Posts hidden since the last read moved later ones to earlier pages: go back to the cursor's post.
      while (cursor && got.pagination.current_page > 1 && (!got.posts.length || got.posts[0].post_id > from.last))
        got = await page(got.pagination.current_page - 1);
      const posts: ThreadPost[] = [];
      let last = from.last;
      for (let pages = 1; ; pages++) {
        // A staff account is also shown the posts moderators hid or hold for approval: they do not stand.
        for (const p of got.posts) if (p.post_id > from.last && p.message_state === 'visible') posts.push(threadPost(p));
        last = Math.max(last, ...got.posts.map((p) => p.post_id));
        const more = got.pagination.current_page < got.pagination.last_page;
        if (!more || pages >= PAGES_PER_READ) return { posts, cursor: JSON.stringify({ page: got.pagination.current_page, last }), more };
        got = await page(got.pagination.current_page + 1);
      }
    },

    // One request a post (GET posts/{id}/): the watch that asks keeps them few (edit-watch.ts).
    async currentPosts(ids: readonly string[]): Promise<ThreadPost[]> {
      const posts: ThreadPost[] = [];
      for (const id of ids) {
        try {
          const { post } = await http.get<{ post: XfPost }>(`posts/${encodeURIComponent(id)}/`);
          // A post moved to another thread, or hidden by a moderator, is no longer the game's.
          if (post.thread_id === thread && post.message_state === 'visible') posts.push(threadPost(post));
        } catch (e) {
          if (!(e instanceof ForumNotFoundError)) throw e;
        }
      }
      return posts;
    },

    // Conversations come newest first (by their last message); those with nothing after the cursor are not opened.
    async readPrivateSince(cursor: string | null): Promise<PrivatePage> {
      const from = cursor ? (JSON.parse(cursor) as { last: number; at: number }) : { last: 0, at: 0 };
      const { user_id } = await self();
      const messages: ReceivedPrivate[] = [];
      for (let n = 1; ; n++) {
        const got = await http.get<{ conversations: XfConversation[]; pagination: Pagination }>('conversations/', { page: String(n) });
        const fresh = got.conversations.filter((c) => c.last_message_date >= from.at);
        for (const c of fresh) messages.push(...(await conversationSince(c, from.last, user_id)));
        if (fresh.length < got.conversations.length || n >= got.pagination.last_page) break;
      }
      messages.sort((a, b) => Number(a.post.id) - Number(b.post.id));
      const last = Math.max(from.last, ...messages.map((m) => Number(m.post.id)));
      const at = Math.max(from.at, ...messages.map((m) => Date.parse(m.post.postedAt) / 1000));
      return { messages, cursor: JSON.stringify({ last, at }) };
    },

    // Conversations come newest first; ours started with our message, which carries the marker.
    async findOwnPrivate(pm: PrivateMessage, since: Date): Promise<boolean> {
      const { user_id } = await self();
      const line = markerLine(pm.marker);
      if (pm.conversation) return (await messagesSince(pm.conversation, since)).some((m) => m.user_id === user_id && m.message.includes(line));
      for (let n = 1; n <= CONVERSATION_PAGES_SEARCHED; n++) {
        const got = await http.get<{ conversations: XfConversation[]; pagination: Pagination }>('conversations/', { page: String(n) });
        for (const c of got.conversations.filter((x) => x.user_id === user_id && x.title === pm.title)) {
          const first = (await http.get<{ messages: XfConversationMessage[] }>(`conversations/${c.conversation_id}/messages`, { page: '1' })).messages[0];
          if (first?.user_id === user_id && first.message.includes(line)) return true;
        }
        if (n >= got.pagination.last_page) break;
      }
      return false;
    },

    async sendPrivate(pm: PrivateMessage): Promise<string> {
      const text = `${pm.text}\n\n[SIZE=1]${markerLine(pm.marker)}[/SIZE]`;
      if (pm.conversation) {
        const reply = new URLSearchParams({ conversation_id: pm.conversation, message: `[B]${pm.title}[/B]\n\n${text}` });
        await http.post('conversation-messages/', reply);
        return pm.conversation;
      }
      const body = new URLSearchParams({ title: pm.title, message: text });
      for (const name of pm.to) {
        const user = await this.whoIs(name);
        if (!user) throw new ForumNotFoundError(`There is no forum member "${name}" to send "${pm.title}" to.`);
        body.append('recipient_ids[]', user.id);
      }
      const made = await http.post<{ conversation: { conversation_id: number } }>('conversations/', body);
      return String(made.conversation.conversation_id);
    },

    // The User data type's is_staff (and is_moderator, is_admin) as the API shows them to the user itself.
    async standing(): Promise<AccountStanding> {
      const me = await self();
      if (me.is_staff) return { usable: true, says: `${me.username} is staff: the board's flood check and limits do not slow it.` };
      return {
        usable: true,
        says: `${me.username} is an ordinary member: the board's flood check ("Flood check length") makes it wait between posts and messages, so confirmations go out at that pace; each player gets one conversation.`,
      };
    },

    async whoIs(name: string): Promise<ForumUser | null> {
      const { exact } = await http.get<{ exact: XfUser | null }>('users/find-name', { username: name });
      return exact ? { id: String(exact.user_id), name: exact.username } : null;
    },
  };
}

function message(post: Omit<OutgoingPost, 'images'>, attachments: readonly number[]): string {
  return [post.text, ...attachments.map((id) => `[ATTACH=full]${id}[/ATTACH]`), `[SIZE=1]${markerLine(post.marker)}[/SIZE]`].join('\n\n');
}

function posted(body: unknown): PublishedPost {
  const post = (body as { post?: { post_id?: number; view_url?: string } }).post;
  return { id: String(post?.post_id), ...(post?.view_url && { url: post.view_url }) };
}

function threadPost(p: XfPost): ThreadPost {
  return {
    id: String(p.post_id),
    author: { id: String(p.user_id), name: p.username },
    text: p.message,
    postedAt: new Date(p.post_date * 1000).toISOString(),
    ...(p.last_edit_date ? { editedAt: new Date(p.last_edit_date * 1000).toISOString() } : {}),
  };
}

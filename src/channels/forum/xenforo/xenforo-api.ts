// XenForo 2 through its REST API (XenForo's "REST API endpoints (2.2)" document): requests carry
// XF-Api-Key (and XF-Api-User for a super-user key) with form-encoded bodies; the map goes up as
// an attachment (attachments/new-key, then attachments) and the post names it with [ATTACH]; a
// post is edited with POST posts/{id}/ and its new `message`. Only a board's super administrators
// can make a key: an ordinary member reaches the board through its pages (xenforo-member.ts).
import type { ForumUser, OutgoingPost, PublishedPost } from '../base/forum-adapter.ts';
import { ForumAuthError, ForumNotFoundError, ForumRequestError, orNull } from '../base/forum-errors.ts';
import { ForumHttp, type ForumHttpOptions } from '../base/forum-http.ts';
import { postMessage, type BoardPost, type ConversationRow, type Paged, type XenForoAccess } from './xenforo-access.ts';

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
  /** visible, moderated or deleted. */
  message_state: string;
  view_url?: string;
}

interface XfConversation {
  conversation_id: number;
  title: string;
  /** Who started it. */
  user_id: number;
  username: string;
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

export function xenforoApi(settings: XenForoSettings): XenForoAccess {
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
  const account = async () => (me ??= (await http.get<{ me: XfUser }>('me')).me);
  const paged = <T, U>(items: T[], pagination: Pagination, as: (item: T) => U): Paged<U> => ({
    items: items.map(as),
    page: pagination.current_page,
    lastPage: pagination.last_page,
  });
  const page = async (n: number) => {
    const got = await http.get<{ posts: XfPost[]; pagination: Pagination }>(`threads/${thread}/posts`, { page: String(n) });
    return paged(got.posts, got.pagination, boardPost);
  };

  return {
    async me() {
      const { user_id, username } = await account();
      return { id: String(user_id), name: username };
    },

    async facts() {
      return { staff: (await account()).is_staff ?? null };
    },

    // A page past the end is refused (invalid_page, XenForo's assertValidApiPage): the thread shrank.
    async threadPage(n: number) {
      if (n <= 1) return page(1);
      try {
        return await page(n);
      } catch (e) {
        if (!(e instanceof ForumRequestError)) throw e;
        const first = await page(1);
        return first.lastPage > 1 ? page(first.lastPage) : first;
      }
    },

    async post(id: string) {
      const got = await orNull(() => http.get<{ post: XfPost }>(`posts/${encodeURIComponent(id)}/`));
      return got && { ...boardPost(got.post), thread: got.post.thread_id };
    },

    async conversations(n: number) {
      const got = await http.get<{ conversations: XfConversation[]; pagination: Pagination }>('conversations/', { page: String(n) });
      return paged(got.conversations, got.pagination, (c): ConversationRow => ({
        id: String(c.conversation_id),
        title: c.title,
        starter: { id: String(c.user_id), name: c.username },
        lastAt: c.last_message_date * 1000,
      }));
    },

    async conversationPage(id: string, n: number) {
      const path = `conversations/${encodeURIComponent(id)}/messages`;
      const got = await http.get<{ messages: XfConversationMessage[]; pagination: Pagination }>(path, { page: String(n) });
      return paged(got.messages, got.pagination, (m) => ({
        id: String(m.message_id),
        author: { id: String(m.user_id), name: m.username },
        text: m.message,
        postedAt: new Date(m.message_date * 1000).toISOString(),
        standing: true,
      }));
    },

    async reply(post: OutgoingPost): Promise<PublishedPost> {
      const attachments: number[] = [];
      const body = new URLSearchParams({ thread_id: String(thread) });
      if (post.images.length) {
        const { key } = await http.post<{ key: string }>('attachments/new-key', new URLSearchParams({ type: 'post', 'context[thread_id]': String(thread) }));
        for (const image of post.images) {
          const form = new FormData();
          form.append('key', key);
          form.append('attachment', new Blob([new Uint8Array(image.data)], { type: 'image/png' }), image.filename);
          attachments.push((await http.post<{ attachment: { attachment_id: number } }>('attachments', form)).attachment.attachment_id);
        }
        body.set('attachment_key', key);
      }
      body.set('message', postMessage(post, attachments));
      const made = (await http.post<{ post?: { post_id?: number; view_url?: string } }>('posts/', body)).post;
      return { id: String(made?.post_id), ...(made?.view_url && { url: made.view_url }) };
    },

    async edit(id: string, message: string) {
      await http.post(`posts/${encodeURIComponent(id)}/`, new URLSearchParams({ message }));
    },

    async startConversation(to: readonly string[], title: string, message: string) {
      const body = new URLSearchParams({ title, message });
      for (const name of to) {
        const user = await this.findMember(name);
        if (!user) throw new ForumNotFoundError(`There is no forum member "${name}" to send "${title}" to.`);
        body.append('recipient_ids[]', user.id);
      }
      const made = await http.post<{ conversation: { conversation_id: number } }>('conversations/', body);
      return String(made.conversation.conversation_id);
    },

    async replyInConversation(id: string, message: string) {
      await http.post('conversation-messages/', new URLSearchParams({ conversation_id: id, message }));
    },

    async findMember(name: string): Promise<ForumUser | null> {
      const { exact } = await http.get<{ exact: XfUser | null }>('users/find-name', { username: name });
      return exact ? { id: String(exact.user_id), name: exact.username } : null;
    },
  };
}

function boardPost(p: XfPost): BoardPost {
  return {
    id: String(p.post_id),
    author: { id: String(p.user_id), name: p.username },
    text: p.message,
    postedAt: new Date(p.post_date * 1000).toISOString(),
    ...(p.last_edit_date ? { editedAt: new Date(p.last_edit_date * 1000).toISOString() } : {}),
    standing: p.message_state === 'visible',
    ...(p.view_url && { url: p.view_url }),
  };
}

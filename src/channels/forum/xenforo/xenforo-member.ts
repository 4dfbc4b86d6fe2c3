// XenForo 2 as an ordinary member reaches it, with no API key: the board's own pages (the thread's
// page-N, a post's address, which redirects to the page that holds it; the conversations list and
// a conversation's pages; a member found by name at members/?username=) and its own forms with
// their token (XF\Pub\Controller\Thread::actionAddReply with the plain-text editor's `message`,
// Post::actionEdit, Conversation::actionAdd and actionAddReply), the map uploaded the way the
// editor uploads it (attachments/upload with a random hash the reply then names). Addresses are
// the board's friendly URLs ("threads/77/"), which every XenForo 2 board routes.
import { randomBytes } from 'node:crypto';
import type { ForumUser, OutgoingPost, PublishedPost } from '../base/forum-adapter.ts';
import { ForumAuthError, ForumNotFoundError, orNull } from '../base/forum-errors.ts';
import type { ForumHttpOptions } from '../base/forum-http.ts';
import type { MemberLogin } from '../base/forum-software.ts';
import { postMessage, type XenForoAccess } from './xenforo-access.ts';
import { conversationList, conversationPage, idInPath, memberOf, showsStaff, threadAccess, threadPage } from './xenforo-pages.ts';
import { XenForoSession } from './xenforo-session.ts';

export interface XenForoMemberSettings {
  /** The board's address, e.g. https://forums.example.com */
  baseUrl: string;
  threadId: number;
  login: MemberLogin;
  http?: Partial<ForumHttpOptions>;
}

/**
 * The account's session on each board, kept for the life of the process as a browser keeps its
 * cookies: the adapter is opened anew for each post and each read, and logging in for each would
 * be a login per message (which boards throttle).
 */
const sessions = new Map<string, XenForoSession>();

function sessionFor(settings: XenForoMemberSettings): XenForoSession {
  const key = JSON.stringify([settings.baseUrl, settings.login, settings.http ?? {}]);
  let session = sessions.get(key);
  if (!session) sessions.set(key, (session = new XenForoSession({ baseUrl: settings.baseUrl, login: settings.login, http: settings.http })));
  return session;
}

export function xenforoMember(settings: XenForoMemberSettings): XenForoAccess {
  const session = sessionFor(settings);
  const base = settings.baseUrl.replace(/\/+$/, '');
  const thread = settings.threadId;
  const paged = (path: string, n: number) => (n <= 1 ? path : `${path}page-${n}`);

  /**
   * The post's images, uploaded as the editor does under the reply's hash. A board that does not let
   * the account attach files refuses the first (XF\Pub\Controller\Attachment::actionUpload: no
   * permission), and the post goes out without them rather than not at all.
   */
  const upload = async (post: OutgoingPost, hash: string): Promise<{ attachments: number[]; refused?: string }> => {
    const attachments: number[] = [];
    for (const image of post.images) {
      const form = new FormData();
      form.append('upload', new Blob([new Uint8Array(image.data)], { type: 'image/png' }), image.filename);
      const where = new URLSearchParams({ type: 'post', 'context[thread_id]': String(thread), hash });
      try {
        const got = await session.form<{ attachment: { attachment_id: number } }>(`attachments/upload?${where}`, form);
        attachments.push(got.attachment.attachment_id);
      } catch (e) {
        if (!(e instanceof ForumAuthError)) throw e;
        return { attachments, refused: e.message };
      }
    }
    return { attachments };
  };

  return {
    async me() {
      const account = await session.loggedIn();
      return { id: account.userId, name: account.name };
    },

    async facts() {
      const account = await session.loggedIn();
      const profile = await session.page(`members/${encodeURIComponent(account.userId)}/`);
      return { staff: showsStaff(profile.html), thread: threadAccess((await session.page(`threads/${thread}/`)).html) };
    },

    // A page past the last is redirected to the last by the board.
    async threadPage(n: number) {
      const got = threadPage((await session.page(paged(`threads/${thread}/`, n))).html);
      return { ...got, items: got.items.map((p) => ({ ...p, url: `${base}/posts/${p.id}/` })) };
    },

    async post(id: string) {
      const served = await orNull(() => session.page(`posts/${encodeURIComponent(id)}/`));
      const found = served && threadPage(served.html).items.find((p) => p.id === id);
      const at = served && /\/threads\/(?:[^/]*\.)?(\d+)\//.exec(new URL(served.url).pathname)?.[1];
      return found && at ? { ...found, thread: Number(at) } : null;
    },

    async conversations(n: number) {
      return conversationList((await session.page(paged('conversations/', n))).html);
    },

    async conversationPage(id: string, n: number) {
      return conversationPage((await session.page(paged(`conversations/${encodeURIComponent(id)}/`, n))).html);
    },

    async reply(post: OutgoingPost): Promise<PublishedPost> {
      const hash = randomBytes(16).toString('hex');
      const { attachments, refused } = await upload(post, hash);
      const answer = await session.form(`threads/${thread}/add-reply`, {
        message: postMessage(post, attachments),
        attachment_hash: hash,
        attachment_hash_combined: JSON.stringify({ type: 'post', context: { thread_id: thread }, hash }),
      });
      // A reply that waits for a moderator is redirected to the thread, not to a post of its own.
      const id = /\/posts\/(\d+)\/?$/.exec(new URL(answer.redirect ?? base, base).pathname)?.[1];
      const made: PublishedPost = id ? { id, url: `${base}/posts/${id}/` } : { id: '', held: true };
      return refused ? { ...made, imagesLeftOut: refused } : made;
    },

    async edit(id: string, message: string) {
      await session.form(`posts/${encodeURIComponent(id)}/edit`, { message });
    },

    async startConversation(to: readonly string[], title: string, message: string) {
      const answer = await session.form('conversations/add', { recipients: to.join(', '), title, message });
      const id = idInPath(answer.redirect);
      if (!id) throw new ForumNotFoundError(`The board started the conversation "${title}" but did not say where (${answer.redirect ?? 'no address'}).`);
      return id;
    },

    async replyInConversation(id: string, message: string) {
      await session.form(`conversations/${encodeURIComponent(id)}/add-reply`, { message });
    },

    // The members list's "find a member" form redirects to the member's profile; no such member stays on the list.
    async findMember(name: string): Promise<ForumUser | null> {
      const served = await orNull(() => session.page('members/', { username: name }));
      return served && memberOf(served.html);
    },
  };
}

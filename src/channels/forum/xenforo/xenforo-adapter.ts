// The forum channel on a XenForo 2 board, however Adjutant reaches it (xenforo-access.ts): the
// thread read by post id across its pages, our own posts and private messages found again by
// their markers after a crash, and one conversation kept with each member.
import {
  markerLine,
  type AccountStanding,
  type ForumAdapter,
  type OutgoingPost,
  type PrivateMessage,
  type PrivatePage,
  type PublishedPost,
  type ReceivedPrivate,
  type ThreadPage,
  type ThreadPost,
} from '../base/forum-adapter.ts';
import { postMessage, type BoardPost, type Paged, type XenForoAccess } from './xenforo-access.ts';
import { xenforoApi, type XenForoSettings } from './xenforo-api.ts';

/** The most pages one read takes: a long catch-up goes on in further reads (ThreadPage.more), each part stored first. */
export const PAGES_PER_READ = 10;
/** How far back findOwnPost looks: our post is among the thread's newest. */
const PAGES_SEARCHED = 3;
/** How far back findOwnPrivate looks: our message is among the newest conversations (20 a page). */
const CONVERSATION_PAGES_SEARCHED = 2;

/** The channel through XenForo's REST API with a key. */
export function xenforoAdapter(settings: XenForoSettings): ForumAdapter {
  return xenforoAdapterOver(xenforoApi(settings), settings.threadId);
}

export function xenforoAdapterOver(board: XenForoAccess, thread: number): ForumAdapter {
  // A new game's first read: the page of the thread's first post written since `since`, found by
  // going back from the last page, so a long thread's history is not read page by page.
  const firstPageSince = async (since: Date | undefined): Promise<Paged<BoardPost>> => {
    const first = await board.threadPage(1);
    if (!since || first.lastPage === 1) return first;
    let got = await board.threadPage(first.lastPage);
    while (got.page > 1 && (!got.items.length || Date.parse(got.items[0].postedAt) >= since.getTime()))
      got = got.page === 2 ? first : await board.threadPage(got.page - 1);
    return got;
  };
  const conversationSince = async (id: string, title: string, last: number, me: string): Promise<ReceivedPrivate[]> => {
    const out: ReceivedPrivate[] = [];
    for (let n = 1; ; n++) {
      const got = await board.conversationPage(id, n);
      for (const m of got.items) if (Number(m.id) > last && m.author.id !== me) out.push({ title, post: threadPost(m) });
      if (n >= got.lastPage) return out;
    }
  };
  // A conversation's messages written since `since`: its pages read back from the last until one
  // begins earlier, since messages sent after ours may have pushed it onto an earlier page.
  const messagesSince = async (id: string, since: Date): Promise<BoardPost[]> => {
    const first = await board.conversationPage(id, 1);
    const out: BoardPost[] = [];
    for (let n = first.lastPage; ; n--) {
      const got = n === 1 ? first : await board.conversationPage(id, n);
      out.push(...got.items);
      if (n <= 1 || !got.items.length || Date.parse(got.items[0].postedAt) < since.getTime()) return out;
    }
  };

  return {
    seesRemovals: true,
    publish: (post: OutgoingPost) => board.reply(post),

    async findOwnPost(marker: string): Promise<PublishedPost | null> {
      const me = await board.me();
      const line = markerLine(marker);
      const last = (await board.threadPage(1)).lastPage;
      for (let n = last; n >= Math.max(1, last - PAGES_SEARCHED + 1); n--) {
        const found = (await board.threadPage(n)).items.find((p) => p.author.id === me.id && p.text.includes(line));
        if (found) return { id: found.id, ...(found.url && { url: found.url }) };
      }
      return null;
    },

    // The attachments stay with the post; the new message no longer shows them in its text.
    async editPost(id: string, post: Omit<OutgoingPost, 'images'>): Promise<void> {
      await board.edit(id, postMessage(post, []));
    },

    // The cursor is the last post id read, and the page it was on as a hint: hidden posts move the
    // later ones onto earlier pages, so reading begins at the page holding the first post after it,
    // looked for from the hinted page back; a hinted page past the end begins at the last page.
    async readSince(cursor: string | null, since?: Date): Promise<ThreadPage> {
      const from = cursor ? (JSON.parse(cursor) as { page: number; last: number }) : { page: 1, last: 0 };
      let got = cursor ? await board.threadPage(from.page) : await firstPageSince(since);
      // Posts hidden since the last read moved later ones to earlier pages: go back to the cursor's post.
      while (cursor && got.page > 1 && (!got.items.length || Number(got.items[0].id) > from.last)) got = await board.threadPage(got.page - 1);
      const posts: ThreadPost[] = [];
      let last = from.last;
      for (let pages = 1; ; pages++) {
        // A staff account is also shown the posts moderators hid or hold for approval: they do not stand.
        for (const p of got.items) if (Number(p.id) > from.last && p.standing) posts.push(threadPost(p));
        last = Math.max(last, ...got.items.map((p) => Number(p.id)));
        const more = got.page < got.lastPage;
        if (!more || pages >= PAGES_PER_READ) return { posts, cursor: JSON.stringify({ page: got.page, last }), more };
        got = await board.threadPage(got.page + 1);
      }
    },

    // One request a post: the watch that asks keeps them few (edit-watch.ts).
    async currentPosts(ids: readonly string[]): Promise<ThreadPost[]> {
      const posts: ThreadPost[] = [];
      for (const id of ids) {
        const post = await board.post(id);
        // A post moved to another thread, or hidden by a moderator, is no longer the game's.
        if (post && post.thread === thread && post.standing) posts.push(threadPost(post));
      }
      return posts;
    },

    // Conversations come newest first (by their last message); those with nothing after the cursor are not opened.
    async readPrivateSince(cursor: string | null): Promise<PrivatePage> {
      const from = cursor ? (JSON.parse(cursor) as { last: number; at: number }) : { last: 0, at: 0 };
      const me = await board.me();
      const messages: ReceivedPrivate[] = [];
      for (let n = 1; ; n++) {
        const got = await board.conversations(n);
        const fresh = got.items.filter((c) => c.lastAt / 1000 >= from.at);
        for (const c of fresh) messages.push(...(await conversationSince(c.id, c.title, from.last, me.id)));
        if (fresh.length < got.items.length || n >= got.lastPage) break;
      }
      messages.sort((a, b) => Number(a.post.id) - Number(b.post.id));
      const last = Math.max(from.last, ...messages.map((m) => Number(m.post.id)));
      const at = Math.max(from.at, ...messages.map((m) => Date.parse(m.post.postedAt) / 1000));
      return { messages, cursor: JSON.stringify({ last, at }) };
    },

    // Conversations come newest first; ours started with our message, which carries the marker.
    async findOwnPrivate(pm: PrivateMessage, since: Date): Promise<boolean> {
      const me = await board.me();
      const line = markerLine(pm.marker);
      const ours = (m: BoardPost | undefined) => m?.author.id === me.id && m.text.includes(line);
      if (pm.conversation) return (await messagesSince(pm.conversation, since)).some(ours);
      for (let n = 1; n <= CONVERSATION_PAGES_SEARCHED; n++) {
        const got = await board.conversations(n);
        for (const c of got.items.filter((x) => x.starter.id === me.id && x.title === pm.title))
          if (ours((await board.conversationPage(c.id, 1)).items[0])) return true;
        if (n >= got.lastPage) break;
      }
      return false;
    },

    async sendPrivate(pm: PrivateMessage): Promise<string> {
      const text = `${pm.text}\n\n[SIZE=1]${markerLine(pm.marker)}[/SIZE]`;
      if (!pm.conversation) return board.startConversation(pm.to, pm.title, text);
      await board.replyInConversation(pm.conversation, `[B]${pm.title}[/B]\n\n${text}`);
      return pm.conversation;
    },

    // The API shows is_staff to the user itself; a member's pages show the staff banner and what the thread lets it do.
    async standing(): Promise<AccountStanding> {
      const [me, facts] = await Promise.all([board.me(), board.facts()]);
      const who =
        facts.staff === true
          ? `${me.name} is staff: the board's flood check and limits do not slow it.`
          : `${me.name} is ${facts.staff === false ? 'an ordinary member' : 'a member (staff or not, the board does not say)'}: the board's flood check ("Flood check length") makes an ordinary member wait between posts and messages, so confirmations go out at that pace; each player gets one conversation.`;
      const thread = facts.thread;
      if (!thread) return { usable: true, says: who };
      const says = [who];
      if (!thread.canReply)
        says.push(
          `It may not reply in the game's thread${thread.open ? '' : ', which is locked'}, so no update can be posted: ask the board's moderators to let it${thread.open ? '' : ' (or to open the thread)'}, or choose another thread.`,
        );
      else if (!thread.open) says.push("The game's thread is locked, but the account may still reply in it.");
      if (thread.canReply && !thread.canAttach)
        says.push('It may not attach files in the thread: updates go out without their map, and you are told each time; ask the moderators to let it attach.');
      return { usable: thread.canReply, says: says.join(' ') };
    },

    whoIs: (name: string) => board.findMember(name),
  };
}

/** The post as the channel reads it, without what only the board's pages say of it. */
function threadPost(post: BoardPost): ThreadPost {
  return { id: post.id, author: post.author, text: post.text, postedAt: post.postedAt, ...(post.editedAt && { editedAt: post.editedAt }) };
}

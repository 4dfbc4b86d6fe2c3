// The state of the local XenForo 2 board that both of its faces serve, the REST API
// (xenforo-server.ts) and the member's HTML pages and forms (xenforo-pages.ts): its members, the
// game's thread and its posts (XenForo's Post entity: post_id, thread_id, user_id, username,
// message, post_date, last_edit_date, message_state "visible" | "moderated" | "deleted",
// attach_count), the attachments uploaded for posts, and the conversations the game's account
// (user 1) is in with their messages (XenForo's ConversationMaster and ConversationMessage). A post
// or a message made through either face is the same record here.
//
// An edit sets last_edit_date only as the board's "Show 'last edited' message" option
// (editLogDisplay: enabled, with a delay in minutes) says: XenForo's post editor
// (XF\Service\Post\Editor) dates an edit only when the option is on and the post is older than the
// delay, so a quick edit, or every edit on a board with the option off, leaves last_edit_date as it
// was. A moderator's soft delete sets message_state "deleted" (XF\Entity\Post::softDelete).

export interface XfPost {
  post_id: number;
  thread_id: number;
  user_id: number;
  username: string;
  message: string;
  post_date: number;
  last_edit_date: number;
  message_state: 'visible' | 'moderated' | 'deleted';
  attach_count: number;
  view_url: string;
}

export interface XfUser {
  user_id: number;
  username: string;
}

export interface XfAttachment {
  /** The API's attachment key, or the editor's hash for one uploaded through the pages. */
  key: string;
  filename: string;
  data: Buffer;
}

export interface XfMessage {
  message_id: number;
  conversation_id: number;
  user_id: number;
  username: string;
  message: string;
  message_date: number;
}

export interface XfConversation {
  conversation_id: number;
  title: string;
  user_id: number;
  username: string;
  start_date: number;
  last_message_date: number;
  messages: XfMessage[];
}

export type XfBoard = ReturnType<typeof createBoard>;

/** XenForo's messagesPerPage option as installed: 20 posts (and conversation messages) a page. */
export const PER_PAGE = 20;

export function createBoard(threadId: number, users: XfUser[]) {
  const posts: XfPost[] = [];
  const attachments = new Map<number, XfAttachment>();
  // The conversations the game's account started (the API's POST conversations/, the pages' conversations/add).
  const conversations: Array<{ conversation_id: number; recipient_ids: string[]; title: string; message: string }> = [];
  // Conversations the game's account is in, and who else is in each.
  const inbox: XfConversation[] = [];
  const recipients = new Map<number, number[]>();
  const counters = { post: 1000, attachment: 500, message: 3000, conversation: 700, clock: 1_800_000_000 };
  const me = users[0];
  const limits = { messageMaxLength: 25_000 };
  const editLogDisplay = { enabled: true, delayMinutes: 0 };
  const moderator = { on: false };
  const thread = { id: threadId, title: 'Game thread', exists: true };
  const userById = (id: number) => users.find((u) => u.user_id === id);

  const say = (userId: number, message: string): XfPost => {
    const user = userById(userId)!;
    const id = counters.post++;
    const post = {
      post_id: id,
      thread_id: threadId,
      user_id: userId,
      username: user.username,
      message,
      post_date: 1_800_000_000 + counters.post,
      last_edit_date: 0,
      message_state: 'visible' as const,
      attach_count: 0,
      view_url: `https://forum.test/posts/${id}/`,
    };
    posts.push(post);
    return post;
  };
  const edit = (post: XfPost, message: string, at?: number) => {
    const time = at ?? Math.max(post.post_date, post.last_edit_date) + 60;
    const dated = editLogDisplay.enabled && post.post_date + editLogDisplay.delayMinutes * 60 <= time;
    Object.assign(post, { message, ...(dated && { last_edit_date: time }) });
  };
  const converse = (userId: number, title: string, message: string, conversationId?: number): number => {
    const user = userById(userId)!;
    let c = inbox.find((x) => x.conversation_id === conversationId);
    if (!c) {
      c = {
        conversation_id: counters.conversation++,
        title,
        user_id: userId,
        username: user.username,
        start_date: counters.clock + 1,
        last_message_date: 0,
        messages: [],
      };
      inbox.push(c);
      recipients.set(c.conversation_id, [...new Set([userId, me.user_id])]);
    }
    c.last_message_date = ++counters.clock;
    c.messages.push({
      message_id: counters.message++,
      conversation_id: c.conversation_id,
      user_id: userId,
      username: user.username,
      message,
      message_date: counters.clock,
    });
    return c.conversation_id;
  };
  const dropConversation = (id: number) => {
    const at = inbox.findIndex((c) => c.conversation_id === id);
    if (at >= 0) inbox.splice(at, 1);
  };
  const hide = (post: XfPost) => void (post.message_state = 'deleted');
  /** The thread's posts as the game's account is shown them: a moderator sees hidden and unapproved posts too. */
  const shownPosts = (id = threadId) =>
    posts.filter((p) => p.thread_id === id && (p.thread_id !== threadId || thread.exists) && (p.message_state === 'visible' || moderator.on));
  const addAttachment = (key: string, filename: string, data: Buffer) => {
    const id = counters.attachment++;
    attachments.set(id, { key, filename, data });
    return id;
  };

  return {
    threadId,
    thread,
    users,
    me,
    userById,
    posts,
    attachments,
    conversations,
    inbox,
    recipients,
    limits,
    editLogDisplay,
    moderator,
    say,
    edit,
    converse,
    dropConversation,
    hide,
    shownPosts,
    addAttachment,
  };
}

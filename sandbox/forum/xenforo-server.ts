// XenForo 2's REST API as its "REST API endpoints (2.2)" document describes it, for the calls
// Adjutant makes: keys in XF-Api-Key (XF-Api-User for super-user keys), form-encoded or multipart
// bodies, errors as { errors: [{ code, message, params }] }, thread posts paged with
// { pagination: { current_page, last_page, per_page, shown, total }, posts, thread }; the API
// user's conversations, those it started (POST conversations/) and those others started with it
// (GET conversations/, newest last message first, each with its starter's user_id, username and
// start_date, as the Conversation data type has them) and their messages (GET
// conversations/{id}/messages), paged the same way; one post with GET posts/{id}/ ({ post: Post },
// the Post data type's post_id, thread_id, message, message_state, last_edit_date, ...; XenForo's
// own API controller answers 404 requested_post_not_found for a post it does not show); a reply in a
// conversation with POST conversation-messages/ (conversation_id, message: { success, message }),
// 404 requested_conversation_not_found for one the API user cannot open. A post a
// moderator hides is no longer listed to the API user, and the thread's pages are counted without
// it; a page past the last answers 400 invalid_page (the API controllers' assertValidApiPage). An
// API user who moderates the forum is still shown the posts moderators hid or hold for approval,
// with their message_state ("deleted", "moderated"), as XenForo's Thread finder shows them to
// anyone with the canViewDeletedPosts and canViewModeratedContent permissions. A
// message longer than the board's "Maximum message length" option (messageMaxLength, 25,000 as
// installed) is refused by XenForo's message preparer with the phrase
// please_enter_message_with_no_more_than_x_characters. POST posts/{id}/ edits a post (its new
// `message`), answering { success, post }; a member may edit only their own posts (403
// no_permission for another's). An edit sets last_edit_date only as the board's "Show 'last edited'
// message" option (editLogDisplay: enabled, with a delay in minutes) says: XenForo's post editor
// dates an edit only when the option is on and the post is older than the delay, so a quick edit,
// or every edit on a board with the option off, leaves last_edit_date as it was.
//
// The board's state is xenforo-board.ts; the same server serves the member's HTML pages and forms
// (xenforo-pages.ts) at the board's root, and the API key is asked for only under /api.
import { createBoard, PER_PAGE, type XfPost, type XfUser } from './xenforo-board.ts';
import { startContractServer, type ContractRequest, type ContractServer, type Reply } from './contract-server.ts';
import { memberPages } from './xenforo-pages.ts';

export type { XfPost } from './xenforo-board.ts';

export interface XenForoForum {
  server: ContractServer;
  apiUrl: string;
  /** The board's root (friendly URLs), where its pages are: the server's url. */
  baseUrl: string;
  key: string;
  /** The game's account's password (user 1; its login name is its username, in any case). */
  password: string;
  /** An xf_user "Stay logged in" cookie value for the game's account, as a GM would copy it from a browser. */
  rememberCookie(): string;
  /** The board ends every session and forgets every "Stay logged in" key given so far. */
  expireSessions(): void;
  /** The login form asks for a CAPTCHA (XenForo's login limit). */
  captcha: { on: boolean };
  /** The game's account logs in with two-step verification. */
  twoStep: { on: boolean };
  /** A member's replies wait for a moderator's approval (message_state "moderated"). */
  holdReplies: { on: boolean };
  /** The flood check (xenforo-flood.ts): `every`, the board's flood check length; `secondsLeft`, a hold on the next action that counts down. */
  flood: { every: number; secondsLeft: number };
  /** The thread is locked: replies are refused, but to staff (the moderator switch). */
  locked: { on: boolean };
  /** The board lets the game's account attach files (on as installed); off, its uploads through the pages are refused. */
  attaching: { on: boolean };
  posts: XfPost[];
  attachments: Map<number, { key: string; filename: string; data: Buffer }>;
  /** The conversations the API user started (POST conversations/, or the pages' conversations/add), with their first message. */
  conversations: Array<{ conversation_id: number; recipient_ids: string[]; title: string; message: string }>;
  /** A post by a member, as if written on the forum. */
  say(userId: number, message: string): XfPost;
  /** The member edits the post: a new message, made a minute after the post or its last edit unless `at` says when, dated as editLogDisplay says. */
  edit(post: XfPost, message: string, at?: number): void;
  /** The conversations the API user is in. */
  conversationIds(): number[];
  /** Messages in a conversation, oldest first. */
  messagesIn(conversationId: number): Array<{ user_id: number; message: string; message_date: number }>;
  /** The conversation is deleted for the API user (it left, or a moderator removed it): it can no longer open or write in it. */
  dropConversation(conversationId: number): void;
  /** A member starts a conversation with the API user (the game's account), or writes in one; returns the conversation id. */
  converse(userId: number, title: string, message: string, conversationId?: number): number;
  deleteThread(): void;
  /** A moderator hides the post (soft delete): it leaves the thread's pages. */
  hide(post: XfPost): void;
  revokeKey(): void;
  /** Whether the API user moderates the forum (and so is shown hidden and unapproved posts too). */
  moderator: { on: boolean };
  /** The board's "Maximum message length", which a test may lower. */
  limits: { messageMaxLength: number };
  /** The board's "Show 'last edited' message" option: on with no delay as installed. */
  editLogDisplay: { enabled: boolean; delayMinutes: number };
}

const error = (status: number, code: string, message: string): Reply => ({ status, body: { errors: [{ code, message, params: [] }] } });

export async function startXenForo(
  threadId = 77,
  users: XfUser[] = [
    { user_id: 1, username: 'Adjutant' },
    { user_id: 2, username: 'Alice' },
    { user_id: 3, username: 'Bob' },
  ],
  port = 0,
): Promise<XenForoForum> {
  let key = 'xf-key-1';
  const board = createBoard(threadId, users);
  const member = memberPages(board);
  const keys = new Set<string>();
  const me = board.me;
  const field = (req: ContractRequest, name: string) => req.form?.get(name);
  const tooLong = (message: string) =>
    message.length > board.limits.messageMaxLength
      ? error(
          400,
          'please_enter_message_with_no_more_than_x_characters',
          `Please enter a message with no more than ${board.limits.messageMaxLength} characters.`,
        )
      : null;
  const paged = <T>(req: ContractRequest, all: T[]) => {
    const last = Math.max(1, Math.ceil(all.length / PER_PAGE));
    const page = Math.min(Math.max(1, Number(req.query.get('page') ?? 1)), last);
    const shown = all.slice((page - 1) * PER_PAGE, page * PER_PAGE);
    return { shown, pagination: { current_page: page, last_page: last, per_page: PER_PAGE, shown: shown.length, total: all.length } };
  };
  const thread = (id: string) =>
    board.thread.exists && Number(id) === threadId ? null : error(404, 'requested_thread_not_found', 'Requested thread not found.');

  const server = await startContractServer(
    [
      // The User data type's is_staff, shown to the user itself: a moderator is staff.
      ['GET', /^\/api\/me\/?$/, () => ({ status: 200, body: { me: { ...me, is_staff: board.moderator.on } } })],
      [
        'GET',
        /^\/api\/threads\/(\d+)\/posts\/?$/,
        (req, [id]) => {
          const missing = thread(id);
          if (missing) return missing;
          // Hidden posts are not listed, and the later ones move up: pages are counted anew.
          const visible = board.posts.filter((p) => p.message_state === 'visible' || board.moderator.on);
          const last = Math.max(1, Math.ceil(visible.length / PER_PAGE));
          const page = Math.max(1, Number(req.query.get('page') ?? 1));
          if (page > last) return error(400, 'invalid_page', 'The requested page is invalid.');
          const shown = visible.slice((page - 1) * PER_PAGE, page * PER_PAGE);
          return {
            status: 200,
            body: {
              thread: { thread_id: threadId },
              posts: shown,
              pagination: { current_page: page, last_page: last, per_page: PER_PAGE, shown: shown.length, total: visible.length },
            },
          };
        },
      ],
      [
        'GET',
        /^\/api\/posts\/(\d+)\/?$/,
        (_req, [id]) => {
          const post = board.posts.find((p) => p.post_id === Number(id));
          // A post moved out of the game's thread is still shown; the game thread's posts go with it.
          return post && (post.thread_id !== threadId || board.thread.exists)
            ? { status: 200, body: { post } }
            : error(404, 'requested_post_not_found', 'Requested post not found.');
        },
      ],
      [
        'POST',
        /^\/api\/attachments\/new-key\/?$/,
        (req) => {
          if (field(req, 'type') !== 'post' || thread(String(field(req, 'context[thread_id]'))))
            return error(400, 'invalid_attachment_context', 'The attachment context is not valid.');
          const made = `key-${keys.size + 1}`;
          keys.add(made);
          return { status: 200, body: { key: made } };
        },
      ],
      [
        'POST',
        /^\/api\/attachments\/?$/,
        async (req) => {
          const file = field(req, 'attachment');
          const given = String(field(req, 'key'));
          if (!keys.has(given) || !(file instanceof File)) return error(400, 'attachment_key_or_file_missing', 'An attachment key and a file are required.');
          const id = board.addAttachment(given, file.name, Buffer.from(await file.arrayBuffer()));
          return { status: 200, body: { attachment: { attachment_id: id, filename: file.name, file_size: file.size } } };
        },
      ],
      [
        'POST',
        /^\/api\/posts\/?$/,
        (req) => {
          const missing = thread(String(field(req, 'thread_id')));
          if (missing) return missing;
          const message = String(field(req, 'message') ?? '');
          const refused = tooLong(message);
          if (refused) return refused;
          const post = board.say(me.user_id, message);
          const attachmentKey = field(req, 'attachment_key');
          if (attachmentKey) post.attach_count = [...board.attachments.values()].filter((a) => a.key === attachmentKey).length;
          return { status: 200, body: { success: true, post } };
        },
      ],
      [
        'POST',
        /^\/api\/posts\/(\d+)\/?$/,
        (req, [id]) => {
          const post = board.posts.find((p) => p.post_id === Number(id) && p.message_state !== 'deleted');
          if (!post || !board.thread.exists) return error(404, 'requested_post_not_found', 'Requested post not found.');
          if (post.user_id !== me.user_id) return error(403, 'no_permission', 'You do not have permission to view this page or perform this action.');
          const message = String(field(req, 'message') ?? '');
          const refused = tooLong(message);
          if (refused) return refused;
          board.edit(post, message);
          return { status: 200, body: { success: true, post } };
        },
      ],
      [
        'POST',
        /^\/api\/conversations\/?$/,
        (req) => {
          const recipient_ids = (req.form?.getAll('recipient_ids[]') ?? []).map(String);
          if (!recipient_ids.length) return error(400, 'please_enter_at_least_one_valid_recipient', 'Please enter at least one valid recipient.');
          const conversation_id = board.converse(me.user_id, String(field(req, 'title')), String(field(req, 'message')));
          board.conversations.push({ conversation_id, recipient_ids, title: String(field(req, 'title')), message: String(field(req, 'message')) });
          return { status: 200, body: { success: true, conversation: { conversation_id } } };
        },
      ],
      [
        'POST',
        /^\/api\/conversation-messages\/?$/,
        (req) => {
          const id = Number(field(req, 'conversation_id'));
          if (!board.inbox.some((c) => c.conversation_id === id)) return error(404, 'requested_conversation_not_found', 'Requested conversation not found.');
          board.converse(me.user_id, '', String(field(req, 'message')), id);
          const c = board.inbox.find((x) => x.conversation_id === id)!;
          return { status: 200, body: { success: true, message: c.messages.at(-1) } };
        },
      ],
      [
        'GET',
        /^\/api\/conversations\/?$/,
        (req) => {
          const { shown, pagination } = paged(
            req,
            [...board.inbox].sort((a, b) => b.last_message_date - a.last_message_date),
          );
          return { status: 200, body: { conversations: shown.map(({ messages: _m, ...c }) => c), pagination } };
        },
      ],
      [
        'GET',
        /^\/api\/conversations\/(\d+)\/messages\/?$/,
        (req, [id]) => {
          const c = board.inbox.find((x) => x.conversation_id === Number(id));
          if (!c) return error(404, 'requested_conversation_not_found', 'Requested conversation not found.');
          const { shown, pagination } = paged(req, c.messages);
          return { status: 200, body: { messages: shown, pagination } };
        },
      ],
      [
        'GET',
        /^\/api\/users\/find-name\/?$/,
        (req) => {
          const name = (req.query.get('username') ?? '').toLowerCase();
          return { status: 200, body: { exact: board.users.find((u) => u.username.toLowerCase() === name) ?? null, recommendations: [] } };
        },
      ],
      ...member.routes,
    ],
    (req) => {
      // The member's pages take no API key.
      if (!/^\/api(\/|$)/.test(req.path)) return null;
      const given = req.headers['xf-api-key'];
      if (!given) return error(400, 'no_api_key_in_request', 'No API key was included in the request.');
      return given === key ? null : error(401, 'api_key_not_found', 'API key provided in request was not found.');
    },
    port,
  );
  member.site.base = server.url;
  return {
    server,
    apiUrl: `${server.url}/api`,
    baseUrl: server.url,
    key,
    password: member.password,
    rememberCookie: member.rememberCookie,
    expireSessions: member.expireSessions,
    captcha: member.captcha,
    twoStep: member.twoStep,
    holdReplies: member.holdReplies,
    flood: member.flood,
    locked: member.locked,
    attaching: member.attaching,
    posts: board.posts,
    attachments: board.attachments,
    conversations: board.conversations,
    say: board.say,
    edit: board.edit,
    converse: board.converse,
    conversationIds: () => board.inbox.map((c) => c.conversation_id),
    messagesIn: (id) => board.inbox.find((c) => c.conversation_id === id)?.messages ?? [],
    dropConversation: board.dropConversation,
    deleteThread: () => void (board.thread.exists = false),
    hide: board.hide,
    revokeKey: () => void (key = 'revoked'),
    moderator: board.moderator,
    limits: board.limits,
    editLogDisplay: board.editLogDisplay,
  };
}

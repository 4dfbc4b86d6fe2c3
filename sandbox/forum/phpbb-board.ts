// The state of the local phpBB 3.3 board that its faces serve, the topic's Atom feed
// (phpbb-server.ts) and the member's pages and forms (phpbb-pages.ts, phpbb-private.ts): its
// members (user ids from 2, as phpBB's installer makes user 1 the anonymous guest), the posts of
// its topics (phpBB's posts table: post_id, topic_id, poster_id, post_time, post_edit_time,
// post_edit_count, post_visibility ITEM_APPROVED 1 | ITEM_UNAPPROVED 0 | ITEM_DELETED 2, the
// post's BBCode source kept for the edit form and its rendered HTML), and the private messages
// (privmsgs: msg_id, root_level, author_id, message_subject, message_time; privmsgs_to: each
// recipient's folder, and the author's copy in the outbox until the recipient's board delivers it,
// then in the sent folder: PRIVMSGS_OUTBOX -2, PRIVMSGS_SENTBOX -1, PRIVMSGS_INBOX 0), and the
// files attached to posts (attachments: attach_id, real_filename, is_orphan until a post takes it).

export interface BoardPost {
  id: number;
  topicId: number;
  author: string;
  userId: number;
  /** The BBCode its author wrote, as the edit form shows it. */
  source: string;
  html: string;
  /** Unix seconds. */
  time: number;
  editTime: number;
  editCount: number;
  visibility: 'approved' | 'unapproved' | 'deleted';
  /** Its attachments' ids (attachments.attach_id). */
  attachments: number[];
}

/** A file uploaded with the editor (attachments table): an orphan until a post claims it. */
export interface BoardAttachment {
  id: number;
  filename: string;
  data: Buffer;
  postId?: number;
}

export interface BoardMessage {
  id: number;
  /** The first message of its conversation (root_level), or 0 for a first message. */
  root: number;
  authorId: number;
  to: number[];
  subject: string;
  source: string;
  html: string;
  time: number;
  /** Whether the recipients have it: until then the author's copy is in the outbox. */
  delivered: boolean;
}

/** The rendered form of the BBCode the member pages accept: text escaped, a newline <br>, and phpBB's default b, i, size and url tags. */
export function render(bbcode: string): string {
  return esc(bbcode)
    .replace(/\[b\]([\s\S]*?)\[\/b\]/gi, '<strong class="text-strong">$1</strong>')
    .replace(/\[i\]([\s\S]*?)\[\/i\]/gi, '<em class="text-italics">$1</em>')
    .replace(/\[size=(\d+)\]([\s\S]*?)\[\/size\]/gi, '<span style="font-size:$1%;line-height:116%">$2</span>')
    .replace(/\[url\]([\s\S]*?)\[\/url\]/gi, '<a href="$1" class="postlink">$1</a>')
    .replace(/\n/g, '<br>');
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function createBoard(topicId: number) {
  const members = new Map<string, number>();
  const posts: BoardPost[] = [];
  const messages: BoardMessage[] = [];
  const attachments = new Map<number, BoardAttachment>();
  let [nextPost, nextMessage] = [300, 900];
  // Each post a minute after the last, from a fixed start: the tests read times they can predict.
  let clock = Date.parse('2031-03-01T10:00:00Z') / 1000;
  const tick = () => (clock += 60);
  const register = (name: string) => (members.set(name, members.size + 2), members.get(name)!);
  const idOf = (name: string) => members.get(name) ?? register(name);
  const nameOf = (userId: number) => [...members].find(([, id]) => id === userId)?.[0] ?? 'Anonymous';
  return {
    topicId,
    members,
    posts,
    messages,
    attachments,
    register,
    idOf,
    nameOf,
    /** Whose name matches, ignoring case as phpBB's username_clean does. */
    find: (name: string) => [...members].find(([n]) => n.toLowerCase() === name.trim().toLowerCase()),
    add(author: string, source: string, html = render(source), topic = topicId, visibility: BoardPost['visibility'] = 'approved'): BoardPost {
      const time = tick();
      const post = { id: nextPost++, topicId: topic, author, userId: idOf(author), source, html, time, editTime: 0, editCount: 0, visibility, attachments: [] };
      posts.push(post);
      return post;
    },
    edit(post: BoardPost, source: string, html = render(source)) {
      Object.assign(post, { source, html, editTime: tick(), editCount: post.editCount + 1 });
    },
    send(authorId: number, to: number[], subject: string, source: string, root = 0): BoardMessage {
      const message = { id: nextMessage++, root, authorId, to, subject, source, html: render(source), time: tick(), delivered: false };
      messages.push(message);
      return message;
    },
    /** The topic's posts a member is shown, oldest first; a moderator is also shown the unapproved and deleted. */
    shown: (topic: number, moderator: boolean) => posts.filter((p) => p.topicId === topic && (moderator || p.visibility === 'approved')),
  };
}

export type PhpbbState = ReturnType<typeof createBoard>;

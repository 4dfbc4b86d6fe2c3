// A phpBB 3.3 board (phpbb-board.ts holds its state) with both its faces:
// - the topic's Atom feed (app.php/feed/topic/{id}), in the shape phpBB's feed templates write:
//   newest entry first, each with author name, published/updated times, an id that is the post's
//   link (viewtopic.php?p=N#pN), and HTML content ending in a "Statistics" line whose author name
//   links to the member's profile by user id (phpbb/feed/base.php, user_viewprofile:
//   memberlist.php?mode=viewprofile&u=<id>). Only approved posts are in it. A topic in a forum
//   guests may not read (or with a password) answers a guest 401 Unauthorized
//   (phpbb/feed/topic.php, open(): send_status_line(401) and unauthorized_forum_exception);
// - the member's pages and forms (phpbb-pages.ts, phpbb-private.ts), with the board's sessions and
//   form tokens (phpbb-sessions.ts).
import { randomBytes } from 'node:crypto';
import { startContractServer, type ContractServer, type Route } from './contract-server.ts';
import { createBoard, type BoardMessage, type BoardPost, type PhpbbState } from './phpbb-board.ts';
import { memberPages, type PhpbbSwitches } from './phpbb-pages.ts';
import { privatePages } from './phpbb-private.ts';
import { createSessions } from './phpbb-sessions.ts';

export interface PhpbbBoard extends PhpbbSwitches {
  server: ContractServer;
  state: PhpbbState;
  /** The password every member logs in with. */
  password: string;
  say(author: string, html: string): number;
  /** The member (by user id) takes a new name: their posts show it from then on. */
  rename(from: string, to: string): void;
  /** A new account takes a name: the user id its posts will show. */
  register(name: string): number;
  edit(postId: number, html: string): void;
  /** A moderator soft-deletes the post, or it is moved to another topic. */
  hide(postId: number): void;
  move(postId: number, topicId: number): void;
  /** A member sends the game's account (the first member registered) a private message, in reply to `replyTo` when given. */
  pm(from: string, subject: string, text: string, replyTo?: number): BoardMessage;
  /** Whether the topic's forum is closed to guests. */
  membersOnly: { on: boolean };
  /** Every session and remembered key ends. */
  expireSessions(): void;
  /** The "Remember me" cookies of a browser logged in as the member. */
  rememberCookie(name: string): string;
  /** The next `count` forms are judged `seconds` older than they are. */
  ageForms(seconds: number, count?: number): void;
}

/** phpBB's default number of items in a feed. */
const FEED_ITEMS = 15;

export async function startPhpbb(topicId = 12, port = 0): Promise<PhpbbBoard> {
  const state = createBoard(topicId);
  const sessions = createSessions(state);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const switches: PhpbbSwitches = {
    captcha: { on: false },
    holdReplies: { on: false },
    moderator: { on: false },
    locked: { on: false },
    attachments: { on: true },
    flood: { interval: 0, refused: [] },
  };
  const pages = memberPages(state, sessions, () => password, switches);
  const privates = privatePages(state, sessions, pages);
  const membersOnly = { on: false };
  const iso = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', '+00:00');
  const cdata = (s: string) => `<![CDATA[${s}]]>`;
  const entry = (base: string, e: BoardPost) => `<entry>
<author><name>${cdata(e.author)}</name></author>
<updated>${iso(e.editTime || e.time)}</updated>
<published>${iso(e.time)}</published>
<id>${base}/viewtopic.php?p=${e.id}#p${e.id}</id>
<link href="${base}/viewtopic.php?p=${e.id}#p${e.id}"/>
<title type="html">${cdata('Re: Game thread')}</title>
<content type="html" xml:base="${base}/viewtopic.php?p=${e.id}#p${e.id}">${cdata(
    `${e.html}<p>Statistics: Posted by <a href="${base}/memberlist.php?mode=viewprofile&amp;u=${e.userId}">${e.author}</a> — ${iso(e.time)}</p><hr />`,
  )}</content>
</entry>`;
  const feed = (base: string) => {
    const shown = state.shown(topicId, false);
    return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-gb">
<link rel="self" type="application/atom+xml" href="${base}/app.php/feed/topic/${topicId}" />
<title>Board</title>
<subtitle>Game thread</subtitle>
<link href="${base}/index.php" />
<updated>${iso(shown.at(-1)?.time ?? 0)}</updated>
<author><name>${cdata('Board')}</name></author>
<id>${base}/app.php/feed/topic/${topicId}</id>
${[...shown]
  .reverse()
  .slice(0, FEED_ITEMS)
  .map((e) => entry(base, e))
  .join('\n')}
</feed>`;
  };
  const ucp: Route = (req, params) => (req.query.get('i') === 'pm' ? pages.members((r, v) => privates(r, v))(req, params) : pages.login(req, params));
  const server = await startContractServer(
    [
      [
        'GET',
        new RegExp(`^/app\\.php/feed/topic/${topicId}$`),
        () => (membersOnly.on ? { status: 401, body: 'Unauthorized' } : { status: 200, body: feed(server.url) }),
      ],
      ['GET', /^\/(?:index\.php)?$/, pages.index],
      ['GET', /^\/viewtopic\.php$/, pages.viewtopic],
      ['GET', /^\/posting\.php$/, pages.posting],
      ['POST', /^\/posting\.php$/, pages.posting],
      ['GET', /^\/memberlist\.php$/, pages.memberlist],
      ['GET', /^\/ucp\.php$/, ucp],
      ['POST', /^\/ucp\.php$/, ucp],
    ],
    () => null,
    port,
  );
  const post = (id: number) => state.posts.find((p) => p.id === id)!;
  return {
    server,
    state,
    password,
    membersOnly,
    ...switches,
    say: (author, html) => state.add(author, html, html).id,
    rename(from, to) {
      state.members.set(to, state.members.get(from)!);
      state.members.delete(from);
    },
    register: state.register,
    edit: (postId, html) => state.edit(post(postId), html, html),
    hide: (postId) => void (post(postId).visibility = 'deleted'),
    move: (postId, topic) => void (post(postId).topicId = topic),
    pm: (from, subject, text, replyTo) => {
      const root = replyTo ? state.messages.find((m) => m.id === replyTo)!.root || replyTo : 0;
      return state.send(state.idOf(from), [state.members.values().next().value!], subject, text, root);
    },
    expireSessions: () => sessions.expire(),
    rememberCookie: (name) => sessions.remembered(state.idOf(name)),
    ageForms: (seconds, count = 1) => Object.assign(sessions.aging, { seconds, count }),
  };
}

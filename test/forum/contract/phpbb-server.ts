// A phpBB 3.3 board's topic feed (app.php/feed/topic/{id}), in the Atom shape phpBB's feed
// templates write: newest entry first, each with author name, published/updated times, an id
// that is the post's link (viewtopic.php?p=N#pN), and HTML content ending in a "Statistics" line
// whose author name links to the member's profile by user id (phpbb/feed/base.php,
// user_viewprofile: memberlist.php?mode=viewprofile&u=<id>).
// A topic in a forum guests may not read (or with a password) answers a guest 401 Unauthorized
// (phpbb/feed/topic.php, open(): send_status_line(401) and unauthorized_forum_exception).
import { startContractServer, type ContractServer } from '../../../sandbox/forum/contract-server.ts';

export interface PhpbbBoard {
  server: ContractServer;
  say(author: string, html: string): number;
  /** The member (by user id) takes a new name: their posts show it from then on. */
  rename(from: string, to: string): void;
  /** A new account takes a name: the user id its posts will show. */
  register(name: string): number;
  edit(postId: number, html: string): void;
  /** Whether the topic's forum is closed to guests. */
  membersOnly: { on: boolean };
}

interface Entry {
  id: number;
  author: string;
  userId: number;
  html: string;
  published: string;
  updated: string;
}

/** phpBB's default number of items in a feed. */
const FEED_ITEMS = 15;

export async function startPhpbb(topicId = 12): Promise<PhpbbBoard> {
  const entries: Entry[] = [];
  // Member name -> user id; ids from 2, as phpBB's installer makes user 1 the anonymous guest.
  const members = new Map<string, number>();
  const register = (name: string) => (members.set(name, members.size + 2), members.get(name)!);
  const profile = (base: string, e: Entry) => `<a href="${base}/memberlist.php?mode=viewprofile&amp;u=${e.userId}">${e.author}</a>`;
  let next = 300;
  let clock = Date.parse('2031-03-01T10:00:00Z');
  const tick = () => new Date((clock += 60_000)).toISOString().replace('.000Z', '+00:00');
  const cdata = (s: string) => `<![CDATA[${s}]]>`;
  const feed = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-gb">
<link rel="self" type="application/atom+xml" href="${base}/app.php/feed/topic/${topicId}" />
<title>Board</title>
<subtitle>Game thread</subtitle>
<link href="${base}/index.php" />
<updated>${entries.at(-1)?.updated ?? tick()}</updated>
<author><name>${cdata('Board')}</name></author>
<id>${base}/app.php/feed/topic/${topicId}</id>
${[...entries]
  .reverse()
  .slice(0, FEED_ITEMS)
  .map(
    (e) => `<entry>
<author><name>${cdata(e.author)}</name></author>
<updated>${e.updated}</updated>
<published>${e.published}</published>
<id>${base}/viewtopic.php?p=${e.id}#p${e.id}</id>
<link href="${base}/viewtopic.php?p=${e.id}#p${e.id}"/>
<title type="html">${cdata('Re: Game thread')}</title>
<content type="html" xml:base="${base}/viewtopic.php?p=${e.id}#p${e.id}">${cdata(`${e.html}<p>Statistics: Posted by ${profile(base, e)} — ${e.published}</p><hr />`)}</content>
</entry>`,
  )
  .join('\n')}
</feed>`;
  const membersOnly = { on: false };
  const server = await startContractServer(
    [
      [
        'GET',
        new RegExp(`^/app\\.php/feed/topic/${topicId}$`),
        () => (membersOnly.on ? { status: 401, body: 'Unauthorized' } : { status: 200, body: feed(server.url) }),
      ],
    ],
    () => null,
  );
  return {
    server,
    membersOnly,
    say(author, html) {
      const at = tick();
      entries.push({ id: next, author, userId: members.get(author) ?? register(author), html, published: at, updated: at });
      return next++;
    },
    rename(from, to) {
      members.set(to, members.get(from)!);
      members.delete(from);
    },
    register,
    edit(postId, html) {
      Object.assign(
        entries.find((e) => e.id === postId)!,
        { html, updated: tick() },
      );
    },
  };
}

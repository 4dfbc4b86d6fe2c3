// phpBB has no write API. Adjutant reads a game topic through the board's Atom feed
// (app.php/feed/topic/{id}, phpBB 3.2 and 3.3; the board must have feeds and topic feeds on), and
// everything it would post (the update, private messages) goes to the GM to paste by hand.
import { XMLParser } from 'fast-xml-parser';
import { convert } from 'html-to-text';
import { HTML_OPTIONS, MAX_HTML, visibleHtml } from '../../../orders/html-text.ts';
import type { ForumAdapter, ThreadPage, ThreadPost } from '../base/forum-adapter.ts';
import { ForumCannotError, ForumRequestError } from '../base/forum-errors.ts';
import { ForumHttp, type ForumHttpOptions } from '../base/forum-http.ts';

export interface PhpbbSettings {
  /** The board's address, e.g. https://forum.example.com */
  baseUrl: string;
  topicId: number;
  http?: Partial<ForumHttpOptions>;
}

interface AtomEntry {
  id: string;
  author?: { name?: string };
  published?: string;
  updated?: string;
  content?: string | { '#text'?: string };
}

const atom = new XMLParser({ ignoreAttributes: true, isArray: (name) => name === 'entry', processEntities: true, htmlEntities: true });

export function phpbbAdapter(settings: PhpbbSettings): ForumAdapter {
  // phpBB answers errors with an HTML page, not a body to quote.
  const http = new ForumHttp({
    baseUrl: settings.baseUrl,
    headers: { accept: 'application/atom+xml' },
    errorText: () => undefined,
    // phpBB serves a topic's feed only to those who may read its forum (phpbb/feed/topic.php), and Adjutant reads it as a guest.
    refusedHint:
      "The topic's feed is closed to guests: phpBB serves it only where guests may read the forum (and the forum has no password). Move the game to a forum guests can read (docs/forums.md, phpBB).",
    ...settings.http,
  });
  const cannot = (what: string) => new ForumCannotError(`phpBB has no API to ${what}: the GM does it by hand (docs/forums.md).`);
  const feedPosts = async (): Promise<ThreadPost[]> => {
    const text = await http.get<unknown>(`app.php/feed/topic/${settings.topicId}`);
    const feed = typeof text === 'string' ? (atom.parse(text) as { feed?: { entry?: AtomEntry[] } }) : {};
    if (!feed.feed) throw new ForumRequestError(`The feed of topic ${settings.topicId} is not an Atom feed; are feeds on in the board's settings?`);
    return (feed.feed.entry ?? []).map(threadPost);
  };

  return {
    // A post gone from the feed may only be older than its newest few.
    seesRemovals: false,
    publish: async () => {
      throw cannot('post with');
    },
    findOwnPost: async () => null,
    editPost: async () => {
      throw cannot('edit posts');
    },

    async readSince(cursor: string | null): Promise<ThreadPage> {
      const after = cursor ? Number(cursor) : 0;
      // The feed lists the newest posts first, and only the newest few: read it often enough.
      const posts = (await feedPosts()).filter((p) => Number(p.id) > after).sort((a, b) => Number(a.id) - Number(b.id));
      return { posts, cursor: String(Math.max(after, ...posts.map((p) => Number(p.id)))) };
    },

    // Each entry's <updated> is its last edit; a post older than the feed's newest few is not in it.
    async currentPosts(ids: readonly string[]): Promise<ThreadPost[]> {
      const wanted = new Set(ids);
      return (await feedPosts()).filter((p) => wanted.has(p.id));
    },

    sendPrivate: async () => {
      throw cannot('send private messages');
    },
    findOwnPrivate: async () => false,
    whoIs: async () => {
      throw cannot('look members up');
    },
  };
}

function threadPost(entry: AtomEntry): ThreadPost {
  // Entry ids are post links: ".../viewtopic.php?p=123#p123".
  const id = /[#?&]p=?(\d+)/.exec(entry.id)?.[1] ?? '0';
  const name = String(entry.author?.name ?? '');
  const html = typeof entry.content === 'string' ? entry.content : (entry.content?.['#text'] ?? '');
  // phpBB ends each entry with "Statistics: Posted by <name> — <date>" after a rule, the name
  // linked to the member's profile by user id (phpbb/feed/base.php, user_viewprofile); a board too
  // old to link it leaves the name as the account. The last such line is phpBB's own: one in the
  // post's text, before it, must not speak for the author.
  const at = [...html.matchAll(/<p>\s*Statistics:/gi)].at(-1)?.index ?? html.length;
  const body = html.slice(0, at);
  const account = /memberlist\.php\?[^"'>]*?\bu=(\d+)/.exec(html.slice(at))?.[1];
  return {
    id,
    author: { id: account ?? name, name },
    // The post's HTML is bounded as an HTML email's is: the converter costs more than linear time.
    text: convert(visibleHtml(body, MAX_HTML), { wordwrap: false, limits: HTML_OPTIONS.limits }).trim(),
    postedAt: new Date(entry.published ?? entry.updated ?? 0).toISOString(),
    ...(entry.updated && entry.updated !== entry.published && { editedAt: new Date(entry.updated).toISOString() }),
  };
}

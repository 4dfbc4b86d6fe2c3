// Discourse through its API (docs.discourse.org): requests carry an administrator's Api-Key and
// Api-Username, or a member's User-Api-Key (discourse-auth.ts); the map
// is uploaded first (POST /uploads.json, type "composer") and the post's Markdown names it by its
// upload:// short URL; a topic's posts are read by id from its post stream, with their raw Markdown.
// Private messages to the game's account are topics too (archetype "private_message"), listed by
// GET /topics/private-messages/{username}.json and read like the game's topic. A post is edited
// with PUT /posts/{id}.json and its new post[raw].
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
import { ForumMaybeDoneError, ForumNotFoundError, ForumRateLimitedError, ForumRequestError } from '../base/forum-errors.ts';
import { ForumHttp, type ForumHttpOptions } from '../base/forum-http.ts';
import { accountName, authHeaders, refusedHint, type DiscourseAuth } from './discourse-auth.ts';
import { dailyAllowanceSpent } from './request-limits.ts';

export type DiscourseSettings = DiscourseAuth & {
  /** The forum's address, e.g. https://forum.example.com */
  baseUrl: string;
  topicId: number;
  http?: Partial<ForumHttpOptions>;
};

/**
 * What POST /posts.json answers: the post; or, when the site holds the user's posts for approval,
 * { action: "enqueued", pending_post, pending_count } and no post yet (PostsController#create).
 */
interface DcNewPost {
  id: number;
  topic_id: number;
  post_number: number;
  topic_slug?: string;
  action?: string;
  pending_post?: { id: number };
}

/** Discourse's refusal of a body the user posted a few minutes ago (server.en.yml just_posted_that). */
const JUST_POSTED = 'too similar to what you recently posted';

interface DcPost {
  id: number;
  username: string;
  user_id: number;
  raw?: string;
  created_at: string;
  updated_at: string;
  post_number: number;
  topic_id?: number;
  topic_slug?: string;
  /** Deleted by its author: kept, its text replaced, until it is purged (PostDestroyer#user_destroyed). */
  user_deleted?: boolean;
  /** Deleted by staff: only staff still see it (PostDestroyer#staff_destroyed). */
  deleted_at?: string | null;
}

/** A post that stands: neither deleted by its author nor by staff (a staff account still reads both). */
const standing = (post: DcPost) => !post.user_deleted && !post.deleted_at;

/** A private message in the account's message list (topic_list.topics), newest activity first. */
interface DcPmTopic {
  id: number;
  title: string;
  last_posted_at: string;
}

interface DcPmList {
  topic_list: { topics: DcPmTopic[]; more_topics_url?: string };
}

/** Discourse hands out at most this many posts per request by id. */
const CHUNK = 20;
/** The most posts one read takes (10 requests): a long catch-up goes on in further reads (ThreadPage.more), each part stored first. */
export const POSTS_PER_READ = 200;
/** How far back findOwnPost looks: our post is among the topic's newest. */
const POSTS_SEARCHED = 60;

export function discourseAdapter(settings: DiscourseSettings): ForumAdapter {
  // Not paced to stay under the key's request limits, but told by Discourse's 429s: request-limits.ts says why.
  const http = new ForumHttp({
    baseUrl: settings.baseUrl,
    headers: authHeaders(settings),
    // Errors come as { errors: [text], error_type }.
    errorText: (body) => (body as { errors?: string[] } | null)?.errors?.join(' ') || undefined,
    refusedHint: refusedHint(settings),
    dailyAllowanceSpent,
    ...settings.http,
  });
  const topic = settings.topicId;
  const account = accountName(settings, http);
  const me = async () => (await account()).toLowerCase();
  const stream = async (id = topic) => (await http.get<{ post_stream: { stream: number[] } }>(`t/${id}.json`)).post_stream.stream;
  const postsById = async (ids: readonly number[], id = topic): Promise<DcPost[]> => {
    const out: DcPost[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const got = await http.get<{ post_stream: { posts: DcPost[] } }>(`t/${id}/posts.json`, {
        'post_ids[]': ids.slice(i, i + CHUNK).map(String),
        include_raw: 'true',
      });
      out.push(...got.post_stream.posts);
    }
    return out.sort((a, b) => a.id - b.id);
  };
  // The posts others wrote in one private message after post id `last` (post ids are site-wide).
  const messagesIn = async (pm: DcPmTopic, last: number): Promise<ReceivedPrivate[]> => {
    const ids = (await stream(pm.id)).filter((id) => id > last);
    const own = await me();
    return (await postsById(ids, pm.id)).filter((p) => p.username.toLowerCase() !== own).map((p) => ({ title: pm.title, post: threadPost(p) }));
  };

  // A private message's posts written since `since`: read back from its end a chunk at a time until
  // one begins earlier, since posts made after ours may follow it.
  const postsSince = async (id: number, since: Date): Promise<DcPost[]> => {
    const all = await stream(id);
    const out: DcPost[] = [];
    for (let end = all.length; end > 0; end -= CHUNK) {
      const got = await postsById(all.slice(Math.max(0, end - CHUNK), end), id);
      out.push(...got);
      if (!got.length || Date.parse(got[0].created_at) < since.getTime()) break;
    }
    return out;
  };

  // A new game's first read starts after the last post written before `since`, found by halving the
  // topic's stream (one request a look) rather than reading its history. A post not shown counts as
  // later: the read then starts a little early, never late.
  const lastBefore = async (all: readonly number[], since: Date): Promise<number> => {
    let [low, high] = [0, all.length];
    while (low < high) {
      const mid = (low + high) >> 1;
      const [post] = await postsById([all[mid]]);
      if (post && Date.parse(post.created_at) < since.getTime()) low = mid + 1;
      else high = mid;
    }
    return low ? all[low - 1] : 0;
  };

  const postUrl = (p: { topic_slug?: string; topic_id: number; post_number: number }) =>
    `${settings.baseUrl.replace(/\/+$/, '')}/t/${p.topic_slug ?? 'topic'}/${p.topic_id}/${p.post_number}`;

  return {
    seesRemovals: true,
    async publish(post: OutgoingPost): Promise<PublishedPost> {
      const images: string[] = [];
      for (const image of post.images) {
        const form = new FormData();
        form.append('type', 'composer');
        form.append('synchronous', 'true');
        form.append('file', new Blob([new Uint8Array(image.data)], { type: 'image/png' }), image.filename);
        const up = await http.post<{ short_url: string; original_filename: string }>('uploads.json', form);
        images.push(`![${up.original_filename}](${up.short_url})`);
      }
      const raw = [post.text, ...images, `<small>${markerLine(post.marker)}</small>`].join('\n\n');
      const made = await http.post<DcNewPost>('posts.json', { topic_id: topic, raw }).catch((e: unknown) => {
        // The same body again within a few minutes is refused: it can only be this post, made already.
        if (e instanceof ForumRequestError && e.message.includes(JUST_POSTED)) throw new ForumMaybeDoneError(`${e.message} The post was made before.`);
        throw e;
      });
      if (made.action === 'enqueued') return { id: `pending:${made.pending_post?.id ?? '?'}`, held: true };
      return { id: String(made.id), url: postUrl(made) };
    },

    async findOwnPost(marker: string): Promise<PublishedPost | null> {
      const line = markerLine(marker);
      const recent = (await stream()).slice(-POSTS_SEARCHED);
      const own = await me();
      const found = (await postsById(recent)).find((p) => p.username.toLowerCase() === own && (p.raw ?? '').includes(line));
      return found ? { id: String(found.id), url: postUrl({ ...found, topic_id: found.topic_id ?? topic }) } : null;
    },

    async editPost(id: string, post: Omit<OutgoingPost, 'images'>): Promise<void> {
      const raw = `${post.text}\n\n<small>${markerLine(post.marker)}</small>`;
      await http.put(`posts/${encodeURIComponent(id)}.json`, { post: { raw, edit_reason: 'withdrawn: the game was rolled back' } });
    },

    async readSince(cursor: string | null, since?: Date): Promise<ThreadPage> {
      const all = await stream();
      const after = cursor ? Number(cursor) : since ? await lastBefore(all, since) : 0;
      const ids = all.filter((id) => id > after);
      const part = ids.slice(0, POSTS_PER_READ);
      const read: DcPost[] = [];
      for (let i = 0; i < part.length; i += CHUNK) {
        try {
          read.push(...(await postsById(part.slice(i, i + CHUNK))));
        } catch (e) {
          // Told to wait for long part way (the key's requests for the day spent): what was read is
          // stored and the cursor moved past it, so the read after the wait does not ask for it again.
          if (!(e instanceof ForumRateLimitedError) || i === 0) throw e;
          return { posts: read.filter(standing).map(threadPost), cursor: String(part[i - 1]), more: true };
        }
      }
      return { posts: read.filter(standing).map(threadPost), cursor: String(Math.max(after, ...part)), more: ids.length > part.length };
    },

    // Twenty posts a request, by id, as the topic is read.
    async currentPosts(ids: readonly string[]): Promise<ThreadPost[]> {
      return (await postsById(ids.map(Number))).filter(standing).map(threadPost);
    },

    // The list comes newest activity first, a page at a time (page=1, 2, ... while it names a
    // more_topics_url); messages with no post since the cursor's time are not opened.
    async readPrivateSince(cursor: string | null): Promise<PrivatePage> {
      const from = cursor ? (JSON.parse(cursor) as { last: number; at: number }) : { last: 0, at: 0 };
      const messages: ReceivedPrivate[] = [];
      for (let page = 0; ; page++) {
        const { topic_list: list } = await http.get<DcPmList>(
          `topics/private-messages/${encodeURIComponent(await account())}.json`,
          page ? { page: String(page) } : undefined,
        );
        const fresh = list.topics.filter((t) => Date.parse(t.last_posted_at) >= from.at);
        for (const pm of fresh) messages.push(...(await messagesIn(pm, from.last)));
        if (fresh.length < list.topics.length || !list.more_topics_url) break;
      }
      messages.sort((a, b) => Number(a.post.id) - Number(b.post.id));
      const last = Math.max(from.last, ...messages.map((m) => Number(m.post.id)));
      const at = Math.max(from.at, ...messages.map((m) => Date.parse(m.post.postedAt)));
      return { messages, cursor: JSON.stringify({ last, at }) };
    },

    // The messages the account sent come newest first (topics/private-messages-sent); ours begins with the marker's post.
    async findOwnPrivate(pm: PrivateMessage, since: Date): Promise<boolean> {
      const line = markerLine(pm.marker);
      const own = await me();
      if (pm.conversation) {
        return (await postsSince(Number(pm.conversation), since)).some((p) => p.username.toLowerCase() === own && (p.raw ?? '').includes(line));
      }
      const { topic_list: list } = await http.get<DcPmList>(`topics/private-messages-sent/${encodeURIComponent(await account())}.json`);
      for (const sent of list.topics.filter((t) => t.title === pm.title)) {
        const [first] = await postsById((await stream(sent.id)).slice(0, 1), sent.id);
        if (first && first.username.toLowerCase() === own && (first.raw ?? '').includes(line)) return true;
      }
      return false;
    },

    async sendPrivate(pm: PrivateMessage): Promise<string> {
      const raw = `${pm.text}\n\n<small>${markerLine(pm.marker)}</small>`;
      if (pm.conversation) {
        await http.post('posts.json', { topic_id: Number(pm.conversation), raw: `**${pm.title}**\n\n${raw}` });
        return pm.conversation;
      }
      const made = await http.post<{ topic_id: number }>('posts.json', {
        title: pm.title,
        raw,
        target_recipients: pm.to.join(','),
        archetype: 'private_message',
      });
      return String(made.topic_id);
    },

    // The limits are Discourse's site settings as installed (config/site_settings.yml):
    // personal_message_enabled_groups (trust level 1 and up), max_personal_messages_per_day (20),
    // rate_limit_create_topic (15 s), rate_limit_create_post (5 s); staff is exempt. Whether the
    // account may post in the topic is the topic's details.can_create_post (TopicViewSerializer).
    async standing(): Promise<AccountStanding> {
      const [{ user }, game] = await Promise.all([
        http.get<{ user: { username: string; trust_level?: number; moderator?: boolean; admin?: boolean } }>(`u/${encodeURIComponent(await account())}.json`),
        http.get<{ closed?: boolean; details?: { can_create_post?: boolean } }>(`t/${topic}.json`),
      ]);
      const level = user.trust_level ?? 0;
      const who =
        user.admin || user.moderator
          ? { usable: true, says: `${user.username} is staff: no limits on posts or private messages.` }
          : level < 1
            ? {
                usable: false,
                says: `${user.username} is at trust level 0, which may not send private messages as installed: players would get no answers. Raise it to trust level 1 (read a few topics, or grant it), or set confirm: email.`,
              }
            : {
                usable: true,
                says: `${user.username} is at trust level ${level}, not staff: it may start 20 private messages a day, one every 15 seconds, and post once every 5 seconds as installed; each player gets one conversation, so 20 new players a day.`,
              };
      if (game.details?.can_create_post !== false) return who;
      const why = game.closed ? ', which is closed' : '';
      return {
        usable: false,
        says: `${who.says} It may not post in the game's topic${why}, so no update can be posted: ask the forum's staff${game.closed ? ' to open it' : ''}, or choose another topic.`,
      };
    },

    async whoIs(name: string): Promise<ForumUser | null> {
      try {
        const { user } = await http.get<{ user: { id: number; username: string } }>(`u/${encodeURIComponent(name)}.json`);
        return { id: String(user.id), name: user.username };
      } catch (e) {
        if (e instanceof ForumNotFoundError) return null;
        throw e;
      }
    },
  };
}

function threadPost(p: DcPost): ThreadPost {
  return {
    id: String(p.id),
    author: { id: String(p.user_id), name: p.username },
    text: p.raw ?? '',
    postedAt: p.created_at,
    ...(p.updated_at !== p.created_at && { editedAt: p.updated_at }),
  };
}

// Discourse's API as docs.discourse.org describes it, for the calls Adjutant makes: Api-Key and
// Api-Username headers; GET /t/{id}.json (post_stream.stream: every post id) and
// GET /t/{id}/posts.json?post_ids[]= (posts by id, raw with include_raw); POST /uploads.json
// (multipart, type "composer") answering a short_url "upload://..."; POST /posts.json (a reply, or
// a private message with archetype "private_message" and target_recipients); GET /u/{name}.json.
// Private messages are topics of archetype "private_message" that only their participants can
// open (403 for anyone else); their lists are discourse-message-lists.ts.
// Errors are { errors: [text], error_type }, and a 429 carries Retry-After and extras.wait_seconds.
// A reply whose body is the same as one the user posted in the last unique_posts_mins (5 by default)
// is refused with 422 "Body is too similar to what you recently posted" (Discourse's
// UniquePostValidator, server.en.yml just_posted_that). A post that must wait for approval (the
// site's review settings) answers 200 { action: "enqueued", pending_post, pending_count } with no
// post id (PostsController#create for a NewPostResult with action :enqueued), and enters the topic
// only when a moderator approves it. PUT /posts/{id}.json with { post: { raw, edit_reason } } edits a
// post, answering { post }; only its author may (403 invalid_access for anyone else). A post is
// deleted as Discourse's PostDestroyer (lib/post_destroyer.rb) deletes it: by its author
// (user_destroyed) it stays in the topic with user_deleted set and its text replaced by the
// "(post deleted by author)" notice, a revision that moves updated_at; by staff (staff_destroyed)
// it gets deleted_at and leaves the topic's stream and posts for everyone but staff, who still
// see it with deleted_at set. GET /session/current.json (SessionController#current) answers
// { current_user } for whoever the request acts as. Members' user API keys: discourse-user-api-keys.ts;
// what a member who is not staff may post, and how fast, and how many requests an API key may
// make: discourse-limits.ts. The game topic may be closed (`closed`): t/{id}.json says closed and
// details.can_create_post (TopicViewSerializer), and a reply from anyone but staff is refused 403
// (Guardian#can_create_post_on_topic?).
import { startContractServer, type ContractRequest, type ContractServer, type Reply } from './contract-server.ts';
import { messageListRoutes } from './discourse-message-lists.ts';
import { discourseLimits, type DiscourseLimits, type PostKind } from './discourse-limits.ts';
import { userApiKeys, type UserApiKeys } from './discourse-user-api-keys.ts';

export interface DcPost {
  id: number;
  topic_id: number;
  post_number: number;
  user_id: number;
  username: string;
  raw: string;
  cooked: string;
  created_at: string;
  updated_at: string;
  topic_slug: string;
  user_deleted?: boolean;
  deleted_at?: string | null;
}

/** A private message: a topic its participants (user names) can open. */
export interface DcPm {
  id: number;
  title: string;
  participants: string[];
  posts: DcPost[];
}

export interface DiscourseForum {
  server: ContractServer;
  key: string;
  /** The game topic's posts. */
  posts: DcPost[];
  uploads: Array<{ short_url: string; filename: string; data: Buffer }>;
  /** Private messages the API sent (POST /posts.json with archetype "private_message"). */
  messages: Array<{ title: string; raw: string; target_recipients: string }>;
  /** Every private message on the forum, whoever sent it. */
  pms: DcPm[];
  say(username: string, raw: string): DcPost;
  edit(post: DcPost, raw: string): void;
  /** A member starts a private message, to the game's account ("adjutant") unless `to` says otherwise. */
  message(from: string, title: string, raw: string, to?: string[]): DcPm;
  /** A member writes in a private message. */
  reply(pm: DcPm, from: string, raw: string): DcPost;
  /** From now on the API user's replies wait in the review queue (or no longer do). */
  holdForReview(on: boolean): void;
  /** Posts waiting in the review queue. */
  pending: Array<{ id: number; username: string; raw: string }>;
  /** The post is deleted by its author, or by staff. */
  remove(post: DcPost, by: 'author' | 'staff'): void;
  /** Whether the API user is staff (and so still sees posts staff deleted). */
  staff: { on: boolean };
  /** What a member who is not staff may post, and how many requests an API key may make (discourse-limits.ts): every limit off until set. */
  limits: DiscourseLimits;
  /** The game topic is closed: only staff may reply. */
  closed: { on: boolean };
  /** Members' trust levels (1 when not set). */
  trustLevels: Record<string, number>;
  /** A moderator approves every waiting post: each enters the topic. */
  approve(): void;
  /** Members' user API keys: approving a request, the keys granted, revoking them. */
  userKeys: UserApiKeys;
}

const error = (status: number, error_type: string, text: string): Reply => ({ status, body: { errors: [text], error_type } });
const notFound = () => error(404, 'not_found', 'The requested URL or resource could not be found.');
const forbidden = () => error(403, 'invalid_access', 'You are not permitted to view the requested resource.');
const CHUNK = 20;

export async function startDiscourse(topicId = 55, users = ['adjutant', 'alice', 'bob'], port = 0): Promise<DiscourseForum> {
  const key = 'dc-key-1';
  const posts: DcPost[] = [];
  const uploads: DiscourseForum['uploads'] = [];
  const messages: DiscourseForum['messages'] = [];
  const pms: DcPm[] = [];
  let nextPost = 9000;
  let clock = Date.parse('2031-03-01T10:00:00Z');
  const tick = () => new Date((clock += 60_000)).toISOString();
  const write = (into: DcPost[], topic: number, username: string, raw: string): DcPost => {
    const at = tick();
    const post = {
      id: nextPost++,
      topic_id: topic,
      post_number: into.length + 1,
      user_id: users.indexOf(username) + 1,
      username,
      raw,
      cooked: `<p>${raw}</p>`,
      created_at: at,
      updated_at: at,
      topic_slug: topic === topicId ? 'game-thread' : 'message',
    };
    into.push(post);
    return post;
  };
  const say = (username: string, raw: string) => write(posts, topicId, username, raw);
  const pending: DiscourseForum['pending'] = [];
  let reviewing = false;
  const UNIQUE_POSTS_MS = 5 * 60_000;
  const justPosted = (username: string, raw: string) =>
    posts.some((p) => p.username === username && p.raw === raw && clock - Date.parse(p.created_at) <= UNIQUE_POSTS_MS);
  const message = (from: string, title: string, raw: string, to = ['adjutant']): DcPm => {
    const pm: DcPm = { id: 8000 + pms.length, title, participants: [from, ...to], posts: [] };
    pms.push(pm);
    write(pm.posts, pm.id, from, raw);
    return pm;
  };
  const withoutRaw = ({ raw: _raw, ...rest }: DcPost) => rest;
  const userKeys = userApiKeys(users);
  // A user API key acts as its member; an admin key as its Api-Username (the auth check below refuses anything else).
  const asker = (req: ContractRequest) => {
    const member = userKeys.holder(req);
    return (typeof member === 'string' ? member : String(req.headers['api-username'])).toLowerCase();
  };
  // The game topic, or a private message the asker takes part in.
  const topicFor = (req: ContractRequest, id: string): { title: string; archetype: string; posts: DcPost[] } | Reply => {
    if (Number(id) === topicId) return { title: 'Game thread', archetype: 'regular', posts };
    const pm = pms.find((p) => p.id === Number(id));
    if (!pm) return notFound();
    return pm.participants.includes(asker(req)) ? { title: pm.title, archetype: 'private_message', posts: pm.posts } : forbidden();
  };
  const isReply = (t: object): t is Reply => 'status' in t;
  const edit = (post: DcPost, raw: string) => Object.assign(post, { raw, cooked: `<p>${raw}</p>`, updated_at: tick() });
  const staff = { on: false };
  const closed = { on: false };
  const pacing = discourseLimits();
  // Staff is not limited (RateLimiter skips staff).
  const paced = (req: ContractRequest, kind: PostKind) => (staff.on ? null : pacing.take(asker(req), kind));
  const trustLevels: Record<string, number> = {};
  // Staff rights are the admin key's API user's: a member's key sees what the member sees.
  const shown = (req: ContractRequest, all: DcPost[]) => all.filter((p) => !p.deleted_at || (staff.on && req.headers['api-key'] !== undefined));

  const server = await startContractServer(
    [
      [
        'GET',
        /^\/t\/(\d+)\.json$/,
        (req, [id]) => {
          const t = topicFor(req, id);
          return isReply(t)
            ? t
            : {
                status: 200,
                body: {
                  id: Number(id),
                  title: t.title,
                  archetype: t.archetype,
                  // TopicViewSerializer: a closed topic takes no reply but staff's (Guardian#can_create_post_on_topic?).
                  closed: Number(id) === topicId && closed.on,
                  details: { can_create_post: !(Number(id) === topicId && closed.on) || staff.on },
                  post_stream: { posts: shown(req, t.posts).slice(0, CHUNK).map(withoutRaw), stream: shown(req, t.posts).map((p) => p.id) },
                },
              };
        },
      ],
      [
        'GET',
        /^\/t\/(\d+)\/posts\.json$/,
        (req, [id]) => {
          const t = topicFor(req, id);
          if (isReply(t)) return t;
          const ids = req.query.getAll('post_ids[]').map(Number);
          const found = shown(req, t.posts)
            .filter((p) => ids.includes(p.id))
            .slice(0, CHUNK);
          return { status: 200, body: { post_stream: { posts: req.query.get('include_raw') === 'true' ? found : found.map(withoutRaw) } } };
        },
      ],
      ...messageListRoutes(pms, asker),
      [
        'POST',
        /^\/uploads\.json$/,
        async (req) => {
          const file = req.form?.get('file');
          if (req.form?.get('type') !== 'composer' || !(file instanceof File)) return error(422, 'invalid_parameters', 'type and file are required.');
          const short_url = `upload://${uploads.length + 1}abc.png`;
          uploads.push({ short_url, filename: file.name, data: Buffer.from(await file.arrayBuffer()) });
          return {
            status: 200,
            body: {
              id: uploads.length,
              url: `/uploads/default/original/1X/${uploads.length}abc.png`,
              short_url,
              original_filename: file.name,
              extension: 'png',
              filesize: file.size,
            },
          };
        },
      ],
      [
        'POST',
        /^\/posts\.json$/,
        (req) => {
          const body = req.json as { topic_id?: number; raw?: string; title?: string; archetype?: string; target_recipients?: string };
          if (body.archetype === 'private_message') {
            const to = (body.target_recipients ?? '').split(',').map((n) => n.toLowerCase());
            const unknown = to.filter((n) => !users.includes(n));
            if (unknown.length || !body.title) return error(422, 'invalid_parameters', `There is no user ${unknown.join(', ')}.`);
            const limited = paced(req, 'message');
            if (limited) return limited;
            messages.push({ title: body.title, raw: body.raw ?? '', target_recipients: body.target_recipients ?? '' });
            const pm = message(asker(req), body.title, body.raw ?? '', to);
            return { status: 200, body: pm.posts[0] };
          }
          const inPm = pms.find((pm) => pm.id === body.topic_id);
          const limited = paced(req, 'reply');
          if (limited) return limited;
          // A reply in a private message: only its participants may write in it (403 for anyone else).
          if (inPm) return inPm.participants.includes(asker(req)) ? { status: 200, body: write(inPm.posts, inPm.id, asker(req), body.raw ?? '') } : forbidden();
          if (body.topic_id !== topicId) return notFound();
          if (closed.on && !staff.on) return forbidden();
          const username = asker(req);
          if (justPosted(username, body.raw ?? '')) return error(422, 'invalid_parameters', 'Body is too similar to what you recently posted');
          if (reviewing) {
            pending.push({ id: 400 + pending.length, username, raw: body.raw ?? '' });
            return { status: 200, body: { action: 'enqueued', pending_post: { id: pending.at(-1)!.id, raw: body.raw ?? '' }, pending_count: pending.length } };
          }
          return { status: 200, body: say(username, body.raw ?? '') };
        },
      ],
      [
        'PUT',
        /^\/posts\/(\d+)\.json$/,
        (req, [id]) => {
          const post = [...posts, ...pms.flatMap((pm) => pm.posts)].find((p) => p.id === Number(id));
          const raw = (req.json as { post?: { raw?: string } } | undefined)?.post?.raw;
          if (!post) return notFound();
          if (post.username !== asker(req)) return forbidden();
          if (!raw) return error(422, 'invalid_parameters', 'post[raw] is required.');
          return { status: 200, body: { post: edit(post, raw) } };
        },
      ],
      ...userKeys.routes,
      [
        'GET',
        /^\/session\/current\.json$/,
        (req) => {
          const i = users.indexOf(asker(req));
          const moderator = staff.on && users[i] === 'adjutant' && req.headers['api-key'] !== undefined;
          return { status: 200, body: { current_user: { id: i + 1, username: users[i], trust_level: trustLevels[users[i]] ?? 1, moderator, admin: false } } };
        },
      ],
      [
        'GET',
        /^\/u\/([^/]+)\.json$/,
        (_req, [name]) => {
          const i = users.indexOf(decodeURIComponent(name).toLowerCase());
          // UserSerializer's trust_level, moderator and admin; the API user is a moderator while `staff` is on.
          const user = {
            id: i + 1,
            username: users[i],
            name: users[i],
            trust_level: trustLevels[users[i]] ?? 1,
            moderator: staff.on && users[i] === 'adjutant',
            admin: false,
          };
          return i < 0 ? notFound() : { status: 200, body: { user } };
        },
      ],
    ],
    (req) => {
      // The authorization pages are a logged-in member's, in a browser (its session cookie).
      if (/^\/user-api-key(\/new|\.json)?$/.test(req.path)) return null;
      // A key Discourse knows is counted against its request limits (discourse-limits.ts) before the route.
      const member = userKeys.holder(req);
      if (member !== null) return typeof member === 'string' ? pacing.request(String(req.headers['user-api-key'])) : member;
      return req.headers['api-key'] === key && users.includes(String(req.headers['api-username']))
        ? pacing.request(null)
        : error(403, 'invalid_access', 'You are not permitted to view the requested resource. The API username or key is invalid.');
    },
    port,
  );
  return {
    server,
    key,
    posts,
    uploads,
    messages,
    pms,
    say,
    edit: (post, raw) => void edit(post, raw),
    message,
    reply: (pm, from, raw) => write(pm.posts, pm.id, from, raw),
    holdForReview: (on) => void (reviewing = on),
    remove: (post, by) => void (by === 'author' ? Object.assign(edit(post, '(post deleted by author)'), { user_deleted: true }) : (post.deleted_at = tick())),
    staff,
    trustLevels,
    limits: pacing.limits,
    closed,
    pending,
    approve: () => {
      for (const p of pending.splice(0)) say(p.username, p.raw);
    },
    userKeys,
  };
}

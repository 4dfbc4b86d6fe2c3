// Discourse's API as docs.discourse.org describes it, for the calls Adjutant makes: Api-Key and
// Api-Username headers; GET /t/{id}.json (post_stream.stream: every post id) and
// GET /t/{id}/posts.json?post_ids[]= (posts by id, raw with include_raw); POST /uploads.json
// (multipart, type "composer") answering a short_url "upload://..."; POST /posts.json (a reply, or
// a private message with archetype "private_message" and target_recipients); GET /u/{name}.json.
// Errors are { errors: [text], error_type }, and a 429 carries Retry-After and extras.wait_seconds.
import { startContractServer, type ContractServer, type Reply } from './contract-server.ts';

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
}

export interface DiscourseForum {
  server: ContractServer;
  key: string;
  posts: DcPost[];
  uploads: Array<{ short_url: string; filename: string; data: Buffer }>;
  messages: Array<{ title: string; raw: string; target_recipients: string }>;
  say(username: string, raw: string): DcPost;
  edit(post: DcPost, raw: string): void;
}

const error = (status: number, error_type: string, text: string): Reply => ({ status, body: { errors: [text], error_type } });
const CHUNK = 20;

export async function startDiscourse(topicId = 55, users = ['adjutant', 'alice', 'bob']): Promise<DiscourseForum> {
  const key = 'dc-key-1';
  const posts: DcPost[] = [];
  const uploads: DiscourseForum['uploads'] = [];
  const messages: DiscourseForum['messages'] = [];
  let nextPost = 9000;
  let clock = Date.parse('2031-03-01T10:00:00Z');
  const tick = () => new Date((clock += 60_000)).toISOString();
  const say = (username: string, raw: string): DcPost => {
    const at = tick();
    const post = { id: nextPost++, topic_id: topicId, post_number: posts.length + 1, user_id: users.indexOf(username) + 1, username, raw, cooked: `<p>${raw}</p>`, created_at: at, updated_at: at, topic_slug: 'game-thread' };
    posts.push(post);
    return post;
  };
  const withoutRaw = ({ raw: _raw, ...rest }: DcPost) => rest;

  const server = await startContractServer(
    [
      ['GET', /^\/t\/(\d+)\.json$/, (_req, [id]) => (Number(id) !== topicId ? error(404, 'not_found', 'The requested URL or resource could not be found.') : { status: 200, body: { id: topicId, title: 'Game thread', post_stream: { posts: posts.slice(0, CHUNK).map(withoutRaw), stream: posts.map((p) => p.id) } } })],
      ['GET', /^\/t\/(\d+)\/posts\.json$/, (req, [id]) => {
        if (Number(id) !== topicId) return error(404, 'not_found', 'The requested URL or resource could not be found.');
        const ids = req.query.getAll('post_ids[]').map(Number);
        const found = posts.filter((p) => ids.includes(p.id)).slice(0, CHUNK);
        return { status: 200, body: { post_stream: { posts: req.query.get('include_raw') === 'true' ? found : found.map(withoutRaw) } } };
      }],
      ['POST', /^\/uploads\.json$/, async (req) => {
        const file = req.form?.get('file');
        if (req.form?.get('type') !== 'composer' || !(file instanceof File)) return error(422, 'invalid_parameters', 'type and file are required.');
        const short_url = `upload://${uploads.length + 1}abc.png`;
        uploads.push({ short_url, filename: file.name, data: Buffer.from(await file.arrayBuffer()) });
        return { status: 200, body: { id: uploads.length, url: `/uploads/default/original/1X/${uploads.length}abc.png`, short_url, original_filename: file.name, extension: 'png', filesize: file.size } };
      }],
      ['POST', /^\/posts\.json$/, (req) => {
        const body = req.json as { topic_id?: number; raw?: string; title?: string; archetype?: string; target_recipients?: string };
        if (body.archetype === 'private_message') {
          const unknown = (body.target_recipients ?? '').split(',').filter((n) => !users.includes(n.toLowerCase()));
          if (unknown.length || !body.title) return error(422, 'invalid_parameters', `There is no user ${unknown.join(', ')}.`);
          messages.push({ title: body.title, raw: body.raw ?? '', target_recipients: body.target_recipients ?? '' });
          return { status: 200, body: { id: nextPost++, topic_id: 8000 + messages.length, post_number: 1 } };
        }
        if (body.topic_id !== topicId) return error(404, 'not_found', 'The requested URL or resource could not be found.');
        return { status: 200, body: say(String(req.headers['api-username']), body.raw ?? '') };
      }],
      ['GET', /^\/u\/([^/]+)\.json$/, (_req, [name]) => {
        const i = users.indexOf(decodeURIComponent(name).toLowerCase());
        return i < 0 ? error(404, 'not_found', 'The requested URL or resource could not be found.') : { status: 200, body: { user: { id: i + 1, username: users[i], name: users[i] } } };
      }],
    ],
    (req) => (req.headers['api-key'] === key && users.includes(String(req.headers['api-username'])) ? null : error(403, 'invalid_access', 'You are not permitted to view the requested resource. The API username or key is invalid.')),
  );
  return { server, key, posts, uploads, messages, say, edit: (post, raw) => Object.assign(post, { raw, updated_at: tick() }) };
}

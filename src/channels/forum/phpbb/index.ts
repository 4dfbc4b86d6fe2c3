// phpBB: no API, so Adjutant either reads the topic's Atom feed as a guest, and the GM pastes the
// update (in phpBB's BBCode) and answers go by email; or, given an ordinary member's login, acts as
// that member through the board's own pages and forms: it reads the topic's pages, posts the
// update, and sends and reads private messages.
import type { ForumSoftware } from '../base/forum-software.ts';
import { phpbbAdapter } from './phpbb-adapter.ts';
import { phpbbMember } from './phpbb-member.ts';

export const phpbb: ForumSoftware = {
  id: 'phpbb',
  name: 'phpBB',
  flavour: { template: 'update-phpbb.bbcode.hbs', file: 'update-phpbb.txt', markup: 'phpBB BBCode', format: 'bbcode' },
  // Only as a member: game.yaml's credentials say which (forum-config.ts, forumPosts).
  posts: false,
  // phpBB's max_post_chars (install/schemas/schema_data.sql), 60,000 characters by default.
  postLimit: 60_000,
  credentials: { key: 'none', user: { need: 'none' } },
  memberLogin: true,
  // Loaded only when asked for: the service never runs it.
  sandbox: async (options) => (await import('../../../../sandbox/forum/phpbb-sandbox.ts')).phpbbSandbox(options),
  open: (s) =>
    s.login
      ? phpbbMember({ baseUrl: s.baseUrl, topicId: s.thread, login: s.login, http: s.http })
      : phpbbAdapter({ baseUrl: s.baseUrl, topicId: s.thread, http: s.http }),
};

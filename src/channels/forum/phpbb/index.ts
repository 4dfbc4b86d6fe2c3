// phpBB: no API to post with, so its thread is read from the topic's Atom feed and the GM pastes
// the update (in phpBB's BBCode); answers to its members go by email.
import type { ForumSoftware } from '../base/forum-software.ts';
import { phpbbAdapter } from './phpbb-adapter.ts';

export const phpbb: ForumSoftware = {
  id: 'phpbb',
  name: 'phpBB',
  flavour: { template: 'update-phpbb.bbcode.hbs', file: 'update-phpbb.txt', markup: 'phpBB BBCode', format: 'bbcode' },
  posts: false,
  // phpBB's max_post_chars (install/schemas/schema_data.sql), 60,000 characters by default.
  postLimit: 60_000,
  credentials: { key: 'none', user: { need: 'none' } },
  open: (s) => phpbbAdapter({ baseUrl: s.baseUrl, topicId: s.thread, http: s.http }),
};

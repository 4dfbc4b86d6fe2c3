// XenForo (its REST API, https://xenforo.com/docs/dev/rest-api/): updates in its BBCode, posted and
// answered with a super-user API key acting as the game's account.
import type { ForumSoftware } from '../base/forum-software.ts';
import { xenforoAdapter } from './xenforo-adapter.ts';

export const xenforo: ForumSoftware = {
  id: 'xenforo',
  name: 'XenForo',
  flavour: { template: 'update-xenforo.bbcode.hbs', file: 'update-xenforo.txt', markup: 'XenForo BBCode', format: 'bbcode-upper' },
  posts: true,
  // XenForo's option "Maximum message length" (messageMaxLength), 25,000 characters as installed.
  postLimit: 25_000,
  credentials: { key: 'required', user: { need: 'optional' } },
  open: (s) => xenforoAdapter({ baseUrl: s.baseUrl, threadId: s.thread, apiKey: s.key!, apiUser: s.user, http: s.http }),
};

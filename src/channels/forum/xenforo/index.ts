// XenForo: updates in its BBCode, posted and answered as the game's account, either through the
// REST API with a key (https://xenforo.com/docs/dev/rest-api/; only a board's super administrators
// can make one), or, as an ordinary member, through the board's own pages and forms.
import type { ForumSoftware } from '../base/forum-software.ts';
import { xenforoAdapter, xenforoAdapterOver } from './xenforo-adapter.ts';
import { xenforoMember } from './xenforo-member.ts';

export const xenforo: ForumSoftware = {
  id: 'xenforo',
  name: 'XenForo',
  flavour: { template: 'update-xenforo.bbcode.hbs', file: 'update-xenforo.txt', markup: 'XenForo BBCode', format: 'bbcode-upper' },
  posts: true,
  // XenForo's option "Maximum message length" (messageMaxLength), 25,000 characters as installed.
  postLimit: 25_000,
  credentials: { key: 'required', user: { need: 'optional' } },
  memberLogin: true,
  // Loaded only when asked for: the service never runs it.
  sandbox: async (options) => (await import('../../../../sandbox/forum/xenforo-sandbox.ts')).xenforoSandbox(options),
  open: (s) =>
    s.login
      ? xenforoAdapterOver(xenforoMember({ baseUrl: s.baseUrl, threadId: s.thread, login: s.login, http: s.http }), s.thread)
      : xenforoAdapter({ baseUrl: s.baseUrl, threadId: s.thread, apiKey: s.key!, apiUser: s.user, http: s.http }),
};

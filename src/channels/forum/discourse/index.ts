// Discourse (its API, https://docs.discourse.org/): updates in Markdown, posted with an
// administrator's API key and the Api-Username it acts as, or with a member's own user API key
// (user-api-key.ts); its signed webhooks read new posts without waiting for a poll.
import type { AdapterSettings, ForumSoftware } from '../base/forum-software.ts';
import { discourseAdapter } from './discourse-adapter.ts';
import type { DiscourseAuth } from './discourse-auth.ts';
import { userApiKeys } from './user-api-key.ts';
import { verifyWebhook, webhookPost } from './webhook.ts';

/** game.yaml's schema lets through either a member's key or an administrator's key with its user, never neither. */
const authOf = (s: AdapterSettings): DiscourseAuth =>
  s.memberKey ? { userApiKey: s.memberKey, clientId: s.clientId } : { apiKey: s.key!, apiUsername: s.user! };

export const discourse: ForumSoftware = {
  id: 'discourse',
  name: 'Discourse',
  flavour: { template: 'update-discourse.md.hbs', file: 'update-discourse.md', markup: 'Discourse Markdown', format: 'md' },
  posts: true,
  // Discourse's site setting max_post_length (config/site_settings.yml), 32,000 characters by default.
  postLimit: 32_000,
  credentials: { key: 'required', user: { need: 'required', is: 'the Api-Username' } },
  webhook: { signatureHeader: 'x-discourse-event-signature', eventHeader: 'x-discourse-event', verify: verifyWebhook, post: webhookPost },
  authorize: userApiKeys,
  // Loaded only when asked for: the service never runs it.
  sandbox: async (options) => (await import('../../../../sandbox/forum/discourse-sandbox.ts')).discourseSandbox(options),
  open: (s) => discourseAdapter({ baseUrl: s.baseUrl, topicId: s.thread, ...authOf(s), http: s.http }),
};

// Discourse (its API, https://docs.discourse.org/): updates in Markdown, posted with an API key and
// the Api-Username it acts as; its signed webhooks read new posts without waiting for a poll.
import type { ForumSoftware } from '../base/forum-software.ts';
import { discourseAdapter } from './discourse-adapter.ts';
import { verifyWebhook, webhookPost } from './webhook.ts';

export const discourse: ForumSoftware = {
  id: 'discourse',
  name: 'Discourse',
  flavour: { template: 'update-discourse.md.hbs', file: 'update-discourse.md', markup: 'Discourse Markdown', format: 'md' },
  posts: true,
  // Discourse's site setting max_post_length (config/site_settings.yml), 32,000 characters by default.
  postLimit: 32_000,
  credentials: { key: 'required', user: { need: 'required', is: 'the Api-Username' } },
  webhook: { signatureHeader: 'x-discourse-event-signature', eventHeader: 'x-discourse-event', verify: verifyWebhook, post: webhookPost },
  open: (s) => discourseAdapter({ baseUrl: s.baseUrl, topicId: s.thread, apiKey: s.key!, apiUsername: s.user!, http: s.http }),
};

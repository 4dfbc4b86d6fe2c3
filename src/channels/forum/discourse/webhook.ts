// Discourse webhooks: a faster path than polling. Discourse signs each delivery's body with the
// webhook's secret and sends "X-Discourse-Event-Signature: sha256=<hex HMAC-SHA256>"; anything
// unsigned or signed with another secret is refused before it is read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookPost } from '../base/forum-software.ts';

export function verifyWebhook(body: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature?.startsWith('sha256=') || !secret) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The post a "post_created" (or "post_edited") delivery is about; null for any other event. */
export function webhookPost(event: string | undefined, payload: unknown): WebhookPost | null {
  if (event !== 'post_created' && event !== 'post_edited') return null;
  type Loose = {
    id?: unknown;
    topic_id?: unknown;
    username?: unknown;
    raw?: unknown;
    user_id?: unknown;
    created_at?: unknown;
    updated_at?: unknown;
    topic_archetype?: unknown;
  };
  const post = (payload as { post?: Loose } | null)?.post;
  if (typeof post?.id !== 'number' || typeof post.topic_id !== 'number' || typeof post.username !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    id: post.id,
    topicId: post.topic_id,
    username: post.username,
    raw: text(post.raw),
    userId: typeof post.user_id === 'number' ? post.user_id : undefined,
    createdAt: text(post.created_at),
    updatedAt: text(post.updated_at),
    private: post.topic_archetype === 'private_message',
  };
}

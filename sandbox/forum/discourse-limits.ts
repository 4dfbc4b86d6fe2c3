// What Discourse lets a member who is not staff post, by its RateLimiter with the site settings as
// installed: a private message starts a topic, one per rate_limit_create_topic seconds (15), and
// at most max_personal_messages_per_day (20) a day (Topic#limit_private_messages_per_day); a reply,
// one per rate_limit_create_post seconds (5). A limit reached answers 429 with Retry-After and the
// body of RateLimiter::LimitExceeded: errors ("You’ve performed this action too many times. Please
// wait %{time_left} before trying again.", rate_limiter.too_many_requests), error_type
// "rate_limit", extras { wait_seconds, time_left }. The local forum starts with every limit off
// (0), and a test or bench sets them.
import type { Reply } from './contract-server.ts';

export interface DiscourseLimits {
  newMessageSeconds: number;
  /** 0: no daily limit. */
  messagesPerDay: number;
  replySeconds: number;
}

export type PostKind = 'message' | 'reply';

const DAY_MS = 86_400_000;

export function discourseLimits() {
  const limits: DiscourseLimits = { newMessageSeconds: 0, messagesPerDay: 0, replySeconds: 0 };
  const last = new Map<string, number>();
  const today = new Map<string, number[]>();
  const refused = (waitMs: number): Reply => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const time_left = seconds < 3600 ? `${seconds} seconds` : `${Math.ceil(seconds / 3600)} hours`;
    return {
      status: 429,
      headers: { 'retry-after': String(seconds) },
      body: {
        errors: [`You’ve performed this action too many times. Please wait ${time_left} before trying again.`],
        error_type: 'rate_limit',
        extras: { wait_seconds: seconds, time_left },
      },
    };
  };
  return {
    limits,
    /** The refusal of this post by this member now, or null when it may be made (and is counted). */
    take(user: string, kind: PostKind): Reply | null {
      const now = Date.now();
      const every = (kind === 'message' ? limits.newMessageSeconds : limits.replySeconds) * 1000;
      const since = now - (last.get(`${user}:${kind}`) ?? 0);
      if (since < every) return refused(every - since);
      if (kind === 'message' && limits.messagesPerDay) {
        const sent = (today.get(user) ?? []).filter((at) => now - at < DAY_MS);
        if (sent.length >= limits.messagesPerDay) return refused(sent[0] + DAY_MS - now);
        today.set(user, [...sent, now]);
      }
      last.set(`${user}:${kind}`, now);
      return null;
    },
  };
}

// What Discourse lets a member who is not staff post, by its RateLimiter with the site settings as
// installed: a private message starts a topic, one per rate_limit_create_topic seconds (15), and
// at most max_personal_messages_per_day (20) a day (Topic#limit_private_messages_per_day); a reply,
// one per rate_limit_create_post seconds (5). And how many requests an API key may make
// (lib/auth/default_current_user_provider.rb, with the global settings of
// config/discourse_defaults.conf): the admin API keys together max_admin_api_reqs_per_minute (60;
// one limiter, "admin_api_min", for the whole site, staff or not), each user API key
// max_user_api_reqs_per_minute (20) and max_user_api_reqs_per_day (2,880). A user API key's request
// counts against its minute first: refused there, its day is not touched; let through its minute
// but refused by its day, the minute keeps it (RateLimiter#performed! records only what it lets
// through). A limit reached answers 429 with Retry-After and the body of
// RateLimiter::LimitExceeded (ApplicationController's rescue): errors ("You’ve performed this action
// too many times. Please wait %{time_left} before trying again.", rate_limiter.too_many_requests),
// error_type "rate_limit", extras { wait_seconds, time_left }; a request limit also names its
// limiter in the Discourse-Rate-Limit-Error-Code header (admin_api_key_rate_limit,
// user_api_key_limiter_60_secs, user_api_key_limiter_1_day). Every limiter is RateLimiter's sliding
// window: the wait is until the oldest of the last `max` actions is a window old. The local forum
// starts with every limit off (0), and a test or bench sets them, and may shorten the minute and
// the day.
import type { Reply } from './contract-server.ts';

export interface DiscourseLimits {
  newMessageSeconds: number;
  /** 0: no daily limit. */
  messagesPerDay: number;
  replySeconds: number;
  /** max_admin_api_reqs_per_minute: requests a minute by all the admin API keys together; 0: no limit. */
  adminRequestsPerMinute: number;
  /** max_user_api_reqs_per_minute: requests a minute by one user API key; 0: no limit. */
  userKeyRequestsPerMinute: number;
  /** max_user_api_reqs_per_day: requests a day by one user API key; 0: no limit. */
  userKeyRequestsPerDay: number;
  /** The limiters' minute, which a test shortens (60 s in Discourse). */
  minuteMs: number;
  /** The limiters' day (24 h in Discourse), for the day's private messages and a user API key's requests. */
  dayMs: number;
}

export type PostKind = 'message' | 'reply';

export function discourseLimits() {
  const limits: DiscourseLimits = {
    newMessageSeconds: 0,
    messagesPerDay: 0,
    replySeconds: 0,
    adminRequestsPerMinute: 0,
    userKeyRequestsPerMinute: 0,
    userKeyRequestsPerDay: 0,
    minuteMs: 60_000,
    dayMs: 86_400_000,
  };
  const last = new Map<string, number>();
  const today = new Map<string, number[]>();
  // Each request limiter's actions, newest last, as RateLimiter keeps them in Redis.
  const done = new Map<string, number[]>();
  const refused = (waitMs: number, code?: string): Reply => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const time_left = seconds < 3600 ? `${seconds} seconds` : `${Math.ceil(seconds / 3600)} hours`;
    return {
      status: 429,
      headers: { 'retry-after': String(seconds), ...(code && { 'discourse-rate-limit-error-code': code }) },
      body: {
        errors: [`You’ve performed this action too many times. Please wait ${time_left} before trying again.`],
        error_type: 'rate_limit',
        extras: { wait_seconds: seconds, time_left },
      },
    };
  };
  /** RateLimiter#performed!: the refusal when `max` actions are within the window, else the action is recorded. */
  const perform = (name: string, max: number, windowMs: number, code: string): Reply | null => {
    if (!max) return null;
    const now = Date.now();
    const within = (done.get(name) ?? []).filter((at) => now - at < windowMs);
    done.set(name, within);
    if (within.length >= max) return refused(within[within.length - max] + windowMs - now, code);
    within.push(now);
    return null;
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
        const sent = (today.get(user) ?? []).filter((at) => now - at < limits.dayMs);
        if (sent.length >= limits.messagesPerDay) return refused(sent[0] + limits.dayMs - now);
        today.set(user, [...sent, now]);
      }
      last.set(`${user}:${kind}`, now);
      return null;
    },
    /** The refusal of a request by this user API key (null: by an admin API key) now, or null when it is let through (and counted). */
    request(userKey: string | null): Reply | null {
      if (userKey === null) return perform('admin_api_min', limits.adminRequestsPerMinute, limits.minuteMs, 'admin_api_key_rate_limit');
      return (
        perform(`user_api_min_${userKey}`, limits.userKeyRequestsPerMinute, limits.minuteMs, 'user_api_key_limiter_60_secs') ??
        perform(`user_api_day_${userKey}`, limits.userKeyRequestsPerDay, limits.dayMs, 'user_api_key_limiter_1_day')
      );
    },
  };
}

// How many requests Discourse lets an API key make (lib/auth/default_current_user_provider.rb,
// with the global settings of config/discourse_defaults.conf, which only whoever hosts the forum
// can change): the admin API keys together max_admin_api_reqs_per_minute (60), each user API key
// max_user_api_reqs_per_minute (20) and max_user_api_reqs_per_day (2,880). A limit reached answers
// 429 with Retry-After, and names its RateLimiter in the Discourse-Rate-Limit-Error-Code header
// (ApplicationController's rescue of RateLimiter::LimitExceeded). A minute's limit asks for a pause
// that the HTTP client sits out; the day's can ask for hours, and is told apart by its limiter's name.
//
// Requests are not paced here to stay under those limits: a game's reader and poster may run in
// different processes on the one key, and the admin keys' limit is the whole site's, shared with
// whatever else uses them, so no count kept by one adapter is Discourse's. Its 429 says how long
// to wait, and that is what is honoured.

/** The error code of a user API key's daily limiter. */
const DAY_LIMITER = 'user_api_key_limiter_1_day';

/** Whether a 429 says the user API key's requests for the day are spent. */
export function dailyAllowanceSpent(headers: Headers): boolean {
  return headers.get('discourse-rate-limit-error-code') === DAY_LIMITER;
}

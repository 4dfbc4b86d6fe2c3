// What an SMTP failure means for the message: refused for good (5xx), the provider throttling us
// (it says so in a 421/450/451/452 reply), or a passing fault worth retrying (4xx, a dropped
// connection, a server down).

export type SmtpFailure = 'permanent' | 'throttled' | 'temporary';

const THROTTLE_WORDS = /rate|too many|throttl|limit exceeded|quota|slow down/i;

export function classifySmtpError(err: Error & { responseCode?: number; response?: string }): SmtpFailure {
  const code = err.responseCode;
  if (code && code >= 500 && code < 600) return 'permanent';
  if (code && [421, 450, 451, 452].includes(code) && THROTTLE_WORDS.test(`${err.response ?? ''} ${err.message}`)) return 'throttled';
  return 'temporary';
}

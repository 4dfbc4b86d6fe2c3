// What an SMTP failure means for the message: refused for good (5xx), the provider throttling us
// (it says so in a 421/450/451/452 reply), or a passing fault worth retrying (4xx, a dropped
// connection, a server down).

export type SmtpFailure = 'permanent' | 'throttled' | 'temporary';

const THROTTLE_WORDS = /rate|too many|throttl|limit exceeded|quota|slow down/i;

export type SmtpError = Error & { responseCode?: number; response?: string; code?: string; originalCode?: string };

/** Errors (nodemailer keeps the system's code as `originalCode`) raised before any server took a byte. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EDNS']);

export function classifySmtpError(err: SmtpError): SmtpFailure {
  const code = err.responseCode;
  if (code && code >= 500 && code < 600) return 'permanent';
  if (code && [421, 450, 451, 452].includes(code) && THROTTLE_WORDS.test(`${err.response ?? ''} ${err.message}`)) return 'throttled';
  return 'temporary';
}

/**
 * Whether a failed SMTP conversation may still have delivered the message: not when the server
 * answered with an error, nor when no connection was made; yes when the connection broke or timed
 * out with no answer (the server may have taken the message and the answer been lost).
 */
export function mayHaveArrived(err: SmtpError): boolean {
  return !err.responseCode && !NEVER_CONNECTED.has(err.originalCode ?? err.code ?? '');
}

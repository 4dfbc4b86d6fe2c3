// Which failures are worth retrying. A Redis or SMTP hiccup passes; a broken game folder, a ruleset
// that throws, or a bug do not, and retrying them only delays telling the GM.

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ESOCKET',
  'ECONNECTION',
  'EDNS',
]);
const TRANSIENT_MESSAGES = /Connection is closed|Stream isn't writeable|LOADING|READONLY|TRYAGAIN|CLUSTERDOWN|MASTERDOWN|BUSY|max retries|socket hang up/i;

export function isTransient(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown; name?: unknown } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)) return true;
  // SMTP 4xx replies mean "try again later".
  if (typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 500) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  return typeof e.message === 'string' && TRANSIENT_MESSAGES.test(e.message);
}

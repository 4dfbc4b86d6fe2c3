// When the store cannot keep anything: Redis at its memory limit (OOM), a read-only replica
// (READONLY), loading its data after a restart (LOADING), a cluster without a master for a slot,
// a disk that refuses its snapshots (MISCONF), or the connection gone. Work that meets one of these
// is not at fault and must not be counted as failing: it waits for the store and runs again.

/** What the store said when it refused a write, as one typed error. */
export class StoreOutageError extends Error {
  override name = 'StoreOutageError';

  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the store (Redis) refused to keep it: ${reason}`, options);
  }
}

// Reply prefixes Redis answers with while it cannot take writes (or any command) for a while.
const REFUSALS = /^(OOM|READONLY|LOADING|CLUSTERDOWN|MASTERDOWN|TRYAGAIN|MISCONF|NOREPLICAS|BUSY)\b/;
// ioredis's own words for a connection that is gone or giving up.
const CONNECTION = /^(Connection is closed|Stream isn't writeable|Reached the max retries per request limit)/;

interface Loose {
  name?: unknown;
  message?: unknown;
  previousErrors?: unknown;
  cause?: unknown;
}

/** The outage behind `error` (or its causes), or null when the error is something else. */
export function storeOutageOf(error: unknown): StoreOutageError | null {
  for (let e = error as Loose | null | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as Loose, depth++) {
    if (e instanceof StoreOutageError) return e;
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.name === 'ReplyError' && REFUSALS.test(message)) return new StoreOutageError(firstSentence(message), { cause: error });
    // A transaction Redis discarded because it refused one of its commands.
    if (e.name === 'ReplyError' && message.startsWith('EXECABORT') && Array.isArray(e.previousErrors)) {
      const refused = e.previousErrors.map((p) => storeOutageOf(p)).find((p) => p !== null);
      if (refused) return new StoreOutageError(refused.reason, { cause: error });
    }
    // Refused connections (ECONNREFUSED) never reach a command: with maxRetriesPerRequest null it waits for the reconnect.
    if (e.name === 'MaxRetriesPerRequestError' || CONNECTION.test(message))
      return new StoreOutageError(`the connection to Redis is lost (${firstSentence(message)})`, { cause: error });
  }
  return null;
}

export function isStoreOutage(error: unknown): boolean {
  return storeOutageOf(error) !== null;
}

function firstSentence(message: string): string {
  const cut = message.search(/\.( |$)/);
  return cut > 0 ? message.slice(0, cut) : message.split('\n')[0];
}

/**
 * Runs `work` until the store keeps it, waiting 1 s, 2 s ... at most 5 s between tries while it
 * refuses, for at most `patienceMs`; for what is known only in memory and must not be lost (a
 * message the SMTP server took, not yet marked sent). Other errors are thrown at once.
 */
export async function untilStored<R>(work: () => Promise<R>, onOutage: (outage: StoreOutageError) => void, patienceMs = 3_600_000): Promise<R> {
  const until = Date.now() + patienceMs;
  for (let waitMs = 1000; ; waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      return await work();
    } catch (e) {
      const outage = storeOutageOf(e);
      if (!outage || Date.now() + waitMs > until) throw e;
      onOutage(outage);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

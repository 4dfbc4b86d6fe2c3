// What every page handler is given: the mail loop's dependencies (the store, the outbox, the
// GameControl, the clock; the GM's buttons run through the mail loop itself), the published
// folder, and where the site sits behind a proxy.
import type { WebhookTaker } from '../messages/channel-services.ts';
import type { MessageDeps } from '../messages/message-context.ts';
import type { WebLinks } from './link-generations.ts';

export interface WebContext {
  deps: MessageDeps;
  /** The output folder: maps and updates under /<game>/turn-<n>/. */
  outDir: string;
  /** The path prefix of ADJUTANT_PUBLIC_URL ("" when the site is at the root). */
  base: string;
  /** ADJUTANT_PUBLIC_URL without a trailing slash, for links in mail; absent on a private host. */
  publicUrl?: string;
  /** Trust X-Forwarded-For and X-Forwarded-Proto (only behind a proxy that sets them). */
  trustProxy: boolean;
  /** Private pages and the GM console; absent without a web secret, and then they answer 404. */
  links?: WebLinks;
  /** Signs the GM console's CSRF tokens: the web secret. */
  secret?: string;
  /** Queues a stored message for the parse worker, where the service runs one (web orders are also read at once). */
  queueMessage?: (job: { gameId: string; messageId: string }) => Promise<void>;
  /** The channels that take deliveries at POST /-/<channel id>/<path>, by id, where the service takes them. */
  webhooks?: ReadonlyMap<string, WebhookTaker>;
}

/** Names of a game's nations, as the GM wrote them. */
export function nationNames(config: { nations: Record<string, { name: string }> }, ids: readonly string[]): string[] {
  return ids.map((id) => config.nations[id]?.name ?? id);
}

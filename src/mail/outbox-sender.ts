// Sends what the outbox holds, over SMTP, and marks each message sent. A crash between the SMTP
// server's "OK" and the mark resends the message with the same Message-ID, which mail clients
// fold into one. Temporary SMTP failures are retried with backoff; a permanent refusal (5xx) is
// set aside with its reason instead of being retried for ever.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { gameKeys, mailKeys } from '../store/keys.ts';
import type { Outbox, OutboxEntry } from '../store/outbox.ts';
import { loopMarker } from './auto-mail.ts';
import type { SmtpAuth } from './mail-login.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  secure?: boolean;
  auth?: SmtpAuth;
}

export interface OutboxSenderOptions {
  outbox: Outbox;
  redis: Redis;
  smtp: SmtpSettings;
  logger: Logger;
  now: () => Date;
  /** How often to look for new messages when there is nothing to send. */
  pollMs?: number;
  /** First retry delay after a temporary failure; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Messages sent at once. */
  parallel?: number;
  /** The games this sender serves (all when absent): several senders may split the games between them. */
  serves?: (gameId: string) => boolean;
}

export interface OutboxSender {
  stop(): Promise<void>;
}

// The outbox's set of games with mail to send (src/store/outbox.ts keeps it under this name).
const PENDING_GAMES = 'adjutant:outbox:pending';

export function startOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { outbox, redis, logger } = options;
  const pollMs = options.pollMs ?? 200;
  const retryMs = options.retryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 300_000;
  const transport: Transporter = nodemailer.createTransport({ ...options.smtp, pool: true, maxConnections: options.parallel ?? 4, ignoreTLS: !options.smtp.secure && options.smtp.port !== 587 });
  const failures = new Map<string, { count: number; retryAt: number }>();
  let running = true;
  let wake: () => void = () => undefined;

  /** True when the message went out. */
  async function send(gameId: string, entry: OutboxEntry): Promise<boolean> {
    const id = `${gameId}/${entry.key}`;
    const failed = failures.get(id);
    if (failed && failed.retryAt > options.now().getTime()) return false;
    // Two senders must not both send one message: whoever sets the claim sends it.
    const claim = mailKeys(gameId).outboxSending(entry.key);
    if (!(await redis.set(claim, '1', 'PX', 60_000, 'NX'))) return false;
    const domain = entry.from.slice(entry.from.indexOf('@') + 1);
    try {
      await transport.sendMail({
        messageId: entry.messageId,
        date: options.now(),
        from: entry.from,
        to: entry.to,
        subject: entry.subject,
        text: entry.text,
        html: entry.html,
        inReplyTo: entry.inReplyTo,
        references: entry.references,
        attachments: entry.attachments,
        headers: { 'Auto-Submitted': entry.inReplyTo ? 'auto-replied' : 'auto-generated', 'X-Loop': loopMarker(domain), ...entry.headers },
      });
      await outbox.markSent(gameId, entry.key);
      failures.delete(id);
      return true;
    } catch (e) {
      const err = e as Error & { responseCode?: number; code?: string };
      if (err.responseCode && err.responseCode >= 500 && err.responseCode < 600) {
        logger.error({ gameId, key: entry.key, to: entry.to, err: err.message }, 'the SMTP server refused a message for good; set aside');
        await setAside(gameId, entry.key, err.message);
      } else {
        const count = (failed?.count ?? 0) + 1;
        const delay = Math.min(retryMs * 2 ** (count - 1), maxRetryMs);
        failures.set(id, { count, retryAt: options.now().getTime() + delay });
        logger.warn({ gameId, key: entry.key, err: err.message, code: err.code, retryInMs: delay }, 'sending failed; will retry');
      }
      return false;
    } finally {
      await redis.del(claim);
    }
  }

  async function setAside(gameId: string, key: string, error: string): Promise<void> {
    await redis.multi().hset(mailKeys(gameId).outboxFailed, key, JSON.stringify({ error, at: options.now().toISOString() })).zrem(gameKeys(gameId).outboxPending, key).exec();
    if ((await redis.zcard(gameKeys(gameId).outboxPending)) === 0) await redis.srem(PENDING_GAMES, gameId);
  }

  async function round(): Promise<boolean> {
    let busy = false;
    for (const gameId of await outbox.gamesWithPending()) {
      if (options.serves && !options.serves(gameId)) continue;
      const entries = await outbox.pending(gameId, 50);
      const parallel = options.parallel ?? 4;
      for (let i = 0; i < entries.length; i += parallel) {
        const sent = await Promise.all(entries.slice(i, i + parallel).map((entry) => send(gameId, entry)));
        busy ||= sent.includes(true);
      }
    }
    return busy;
  }

  const loop = (async () => {
    while (running) {
      let busy = false;
      try {
        busy = await round();
      } catch (e) {
        logger.error({ err: (e as Error).message }, 'the outbox sender could not read the outbox; retrying');
      }
      if (!busy && running) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop() {
      running = false;
      wake();
      await loop;
      transport.close();
    },
  };
}

// The BullMQ queues, every one of them: their names in one list, and each made by openQueue (its
// workers take the same names). Each job names its game; job ids make adding a job idempotent
// (a duplicate trigger for the same mail or the same step finds the job already there).
import { Queue, type ConnectionOptions } from 'bullmq';

export const QUEUES = {
  /** A raw email was stored: route, check the sender, parse, update orders in force, confirm. */
  parse: 'parse',
  /** A deadline passed (or the GM said PROCESS): adjudicate one step. */
  adjudicate: 'adjudicate',
  /** A step was committed: render reports, update and map. */
  render: 'render',
  /** Rendered results go out through the outbox. */
  publish: 'publish',
  /** Deadline reminders to players without orders, and the GM's list of open tickets. */
  remind: 'remind',
  /** A message recorded in the outbox: sent over SMTP at the configured rate, retried, set aside on refusal. */
  send: 'send',
  /** An item recorded in the forum outbox: posted to the game's forum, retried, set aside on refusal (forum-poster.ts). */
  forumPost: 'forum-post',
  /** Messages to the GM or players set aside this hour: one digest to the GM at its end (src/channels/email/mail-digest.ts). */
  digest: 'digest',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** One hash-tagged prefix, so every queue's keys sit on one Redis Cluster slot as BullMQ requires. */
export const QUEUE_PREFIX = '{adjutant-queues}';

/**
 * BullMQ's connection, with everything the URL says, as the store's ioredis reads it: user and
 * password (Redis ACLs), database, and TLS for rediss:// (managed Redis services).
 */
export function connectionFromUrl(url: string): ConnectionOptions {
  const u = new URL(url);
  const tls = u.protocol === 'rediss:';
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: Number(u.pathname.slice(1) || 0),
    ...(tls ? { tls: { servername: u.hostname } } : {}),
    maxRetriesPerRequest: null,
  };
}

/** `prefix` lets tests and benches run their own queues beside a live service on one Redis. */
export function openQueue(name: QueueName, connection: ConnectionOptions, prefix: string = QUEUE_PREFIX): Queue {
  return new Queue(name, { connection, prefix });
}

/** The listed queue of that name, for a name given from outside this list (a channel's own queue); an unlisted one is an error. */
export function queueNamed(name: string): QueueName {
  const found = Object.values(QUEUES).find((listed) => listed === name);
  if (!found) throw new Error(`No queue is named "${name}" in jobs/queues.ts.`);
  return found;
}

/** Job ids per queue: the same work always gets the same id. BullMQ forbids ":" in ids, so "/" joins. */
/**
 * `round` tells apart work on the same step number that is really new: a step replayed after a
 * rollback ("e1"), or adjudicated again after a preview re-run or a failure ("r2").
 */
export const jobIds = {
  // A forum item's id has a ":" ("forum-post:1000@0"); escaped, so an email's (hex) id is unchanged.
  parse: (gameId: string, messageId: string) => `${gameId}/${messageId.replaceAll('%', '%25').replaceAll(':', '%3A')}`,
  adjudicate: (gameId: string, step: number, round?: string) => withRound(`${gameId}/${step}`, round),
  render: (gameId: string, step: number, round?: string) => withRound(`${gameId}/${step}`, round),
  publish: (gameId: string, step: number, round?: string) => withRound(`${gameId}/${step}`, round),
  remind: (gameId: string, step: number, offset: string) => `${gameId}/${step}/${offset}`,
};

function withRound(id: string, round: string | undefined): string {
  return round ? `${id}/${round}` : id;
}

// The BullMQ queues. Each job names its game; job ids make adding a job idempotent
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
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** One hash-tagged prefix, so every queue's keys sit on one Redis Cluster slot as BullMQ requires. */
export const QUEUE_PREFIX = '{adjutant-queues}';

export function connectionFromUrl(url: string): ConnectionOptions {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 6379), password: u.password || undefined, db: Number(u.pathname.slice(1) || 0), maxRetriesPerRequest: null };
}

export function openQueue(name: QueueName, connection: ConnectionOptions): Queue {
  return new Queue(name, { connection, prefix: QUEUE_PREFIX });
}

/** Job ids per queue: the same work always gets the same id. BullMQ forbids ":" in ids, so "/" joins. */
export const jobIds = {
  parse: (gameId: string, mailId: string) => `${gameId}/${mailId}`,
  adjudicate: (gameId: string, step: number) => `${gameId}/${step}`,
  render: (gameId: string, step: number) => `${gameId}/${step}`,
  publish: (gameId: string, step: number) => `${gameId}/${step}`,
  remind: (gameId: string, step: number, offset: string) => `${gameId}/${step}/${offset}`,
};

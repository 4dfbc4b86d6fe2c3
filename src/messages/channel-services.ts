// What a channel runs beside its messages, and what it is started from. The service
// (jobs/service.ts) hands every registered channel one context and starts, part by part, the
// processes its record's `services` hook gives: a channel that needs a process of its own brings
// it in its folder, and the service names no channel.
import type { ConnectionOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { GameStore } from '../store/game-store.ts';
import type { OutageWatch } from '../store/outage-watch.ts';
import type { Outbox } from '../store/outbox.ts';
import type { GameControl } from '../turns/game-control.ts';

/**
 * The service's settings (jobs/service-config.ts, whose ServiceConfig extends this) as the
 * channels read them. A channel with a section of its own adds it from its folder by declaration
 * merging (`declare module '.../channel-services.ts'`), so src/ imports nothing from jobs/ and the
 * service's one schema cannot leave a channel's section out.
 */
export interface ChannelSettings {
  /** How long a job stays locked to a process that stopped answering, before another takes it. */
  lockMs: number;
}

export interface ChannelServiceContext {
  store: GameStore;
  /** The mail outbox: every channel's alerts to the GM go out by mail. */
  outbox: Outbox;
  redis: Redis;
  /** What BullMQ workers connect with. */
  connection: ConnectionOptions;
  logger: Logger;
  now: () => Date;
  /** The process's one watch on store outages: each channel's processes note what waits, and the GM hears once. */
  outages: OutageWatch;
  control: GameControl;
  /** The address Adjutant writes from when a game names no mailbox. */
  address: string;
  /** The games this process serves (ADJUTANT_INTAKE_GAMES), so several can share a mailbox or a forum; every stored game when absent. */
  games?: string[];
  config: ChannelSettings;
  /** Queues a stored message for the parse worker; queueing it twice is harmless. */
  enqueue(job: { gameId: string; messageId: string }): Promise<void>;
  /** Makes one of the queues jobs/queues.ts lists (by its name there), under the service's prefix; an unlisted name is an error. */
  openQueue(name: string): Queue;
}

/** What a channel's own commands (`adjutant <channel> …`) are given by the command line. */
export interface ChannelCommandContext {
  /** The service's settings, read from the environment when first asked for: a command that needs none works without them. */
  settings(): ChannelSettings;
  /** Prints data as every command's `--json` does. */
  printJson(value: unknown): void;
}

/** A started process: stopping it lets what it has in hand finish. */
export interface Running {
  stop(): Promise<void>;
}

/**
 * A channel's processes, each part started by the service part of the same name (docs/operations.md).
 * What the parts share (one login for receiving and sending; a reader the webhooks wake) is kept
 * in the hook's closure.
 */
export interface ChannelServices {
  /** Starts taking the channel's messages in: each stored, then queued for the parse worker. */
  intake?(): Running;
  /** Starts sending what the channel has to send out. */
  sender?(): Running;
  /** The channel's deliveries over HTTP, made when the web server starts, which mounts them at POST /-/<channel id>/…. */
  webhooks?(): WebhookTaker;
}

/** A channel's deliveries over HTTP (a forum's webhooks): which paths after /-/<channel id>/ are its, and the answer to one. */
export interface WebhookTaker {
  accepts(path: readonly string[]): boolean;
  take(delivery: WebhookRequest): Promise<{ status: number; text: string }>;
}

export interface WebhookRequest {
  /** The path after /-/<channel id>/, one decoded segment each. */
  path: readonly string[];
  body: Buffer;
  header(name: string): string | undefined;
}

// One process's view of store outages (store-outage.ts): the first refused write begins one, what
// waited because of it is noted, a probe write every second says when Redis takes writes again, and
// then the outage is merged into one record in Redis with what the other processes saw of it. Once no
// process has added to that record for a few seconds, one of them takes it and each game's GM gets
// one summary: when, why, and what waited. Never one mail per message: an outage is one event.
// Owns (src/store/keys.ts): STORE_KEYS.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { STORE_KEYS } from './keys.ts';
import { loadLua } from './lua.ts';
import { storeOutageOf, type StoreOutageError } from './store-outage.ts';

/** What waited, as the GM's summary counts it: a channel's message (an email, a forum post), a message to send, a turn job. */
export type WaitingKind = string;

export interface Waiting {
  gameId: string;
  kind: WaitingKind;
  /** The mail id, post id, message key or job id: each is counted once. */
  id: string;
}

export interface OutageSummary {
  begun: Date;
  over: Date;
  reason: string;
  /** How many of each kind waited, for this game. */
  waited: Record<WaitingKind, number>;
}

export interface OutageWatchOptions {
  redis: Redis;
  logger: Logger;
  now: () => Date;
  /** Tells a game's GM about an outage that is over (src/messages/gm-alerts.ts). */
  tell: (gameId: string, summary: OutageSummary) => Promise<void>;
  /** How often a probe write is tried during an outage. */
  probeMs?: number;
  /** How long the record must stay unchanged before the GM is told, so late processes add theirs. */
  settleMs?: number;
}

const MERGE = loadLua(import.meta.url, 'outage-merge.lua');
const TAKE = loadLua(import.meta.url, 'outage-take.lua');

interface Current {
  begun: Date;
  reason: string;
  waited: Set<string>;
}

export class OutageWatch {
  private current: Current | null = null;
  private probing: Promise<void> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private wake: () => void = () => undefined;
  private stopped = false;
  private readonly probeMs: number;
  private readonly settleMs: number;

  constructor(private readonly options: OutageWatchOptions) {
    this.probeMs = options.probeMs ?? 1000;
    this.settleMs = options.settleMs ?? 5000;
  }

  /** Whether this process is in an outage now. */
  get active(): boolean {
    return this.current !== null;
  }

  /** Notes a refused write (and what waits because of it); the first begins the outage. */
  noted(outage: StoreOutageError, waiting?: Waiting | { gameId: string }): void {
    if (!this.current) {
      this.current = { begun: this.options.now(), reason: outage.reason, waited: new Set() };
      this.options.logger.error(
        { reason: outage.reason },
        'the store (Redis) refuses writes; everything waits where it is and runs again once it takes writes; the GM is told when it is over',
      );
      this.probing ??= this.probe();
    }
    if (waiting) this.current.waited.add('kind' in waiting ? `${waiting.gameId}\t${waiting.kind}\t${waiting.id}` : `${waiting.gameId}\t\t`);
  }

  /** Notes `error` when it is an outage; says whether it was. */
  notedIfOutage(error: unknown, waiting?: Waiting | { gameId: string }): boolean {
    const outage = storeOutageOf(error);
    if (outage) this.noted(outage, waiting);
    return outage !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.wake();
    await this.probing;
  }

  private async probe(): Promise<void> {
    const { redis, now, logger } = this.options;
    while (this.current && !this.stopped) {
      await this.sleep(this.probeMs);
      const current = this.current;
      try {
        await redis.set(STORE_KEYS.probe, String(now().getTime()), 'PX', 60_000);
        const over = now();
        await redis.eval(
          MERGE,
          2,
          STORE_KEYS.outage,
          STORE_KEYS.outageWaited,
          current.begun.getTime(),
          over.getTime(),
          current.reason,
          over.getTime(),
          ...current.waited,
        );
        this.current = null;
        logger.warn(
          { reason: current.reason, seconds: Math.round((over.getTime() - current.begun.getTime()) / 1000), waited: current.waited.size },
          'the store takes writes again; what waited runs now',
        );
        this.later(this.settleMs + 100, () => this.close());
      } catch (e) {
        if (!storeOutageOf(e)) logger.warn({ err: (e as Error).message }, 'the store probe failed');
      }
    }
    this.probing = null;
  }

  /** Tells the GMs, if this process is the one to take the settled record. */
  private async close(): Promise<void> {
    const { redis, now, logger } = this.options;
    try {
      const taken = (await redis.eval(TAKE, 2, STORE_KEYS.outage, STORE_KEYS.outageWaited, now().getTime(), this.settleMs)) as [string[], string[]] | null;
      if (!taken) return;
      for (const [gameId, summary] of summaries(taken[0], taken[1])) {
        await this.options.tell(gameId, summary).catch((err: unknown) => logger.error({ err, gameId }, 'could not tell the GM about the store outage'));
      }
    } catch (e) {
      // Another outage already: this record is merged with it and told at its end.
      if (!storeOutageOf(e)) logger.error({ err: e }, 'could not read the store outage record');
      else this.later(this.settleMs, () => this.close());
    }
  }

  private later(ms: number, work: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void work();
    }, ms);
    this.timers.add(timer);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
      this.wake = resolve;
    });
  }
}

/** One summary per game the outage touched. */
function summaries(record: string[], waited: string[]): Map<string, OutageSummary> {
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < record.length; i += 2) fields.set(record[i], record[i + 1]);
  const base = { begun: new Date(Number(fields.get('begun'))), over: new Date(Number(fields.get('over'))), reason: fields.get('reason') ?? 'unknown' };
  const byGame = new Map<string, OutageSummary>();
  for (const line of waited) {
    const [gameId, kind] = line.split('\t') as [string, WaitingKind | ''];
    const summary = byGame.get(gameId) ?? { ...base, waited: {} };
    if (kind) summary.waited[kind] = (summary.waited[kind] ?? 0) + 1;
    byGame.set(gameId, summary);
  }
  return byGame;
}

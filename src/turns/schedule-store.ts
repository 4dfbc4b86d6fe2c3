// The turn schedule of each game, in Redis: where the coming step stands (open for orders,
// being adjudicated, waiting for the GM...), its deadline, and what the scheduler already did for
// it. Every change is a compare-and-set, so any number of schedulers and workers can race safely.
//
// Owns (src/store/keys.ts): gameKeys schedule and the scheduler scope's keys (schedulerKeys).
import type { Redis } from 'ioredis';
import { gameKeys, schedulerKeys } from '../store/keys.ts';
import { loadLua } from '../store/lua.ts';
import type { GameEnd } from '../engine/index.ts';
import type { Absence } from './schedule.ts';

export type TurnStatus =
  /** Orders are open until the deadline (none when the game has no schedule: the GM says PROCESS). */
  | 'open'
  /** An adjudicate job is queued or running for this step. */
  | 'adjudicating'
  /** Results are with the GM; PUBLISH commits and sends them. */
  | 'preview'
  | 'paused'
  /** Stopped until the GM answers: see `waiting.reason`. */
  | 'waiting'
  /** The game is over (`over`): nothing more is adjudicated; a ROLLBACK plays on from an earlier turn. */
  | 'over';

export interface TurnSchedule {
  /** The step the deadline is for: the store's committed steps + 1. */
  step: number;
  /** Rollbacks so far: a replayed step gets fresh job ids and outbox keys. */
  epoch: number;
  /** Adjudication runs of this step (a preview re-run, a PROCESS after a failure). */
  run: number;
  status: TurnStatus;
  /** The regular deadline from game.yaml that this turn's deadline came from. */
  slot: string | null;
  /** The deadline in force (after extensions, absences, GM changes). */
  deadline: string | null;
  /** Reminder offsets already sent (or skipped as past) for this deadline. */
  remindersSent: string[];
  /** Time left on the deadline when the GM paused. */
  pausedLeftMs?: number;
  waiting?: {
    reason: 'down' | 'missing' | 'failed' | 'no-deadline' | 'quiet-gm';
    message: string;
    since: string;
    /** Time players had left when the stop began; RESUME gives it back. */
    leftMs?: number;
  };
  /** The dice seed of this step, kept from the first run so a re-run rolls the same dice. */
  seed?: string;
  /** Nations with a player but no orders when this step was adjudicated. */
  missing?: string[];
  /** How the game ended, with status 'over'. */
  over?: GameEnd;
  /** Consecutive turns each nation has missed. */
  missed: Record<string, number>;
  absences: Absence[];
}

const SWAP = loadLua(import.meta.url, 'schedule-swap.lua');

/** The game's schedule as stored (null for none), for noticing that it changed without reading it. */
export async function scheduleText(redis: Redis, gameId: string): Promise<string | null> {
  return redis.get(gameKeys(gameId).schedule);
}

export class ScheduleStore {
  private readonly keys: ReturnType<typeof schedulerKeys>;

  constructor(
    readonly redis: Redis,
    scope: string,
  ) {
    this.keys = schedulerKeys(scope);
  }

  async get(gameId: string): Promise<TurnSchedule | null> {
    const json = await this.redis.get(gameKeys(gameId).schedule);
    return json ? (JSON.parse(json) as TurnSchedule) : null;
  }

  /**
   * Applies `change` atomically, re-reading and retrying if another process got there first.
   * `change` returns the new schedule, or undefined to leave it as it is. Returns the schedule after.
   */
  async update(
    gameId: string,
    change: (current: TurnSchedule | null) => TurnSchedule | undefined,
  ): Promise<{ schedule: TurnSchedule | null; changed: boolean }> {
    const key = gameKeys(gameId).schedule;
    for (;;) {
      const before = (await this.redis.get(key)) ?? '';
      const next = change(before ? (JSON.parse(before) as TurnSchedule) : null);
      if (next === undefined) return { schedule: before ? (JSON.parse(before) as TurnSchedule) : null, changed: false };
      const written = JSON.stringify(next);
      if (written === before) return { schedule: next, changed: false };
      if ((await this.redis.eval(SWAP, 1, key, before, written)) === 1) return { schedule: next, changed: true };
    }
  }

  /** Asks the scheduler to look at the game at `at` (now, for a GM's change). */
  async wake(gameId: string, at: Date): Promise<void> {
    await this.redis.zadd(this.keys.wake, at.getTime(), gameId);
  }

  async forget(gameId: string): Promise<void> {
    await this.redis.zrem(this.keys.wake, gameId);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.keys.wake, '-inf', now.getTime(), 'LIMIT', 0, limit);
  }

  async watched(gameId: string): Promise<boolean> {
    return (await this.redis.zscore(this.keys.wake, gameId)) !== null;
  }

  /** Records this tick and returns the previous one (null if no scheduler ever ran here). */
  async beat(now: Date): Promise<Date | null> {
    const previous = await this.redis.set(this.keys.heartbeat, String(now.getTime()), 'GET');
    return previous ? new Date(Number(previous)) : null;
  }
}

// The set of games with items waiting in an outbox: a hint for the sweep, kept apart from the
// games' own keys (so on a Redis Cluster it cannot change in one script with them). Writers add the
// game after queueing an item, removers look again after removing it, so a game never drops out of
// the set while an item of it waits.
import type { Redis } from 'ioredis';

export class PendingGames {
  constructor(
    private readonly redis: Redis,
    private readonly setKey: string,
  ) {}

  /** Call after queueing an item of the game (and, to survive a crash in between, before it too). */
  async add(gameId: string): Promise<void> {
    await this.redis.sadd(this.setKey, gameId);
  }

  /** Call after taking an item out of the game's queue `pendingKey`. */
  async dropIfEmpty(gameId: string, pendingKey: string): Promise<void> {
    if ((await this.redis.zcard(pendingKey)) > 0) return;
    await this.redis.srem(this.setKey, gameId);
    // An item queued meanwhile, whose writer added the game before this removal: put it back.
    if ((await this.redis.zcard(pendingKey)) > 0) await this.redis.sadd(this.setKey, gameId);
  }

  async list(): Promise<string[]> {
    return (await this.redis.smembers(this.setKey)).sort();
  }
}

// What an outbox sets aside for the GM (a message or post refused for good, or out of tries): a
// hash of item key -> JSON { error, at }, written and read the same way by every outbox.
import type { Redis } from 'ioredis';

export interface SetAside {
  key: string;
  error: string;
  at: string;
}

/** The hash value recording why and when an item was set aside. */
export function setAsideValue(error: string, at: Date): string {
  return JSON.stringify({ error, at: at.toISOString() });
}

/** Everything in the hash `hashKey`, oldest first. */
export async function setAsideEntries(redis: Redis, hashKey: string): Promise<SetAside[]> {
  const all = await redis.hgetall(hashKey);
  return Object.entries(all)
    .map(([key, json]) => ({ key, ...(JSON.parse(json) as { error: string; at: string }) }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

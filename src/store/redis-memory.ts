// Whether Redis is set up to refuse writes when full rather than lose data, and how near full it
// is: `adjutant config` prints these warnings and `adjutant serve` logs them at start-up
// (docs/operations.md, "When Redis refuses writes").
import type { Redis } from 'ioredis';

/** Above this share of maxmemory, Redis is close to refusing writes. */
const NEARLY_FULL = 0.8;

/** One sentence per setting that puts data at risk; empty when all is well. */
export async function redisMemoryWarnings(redis: Redis): Promise<string[]> {
  let policy: string;
  let limit: number;
  try {
    policy = configValue(await redis.config('GET', 'maxmemory-policy'));
    limit = Number(configValue(await redis.config('GET', 'maxmemory')));
  } catch (e) {
    // Managed Redis services often refuse CONFIG: their console shows the same settings.
    return [
      `Redis did not show its memory settings (${(e as Error).message.split('\n')[0]}); check in your provider's console that maxmemory-policy is noeviction and that you are alerted before memory is full.`,
    ];
  }
  const warnings: string[] = [];
  if (policy !== 'noeviction') {
    warnings.push(
      `Redis has maxmemory-policy ${policy}: when it is full it deletes keys (games, emails, queued jobs) to make room. Set maxmemory-policy noeviction, so it refuses writes instead and Adjutant waits until there is room again.`,
    );
  }
  if (limit > 0) {
    const used = Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1] ?? 0);
    if (used >= limit * NEARLY_FULL)
      warnings.push(
        `Redis uses ${mib(used)} of its ${mib(limit)} maxmemory: past the limit it refuses every write and all games wait. Raise maxmemory or free memory.`,
      );
  } else {
    warnings.push(
      'Redis has no maxmemory: if the machine runs out of memory the system may kill it. Set maxmemory below the memory Redis may use, and an alarm on used_memory.',
    );
  }
  return warnings;
}

function configValue(reply: unknown): string {
  return Array.isArray(reply) && reply.length >= 2 ? String(reply[1]) : '';
}

function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MiB`;
}

#!/usr/bin/env node
// The container's health check, in plain JavaScript so it starts fast: Redis answers PING, and
// the output server (unless ADJUTANT_OUTPUT_PORT=off) answers HTTP. Exits 0 when healthy, else
// prints what is wrong in one sentence and exits 1.
import { Redis } from 'ioredis';

const env = process.env;
const fail = (why) => {
  console.error(why);
  process.exit(1);
};

async function redisAnswers() {
  if (!env.REDIS_URL) fail('REDIS_URL is not set.');
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let last;
  redis.on('error', (e) => {
    last = e;
  });
  try {
    await redis.connect();
    if ((await redis.ping()) !== 'PONG') fail('Redis did not answer PING.');
  } catch (e) {
    fail(`Redis does not answer: ${(last?.code ?? e.message).replace(/\.$/, '')}.`);
  } finally {
    redis.disconnect();
  }
}

async function outputsAnswer() {
  const port = env.ADJUTANT_OUTPUT_PORT || '8080';
  if (port === 'off') return;
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(3000) });
  } catch (e) {
    fail(`The output server on port ${port} does not answer: ${e.cause?.code ?? e.message}.`);
  }
}

await redisAnswers();
await outputsAnswer();

// A forum item goes on the parse queue as the service queues it (jobs/parse.ts enqueueParse):
// its id ("forum-post:1000@0") holds a ":", which BullMQ refuses in a job id unless escaped.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueParse } from '../../jobs/parse.ts';
import { QUEUES, connectionFromUrl, jobIds, openQueue } from '../../jobs/queues.ts';
import { requireServices, serviceEndpoints } from '../support/services.ts';

const prefix = `{adjutant-test-parse-${randomUUID().slice(0, 8)}}`;
let queue: ReturnType<typeof openQueue>;

beforeAll(async () => {
  await requireServices(['redis']);
  queue = openQueue(QUEUES.parse, connectionFromUrl(serviceEndpoints().redisUrl), prefix);
});
afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
});

describe('the parse queue', () => {
  it('takes a forum post and a forum private message once each, beside an email', async () => {
    const enqueue = enqueueParse(queue);
    const jobs = [
      { gameId: 'g1', messageId: 'forum-post:1000@0' },
      { gameId: 'g1', messageId: 'forum-private:3000@0' },
      { gameId: 'g1', messageId: 'ab12'.repeat(16) },
    ];
    for (const job of [...jobs, ...jobs]) await enqueue(job);
    const queued = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(queued.map((j) => j.data).sort((a, b) => a.messageId.localeCompare(b.messageId))).toEqual(
      [...jobs].sort((a, b) => a.messageId.localeCompare(b.messageId)),
    );
    expect((await queue.getJob(jobIds.parse('g1', 'forum-post:1000@0')))?.data).toEqual(jobs[0]);
    expect(jobIds.parse('g1', jobs[2].messageId)).toBe(`g1/${jobs[2].messageId}`);
  });
});

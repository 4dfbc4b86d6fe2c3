// Scale-out on a real Redis Cluster (three masters from scripts/services.sh): the store's and the
// queues' hash tags keep every script on one slot, two worker processes share a burst of deadlines,
// and a master killed and restarted mid-burst loses nothing and doubles nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBurst } from '../support/cluster-load.ts';
import { localCluster, type LocalCluster } from '../support/redis-cluster.ts';

describe('on a Redis Cluster', () => {
  let cluster: LocalCluster;
  beforeAll(async () => {
    cluster = await localCluster();
  }, 90_000);
  afterAll(async () => {
    await cluster?.release();
  }, 60_000);

  it('runs a burst of deadlines with two workers, through a master restart, losing nothing', async () => {
    let restarted = false;
    const result = await runBurst({
      url: cluster.url,
      games: 60,
      nations: 4,
      workers: 2,
      midBurst: async () => {
        await cluster.restartMaster(1);
        restarted = true;
      },
    });
    expect(restarted).toBe(true);
    expect(result.published).toBe(60);
    expect(result.problems).toEqual([]);
  }, 300_000);
});

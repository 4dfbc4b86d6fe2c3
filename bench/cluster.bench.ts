// Scale-out on a local Redis Cluster of three masters (scripts/services.sh starts it here when it is
// not running, and stops it again afterwards): CLUSTER_GAMES games (2,000), every deadline at the
// same moment, run by 1, 2 and 4 worker processes, then by 2 with one master killed and restarted
// mid-burst. Per round: games published per second (deadline to last report), the p95 of deadline
// to published, and "lost" (steps missing or doubled, orders changed, reports missing: must be 0).
//   node --import tsx bench/cluster.bench.ts          (CLUSTER_GAMES, CLUSTER_NATIONS to vary)
import { runBurst } from '../test/support/cluster-load.ts';
import { localCluster } from '../test/support/redis-cluster.ts';

const GAMES = Number(process.env.CLUSTER_GAMES ?? 2000);
const NATIONS = Number(process.env.CLUSTER_NATIONS ?? 10);

const cluster = await localCluster().catch((e: Error) => {
  console.error(`cluster bench: ${e.message}`);
  process.exit(1);
});
const line = (bench: string, value: number, unit: string, target?: number) =>
  console.log(JSON.stringify({ bench, value: Math.round(value * 100) / 100, unit, ...(target === undefined ? {} : { target }) }));
try {
  for (const workers of [1, 2, 4]) {
    const r = await runBurst({ url: cluster.url, games: GAMES, nations: NATIONS, workers, log: (l) => console.error(l) });
    line(`cluster-burst-${workers}w-throughput`, r.throughput, 'games/s', 10);
    line(`cluster-burst-${workers}w-lag-p95`, r.lagP95, 's', 300);
    line(`cluster-burst-${workers}w-lost`, r.problems.length, 'problems', 0);
    for (const p of r.problems.slice(0, 5)) console.error(p);
  }
  const r = await runBurst({
    url: cluster.url,
    games: GAMES,
    nations: NATIONS,
    workers: 2,
    midBurst: () => cluster.restartMaster(1),
    log: (l) => console.error(l),
  });
  line('cluster-burst-restart-throughput', r.throughput, 'games/s', 10);
  line('cluster-burst-restart-lag-p95', r.lagP95, 's', 300);
  line('cluster-burst-restart-lost', r.problems.length, 'problems', 0);
  for (const p of r.problems.slice(0, 5)) console.error(p);
} finally {
  await cluster.release();
}

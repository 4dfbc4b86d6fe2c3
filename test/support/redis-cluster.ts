// The local 3-master Redis Cluster of scripts/services.sh ("cluster"), for the scale-out test and
// bench: started when it is not running (and stopped again by whoever started it), one master
// restarted on demand.
import { localServices, services } from './local-services.ts';

export interface LocalCluster {
  /** One master's URL; the cluster client finds the others. */
  url: string;
  /** Kills one master hard and starts it again on its own data (0, 1 or 2). */
  restartMaster(index: number): Promise<void>;
  /** Stops the cluster if this process started it. */
  release(): Promise<void>;
}

export async function localCluster(): Promise<LocalCluster> {
  const up = await localServices(['cluster']);
  const url = process.env.ADJUTANT_CLUSTER_URL;
  if (!url) throw new Error('scripts/services.sh env printed no ADJUTANT_CLUSTER_URL');
  return { url, restartMaster: async (index) => void (await services('restart-cluster-node', String(index))), release: () => up.release() };
}

// What puts a game's posts into a thread, as the service runs it: the job workers (render,
// publish, ...) on a test runtime with an output folder, and the forum poster limited to the test's
// games. The forums themselves are the test's own (sandbox/forum/).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectionFromUrl } from '../../../jobs/queues.ts';
import { startWorkers, type RunningWorkers } from '../../../jobs/workers.ts';
import { requireServices } from '../../support/services.ts';
import { cleanUp, testRuntime } from '../../turns/support.ts';
import { startTestPoster, type TestPosterOptions } from './test-poster.ts';

export interface Publishing {
  rt: ReturnType<typeof testRuntime>;
  workers: RunningWorkers;
  poster: ReturnType<typeof startTestPoster>;
  outDir: string;
  /** The games the poster serves and `close` removes: push each game made. */
  games: string[];
  close(): Promise<void>;
}

/** Starts the workers and the poster; `poster` adds options of the test's own (given the runtime). */
export async function startPublishing(name: string, poster: (rt: Publishing['rt']) => Partial<TestPosterOptions> = () => ({})): Promise<Publishing> {
  const { redisUrl } = await requireServices(['redis']);
  const rt = testRuntime(undefined, redisUrl, { downAfterMs: 86_400_000 }, true);
  const outDir = await mkdtemp(path.join(tmpdir(), `adjutant-${name}-out-`));
  const workers = startWorkers(rt, { connection: connectionFromUrl(redisUrl), prefix: rt.prefix, lockDurationMs: 5000, outputs: { outDir } });
  const games: string[] = [];
  const started = startTestPoster({ redisUrl, store: rt.store, mail: rt.outbox, games: (id) => games.includes(id), ...poster(rt) });
  return {
    rt,
    workers,
    poster: started,
    outDir,
    games,
    async close() {
      await started.stop();
      await workers.close();
      await cleanUp(rt, games);
      await rt.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

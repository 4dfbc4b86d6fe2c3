// Step 0 is the game before its first step: the scheduler queues it for a game with no step
// committed (jobs/render.ts, jobs/publish.ts send it here). Its render draws the starting map into
// the output folder; its publish posts the starting position into the game's thread, where
// Adjutant posts, once (the post outbox's key). A job of a game that has moved on, or was rolled
// back since it was queued, does nothing: the pages then show a played step instead.
import { threadOf } from '../channels/settings/index.ts';
import { renderStartUpdate } from '../render/start-position.ts';
import { keyImageOf, writeStartMap } from '../render/turn-outputs.ts';
import { PostOutbox } from '../store/post-outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import { recordUpdatePosts, type PublishJob } from './publish-turn.ts';
import { noteStatus, noteStatusOrLog, STATUS_KEY, statusDepsOf } from './status-post.ts';
import type { OutputSettings } from './render-turn.ts';
import { updatePostKey, type StepJob, type TurnRuntime } from './turn-runtime.ts';

/** The step number of the starting position in jobs. */
export const START_STEP = 0;

/** The label of the opening post's key (`update:step-0`): posted once, whatever rollbacks come. */
const START_LABEL = String(START_STEP);

async function stillAtStart(rt: TurnRuntime, job: StepJob): Promise<boolean> {
  const { step, epoch } = await rt.store.stepAndEpoch(job.gameId);
  return step === START_STEP && epoch === job.epoch;
}

/** Draws the starting map; returns the publish job with the map's URL and file, or null when the game moved on. */
export async function renderStart(rt: TurnRuntime, job: StepJob, outputs: OutputSettings): Promise<PublishJob | null> {
  if (!(await stillAtStart(rt, job))) return null;
  const game = await storedGame(rt.store, job.gameId);
  const { file, mapUrl } = await writeStartMap({ outDir: outputs.outDir, game, keyImage: keyImageOf(game), publicUrl: outputs.publicUrl });
  rt.logger.info({ gameId: job.gameId, file }, 'starting map written');
  return { ...job, mapUrl, mapFile: file };
}

/** Records the opening post (the starting nations table, the map uploaded with it); returns how many posts this call recorded. */
export async function publishStart(rt: TurnRuntime, job: PublishJob): Promise<number> {
  if (!(await stillAtStart(rt, job))) return 0;
  const game = await storedGame(rt.store, job.gameId);
  const thread = threadOf(game.config);
  if (!thread?.posts) return 0;
  const schedule = await rt.schedules.get(job.gameId);
  const nextDeadline = schedule?.step === START_STEP + 1 && schedule.status === 'open' && schedule.deadline ? schedule.deadline : undefined;
  const render = () => renderStartUpdate(game, { flavour: thread.flavour, mapUrl: job.mapFile ? undefined : job.mapUrl, nextDeadline });
  const posts = new PostOutbox(rt.store.redis, { now: rt.now });
  // The status post goes in first, so it stands above the game's posts: a failure here fails the
  // job, to be tried again, as the opening post must not go in without it.
  const status = await noteStatus(statusDepsOf(rt), job.gameId);
  const recorded = await recordUpdatePosts(posts, job.gameId, START_LABEL, render, {
    mapFile: job.mapFile,
    limit: thread.postLimit,
    after: status ? STATUS_KEY : undefined,
  });
  await noteStatusOrLog(statusDepsOf(rt), job.gameId, updatePostKey(START_LABEL));
  rt.logger.info({ gameId: job.gameId, recorded }, 'starting position recorded for the thread');
  return recorded;
}

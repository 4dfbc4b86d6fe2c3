// Step 0 is the game before its first step: the scheduler queues it for a game with no step
// committed (jobs/render.ts, jobs/publish.ts send it here). Its render draws the starting map into
// the output folder; its publish posts the starting position into the game's thread, where
// Adjutant posts, once (the forum outbox's key). A job of a game that has moved on, or was rolled
// back since it was queued, does nothing: the pages then show a played step instead.
import { forumFlavour, forumPosts, postLimitOf } from '../channels/forum/settings/forum-config.ts';
import { renderStartUpdate } from '../render/start-position.ts';
import { keyImageOf, writeStartMap } from '../render/turn-outputs.ts';
import { ForumOutbox } from '../store/forum-outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import { recordUpdatePosts, type PublishJob } from './publish-turn.ts';
import type { OutputSettings } from './render-turn.ts';
import type { StepJob, TurnRuntime } from './turn-runtime.ts';

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
  const forum = game.config.forum;
  if (!forum || !forumPosts(forum)) return 0;
  const schedule = await rt.schedules.get(job.gameId);
  const nextDeadline = schedule?.step === START_STEP + 1 && schedule.status === 'open' && schedule.deadline ? schedule.deadline : undefined;
  const render = () => renderStartUpdate(game, { flavour: forumFlavour(forum), mapUrl: job.mapFile ? undefined : job.mapUrl, nextDeadline });
  const posts = new ForumOutbox(rt.store.redis, { now: rt.now });
  const recorded = await recordUpdatePosts(posts, job.gameId, START_LABEL, render, { mapFile: job.mapFile, limit: postLimitOf(forum) });
  rt.logger.info({ gameId: job.gameId, recorded }, 'starting position recorded for the thread');
  return recorded;
}

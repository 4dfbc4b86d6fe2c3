// The render job: a committed step's map image and forum updates, written to the output folder
// the output server publishes (src/render/turn-outputs.ts). Files are written aside and renamed,
// so running it twice (a retry, a duplicate) writes the same files again, harmlessly.
import { keyImageOf, writeTurnOutputs } from '../render/turn-outputs.ts';
import type { Flavour } from '../render/flavours.ts';
import { storedGame } from '../store/stored-game.ts';
import type { PublishJob } from './publish-turn.ts';
import type { StepJob, TurnRuntime } from './turn-runtime.ts';

export interface OutputSettings {
  /** Root of the published folder. */
  outDir: string;
  /** Its public base URL, for the map link in the updates. */
  publicUrl?: string;
  /** Where private reports and GM summaries are also written as files (never served); none when absent. */
  privateDir?: string;
  flavours?: Flavour[];
}

/** Returns the publish job to queue next, with the map's URL and file; null when the step was undone. */
export async function renderTurn(rt: TurnRuntime, job: StepJob, outputs: OutputSettings): Promise<PublishJob | null> {
  const { gameId, step, epoch } = job;
  if ((await rt.store.epoch(gameId)) !== epoch) return null;
  const record = await rt.store.record(gameId, step);
  if (!record) return null;
  const game = await storedGame(rt.store, gameId);
  const keyImage = keyImageOf(game);
  const schedule = await rt.schedules.get(gameId);
  const nextDeadline = schedule?.step === step + 1 && schedule.status === 'open' && schedule.deadline ? schedule.deadline : undefined;
  const written = await writeTurnOutputs({
    outDir: outputs.outDir,
    game,
    record,
    keyImage,
    publicUrl: outputs.publicUrl,
    nextDeadline,
    flavours: outputs.flavours,
    privateDir: outputs.privateDir,
  });
  rt.logger.info({ gameId, step, dir: written.dir, files: written.files.length }, 'step outputs written');
  return { ...job, mapUrl: written.mapUrl, mapFile: written.files.find((f) => f.endsWith('.png')) };
}

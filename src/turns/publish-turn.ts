// The publish job: every player's private report, the public update and the GM's summary of one
// committed step, recorded in the outbox under keys naming the step. A worker killed half-way
// and retried records only what is missing, so each message goes out exactly once.
import type { OutgoingMessage } from '../store/outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import { reportRenderer, type RendererFactory, type TurnMessage } from './turn-renderer.ts';
import { currentEpoch, mailFrom, playerNations, stepLabel, type StepJob, type TurnRuntime } from './turn-runtime.ts';

export interface PublishJob extends StepJob {
  /** Set by the render job: where the map is served (for links) and the file on disk (attached for the GM). */
  mapUrl?: string;
  mapFile?: string;
}

const MAP_ATTACHMENT = 'map.png';

/** Returns how many messages were recorded by this call (0 when all were recorded before). */
export async function publishTurn(rt: TurnRuntime, job: PublishJob, rendererFor: RendererFactory = reportRenderer()): Promise<number> {
  const { gameId, step, epoch } = job;
  // A rollback since this job was queued undid the step: its results must not go out.
  if ((await currentEpoch(rt.store, gameId)) !== epoch) return 0;
  const record = await rt.store.record(gameId, step);
  if (!record) return 0;
  const game = await storedGame(rt.store, gameId);
  const schedule = await rt.schedules.get(gameId);
  const nextDeadline = schedule?.step === step + 1 && schedule.deadline && schedule.status === 'open' ? new Date(schedule.deadline) : undefined;
  const renderer = rendererFor({ nextDeadline, mapUrl: job.mapUrl, mapAttachment: job.mapFile ? MAP_ATTACHMENT : undefined });
  const from = mailFrom(game.config, rt.settings);
  const label = stepLabel(step, epoch);
  let recorded = 0;
  const send = async (key: string, to: string, render: () => TurnMessage | Promise<TurnMessage>, extra: Partial<OutgoingMessage> = {}) => {
    if (await rt.outbox.entry(gameId, key)) return;
    const { subject, text, html } = await render();
    await rt.outbox.record(gameId, { key, from, to: [to], subject, text, ...(html ? { html } : {}), ...extra });
    recorded++;
  };

  // The map is public: every report and the update carry it.
  const map = job.mapFile ? { attachments: [{ filename: MAP_ATTACHMENT, path: job.mapFile }] } : {};
  const players = playerNations(game.config);
  for (const nation of players) {
    await send(`report:${label}:${nation}`, game.config.nations[nation].player!.email, () => renderer.privateReport(game, record, nation), map);
  }
  // The forum comes later: until then the GM gets the public update to post, with the map.
  await send(`update:${label}`, game.config.gm.email, () => renderer.publicUpdate(game, record), map);
  await send(`summary:${label}`, game.config.gm.email, () => renderer.gmSummary(game, record));
  rt.logger.info({ gameId, step, recorded }, 'step published to the outbox');
  return recorded;
}

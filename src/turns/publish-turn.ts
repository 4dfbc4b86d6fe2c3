// The publish job: every player's private report, the public update and the GM's summary of one
// committed step, recorded in the outbox under keys naming the step. A worker killed half-way
// and retried records only what is missing, so each message goes out exactly once. The public
// update goes into the game's forum thread when Adjutant can post there (XenForo, Discourse):
// recorded in the forum outbox with the map, for the forum poster. Otherwise (phpBB, or no
// forum) the GM gets it by email, ready to paste, in the forum's markup.
import { forumFlavour, forumPosts, postLimitOf } from '../channels/forum/settings/forum-config.ts';
import { splitPost } from '../channels/forum/base/split-post.ts';
import { ForumOutbox } from '../store/forum-outbox.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import { reportRenderer, type RendererFactory, type TurnMessage } from './turn-renderer.ts';
import { mailFrom, playerNations, stepLabel, type StepJob, type TurnRuntime } from './turn-runtime.ts';

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
  if ((await rt.store.epoch(gameId)) !== epoch) return 0;
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
  const forum = game.config.forum;
  if (forum && forumPosts(forum)) {
    recorded += await recordUpdatePosts(
      rt,
      gameId,
      label,
      () => rendererFor({ nextDeadline, flavour: forumFlavour(forum), mapUrl: job.mapFile ? undefined : job.mapUrl }).publicUpdate(game, record),
      { mapFile: job.mapFile, limit: postLimitOf(forum) },
    );
  } else {
    // A forum without an API to post with (phpBB): the GM gets the post ready to paste, in its markup.
    const pasted = forum
      ? rendererFor({ nextDeadline, mapUrl: job.mapUrl, mapAttachment: job.mapFile ? MAP_ATTACHMENT : undefined, flavour: forumFlavour(forum) })
      : renderer;
    const toPaste = async () => {
      const update = await pasted.publicUpdate(game, record);
      return forum ? { ...update, subject: `${update.subject}: paste it into the forum thread` } : update;
    };
    await send(`update:${label}`, game.config.gm.email, toPaste, map);
  }
  await send(`summary:${label}`, game.config.gm.email, () => renderer.gmSummary(game, record));
  rt.logger.info({ gameId, step, recorded }, 'step published to the outbox');
  return recorded;
}

/** The forum outbox key of a step's update post. */
export function updatePostKey(label: string): string {
  return `update:step-${label}`;
}

/**
 * Records the update post (its map uploaded with it, not linked), in parts where it is longer than
 * the forum takes, each after the one before; returns how many were recorded by this call. The
 * update renders the same from the same step, so a retried job records only the parts missing.
 */
async function recordUpdatePosts(
  rt: TurnRuntime,
  gameId: string,
  label: string,
  render: () => TurnMessage | Promise<TurnMessage>,
  { mapFile, limit }: { mapFile?: string; limit: number },
): Promise<number> {
  const posts = new ForumOutbox(rt.store.redis, { now: rt.now });
  const first = updatePostKey(label);
  const recorded = await posts.entry(gameId, first);
  if (recorded && !(recorded.kind === 'post' && recorded.partsAfter)) return 0;
  const parts = splitPost((await render()).text, limit);
  let made = 0;
  for (const [i, text] of parts.entries()) {
    const key = i ? `${first}:part-${i + 1}` : first;
    if (await posts.entry(gameId, key)) continue;
    const images = i === 0 && mapFile ? [{ filename: MAP_ATTACHMENT, path: mapFile }] : [];
    await posts.record(gameId, {
      kind: 'post',
      key,
      text,
      images,
      ...(i && { after: i === 1 ? first : `${first}:part-${i}` }),
      ...(i === 0 && parts.length > 1 && { partsAfter: parts.length - 1 }),
    });
    made++;
  }
  return made;
}

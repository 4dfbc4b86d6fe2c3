// The publish job: every player's private report, the public update and the GM's summary of one
// committed step, recorded in the outbox under keys naming the step. A worker killed half-way
// and retried records only what is missing, so each message goes out exactly once. The public
// update goes into the game's thread when Adjutant can post there: recorded in the post outbox
// with the map, for the channel's poster. Otherwise (a thread Adjutant cannot post in, or no
// thread) the GM gets it by email, ready to paste, in the thread's markup. A step published again
// after a rollback says in each message that it replaces the results withdrawn (rerun.ts), and each
// post of the withdrawn update is edited to say so once the new one is in the thread.
import { threadOf } from '../channels/settings/index.ts';
import { noteStatusOrLog, statusDepsOf } from './status-post.ts';
import { splitPost } from '../render/split-post.ts';
import { PostOutbox } from '../store/post-outbox.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import { asRerun, mailLead, notePublished, pasteNote, updateLead, withdrawnText } from './rerun.ts';
import { reportRenderer, type RendererFactory, type TurnMessage } from './turn-renderer.ts';
import { nationsOut } from '../game/game-standing.ts';
import { mailFrom, playerNations, stepLabel, updatePostKey, type StepJob, type TurnRuntime } from './turn-runtime.ts';

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
  // A rerun's messages say what they replace: the results of this step the rollback withdrew.
  const withdrawn = await notePublished(rt.store.redis, gameId, step, epoch, record.turn);
  const mailed = (message: TurnMessage) => (withdrawn ? asRerun(message, mailLead(withdrawn, record.turn)) : message);
  const updated = (message: TurnMessage) => (withdrawn ? asRerun(message, updateLead(withdrawn, record.turn)) : message);
  let recorded = 0;
  const send = async (key: string, to: string, render: () => TurnMessage | Promise<TurnMessage>, extra: Partial<OutgoingMessage> = {}) => {
    if (await rt.outbox.entry(gameId, key)) return;
    const { subject, text, html } = await render();
    await rt.outbox.record(gameId, { key, from, to: [to], subject, text, ...(html ? { html } : {}), ...extra });
    recorded++;
  };

  // The map is public: every report and the update carry it.
  const map = job.mapFile ? { attachments: [{ filename: MAP_ATTACHMENT, path: job.mapFile }] } : {};
  // A nation out before this step gets no more reports (the one it went out in, it gets), but
  // the last one of the game goes to everyone.
  const outBefore = new Set(record.end ? [] : nationsOut(game, record.stateBefore));
  const players = playerNations(game.config).filter((n) => !outBefore.has(n));
  for (const nation of players) {
    await send(
      `report:${label}:${nation}`,
      game.config.nations[nation].player!.email,
      async () => mailed(await renderer.privateReport(game, record, nation)),
      map,
    );
  }
  const thread = threadOf(game.config);
  if (thread?.posts) {
    const posts = new PostOutbox(rt.store.redis, { now: rt.now });
    const render = async () =>
      updated(await rendererFor({ nextDeadline, flavour: thread.flavour, mapUrl: job.mapFile ? undefined : job.mapUrl }).publicUpdate(game, record));
    recorded += await recordUpdatePosts(posts, gameId, label, render, { mapFile: job.mapFile, limit: thread.postLimit });
    await noteStatusOrLog(statusDepsOf(rt), gameId, updatePostKey(label));
    if (withdrawn) recorded += await recordWithdrawnEdits(posts, gameId, stepLabel(step, withdrawn.epoch), label, withdrawnText(withdrawn));
  } else {
    // A thread Adjutant cannot post in: the GM gets the post ready to paste, in its markup.
    const pasted = thread
      ? rendererFor({ nextDeadline, mapUrl: job.mapUrl, mapAttachment: job.mapFile ? MAP_ATTACHMENT : undefined, flavour: thread.flavour })
      : renderer;
    const toPaste = async () => {
      const update = updated(await pasted.publicUpdate(game, record));
      const task = [`paste it into ${thread?.place}`, ...(withdrawn ? [pasteNote(withdrawn)] : [])].join(', ');
      return thread ? { ...update, subject: `${update.subject}: ${task}` } : update;
    };
    await send(`update:${label}`, game.config.gm.email, toPaste, map);
  }
  await send(`summary:${label}`, game.config.gm.email, async () => mailed(await renderer.gmSummary(game, record)));
  rt.logger.info({ gameId, step, recorded, rerun: Boolean(withdrawn) }, 'step published to the outbox');
  return recorded;
}

/**
 * Records the update post (its map uploaded with it, not linked), in parts where it is longer than
 * the thread takes, each after the one before; returns how many were recorded by this call. The
 * update renders the same from the same step, so a retried job records only the parts missing.
 */
export async function recordUpdatePosts(
  posts: PostOutbox,
  gameId: string,
  label: string,
  render: () => TurnMessage | Promise<TurnMessage>,
  { mapFile, limit, after }: { mapFile?: string; limit: number; after?: string },
): Promise<number> {
  const first = updatePostKey(label);
  const recorded = await posts.entry(gameId, first);
  if (recorded && !(recorded.kind === 'post' && recorded.partsAfter)) return 0;
  const parts = splitPost((await render()).text, limit);
  let made = 0;
  for (const [i, text] of parts.entries()) {
    const key = partKey(first, i);
    if (await posts.entry(gameId, key)) continue;
    const images = i === 0 && mapFile ? [{ filename: MAP_ATTACHMENT, path: mapFile }] : [];
    await posts.record(gameId, {
      kind: 'post',
      key,
      text,
      images,
      ...(i ? { after: partKey(first, i - 1) } : after && { after }),
      ...(i === 0 && parts.length > 1 && { partsAfter: parts.length - 1 }),
    });
    made++;
  }
  return made;
}

/** The key of part `i` (from 0) of the update whose first post is `first`. */
function partKey(first: string, i: number): string {
  return i ? `${first}:part-${i + 1}` : first;
}

/**
 * Records an edit of each post of the update withdrawn by the rollback (`withdrawnLabel`), to say
 * so and link to the update `label` that replaces it; returns how many were recorded by this call.
 * An update never recorded (the step's results had not gone out) has nothing to edit.
 */
async function recordWithdrawnEdits(posts: PostOutbox, gameId: string, withdrawnLabel: string, label: string, text: string): Promise<number> {
  const first = await posts.entry(gameId, updatePostKey(withdrawnLabel));
  if (first?.kind !== 'post') return 0;
  let made = 0;
  for (let i = 0; i <= (first.partsAfter ?? 0); i++) {
    const of = partKey(first.key, i);
    const key = `withdrawn:${of}`;
    if (await posts.entry(gameId, key)) continue;
    await posts.record(gameId, { kind: 'edit', key, of, replacedBy: updatePostKey(label), text });
    made++;
  }
  return made;
}

// The thread's status post (`forum.status` in game.yaml): a post of Adjutant's in the game's thread,
// made before the opening post and edited in place as orders come in, the GM moves the clock and
// updates go out. It says only public facts: the turn, the deadline, which nations have orders in
// (never what they are) and the latest update's address. A change is noted where it happens; the
// poster writes the status as it is when it edits (statusText), so an edit made late never puts an
// older status back.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { threadOf } from '../channels/settings/index.ts';
import { shortPostMarkup } from '../render/escape.ts';
import type { GameStore } from '../store/game-store.ts';
import { PostOutbox } from '../store/post-outbox.ts';
import { storedGame } from '../store/stored-game.ts';
import type { GameControl } from './game-control.ts';
import { formatTime } from './schedule.ts';
import { createGameControl } from './scheduler-control.ts';
import { stepLabel, updatePostKey, type TurnRuntime } from './turn-runtime.ts';

/** The post outbox key of the status post; its edits' keys begin with it. */
export const STATUS_KEY = 'status';

export interface StatusDeps {
  store: GameStore;
  control: GameControl;
  now: () => Date;
}

/** What notes a change and logs one it could not note (noteStatusOrLog). */
export type NotingDeps = StatusDeps & { logger: Pick<Logger, 'warn'> };

/** What the turns' jobs and the scheduler read and note the status with. */
export function statusDepsOf(rt: TurnRuntime): NotingDeps {
  return { store: rt.store, control: createGameControl(rt), now: rt.now, logger: rt.logger };
}

/** The status post as the thread is to show it now, in its markup; null for a game that keeps none. */
export async function statusText(deps: StatusDeps, gameId: string): Promise<string | null> {
  const { config } = await storedGame(deps.store, gameId);
  const thread = threadOf(config);
  if (!thread?.status) return null;
  const s = await deps.control.status(gameId);
  const { bold, escape } = shortPostMarkup(thread.markdown);
  const names = (ids: readonly string[]) => ids.map((n) => escape(config.nations[n]?.name ?? n)).join(', ') || 'none';
  const clock = s.over
    ? 'The game is over.'
    : s.paused
      ? 'The game is paused.'
      : s.waitingForGm
        ? 'The game waits for its GM.'
        : s.deadline
          ? `Orders are due ${escape(formatTime(s.deadline, config.timezone))}.`
          : 'No deadline is set yet.';
  const latest = await latestUpdateUrl(deps, gameId);
  return [
    bold(`${escape(config.title)}: where the game stands`),
    `Turn ${s.turn}. ${clock}`,
    ...(s.over ? [] : [`Orders in from: ${names(s.ordered)}.`, `No orders yet from: ${names(s.missing)}.`]),
    ...(latest ? [`The latest update: ${latest}`] : []),
    '',
    '(Adjutant keeps this post up to date.)',
  ].join('\n');
}

/**
 * Notes that the status may have changed: records the status post the first time, an edit of it
 * after, each only when what it shows changed; says whether the game keeps one. `after`: a post it
 * links to, to be in the thread first.
 */
export async function noteStatus(deps: StatusDeps, gameId: string, after?: string): Promise<boolean> {
  const text = await statusText(deps, gameId);
  if (text === null) return false;
  const posts = new PostOutbox(deps.store.redis, { now: deps.now });
  const made = await posts.entry(gameId, STATUS_KEY);
  // The post it waits for is part of what changed: the status links it once it is in the thread.
  const facts = `${text}\n${after ?? ''}`;
  // Two changes in one millisecond are two edits.
  const key = `${STATUS_KEY}:${deps.now().getTime()}:${createHash('sha256').update(facts).digest('hex').slice(0, 12)}`;
  await posts.recordStatusChange(
    gameId,
    facts,
    made ? { kind: 'edit', key, of: STATUS_KEY, text, ...(after && { after }) } : { kind: 'post', key: STATUS_KEY, text, images: [] },
  );
  return true;
}

/**
 * noteStatus after a change that is made already (orders in, a clock moved, a turn stopped or
 * published): a status that cannot be worked out now must not undo or stall that change, so the
 * failure is logged and the next change notes the status.
 */
export async function noteStatusOrLog(deps: NotingDeps, gameId: string, after?: string): Promise<void> {
  await noteStatus(deps, gameId, after).catch((err: unknown) =>
    deps.logger.warn({ err, gameId }, 'the status post could not be noted; the next change notes it'),
  );
}

/** The address of the latest update in the thread (the opening post before the first turn), once it is there. */
async function latestUpdateUrl(deps: StatusDeps, gameId: string): Promise<string | undefined> {
  const { step, epoch } = await deps.store.stepAndEpoch(gameId);
  const posts = new PostOutbox(deps.store.redis, { now: deps.now });
  return (await posts.entry(gameId, updatePostKey(step ? stepLabel(step, epoch) : '0')))?.postUrl;
}

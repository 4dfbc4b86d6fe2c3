// What `adjutant game list` and `game status` show: read from the store and the schedule, the
// same status the GM's STATUS email gets, plus the outbox as the sender sees it.
import { storedConfig } from '../store/stored-game.ts';
import { counted } from '../engine/index.ts';
import pino from 'pino';
import { createRuntime, type Runtime } from '../../jobs/runtime.ts';
import { openTickets } from '../messages/tickets.ts';
import { reachRedis } from '../store/reach-redis.ts';
import { redisUrl } from '../store/redis.ts';
import { createGameControl } from '../turns/scheduler-control.ts';

export interface GameLine {
  id: string;
  title: string;
  ruleset: string;
  turn: number;
  phase: string;
  steps: number;
  deadline: string | null;
}

export interface GameOverview extends GameLine {
  paused: boolean;
  waitingForGm: string | null;
  ordered: string[];
  missing: string[];
  tickets: Array<{ token: string; nation: string; text: string }>;
  outbox: { sent: number; pending: number; failed: Array<{ key: string; error: string }> };
}

/** A runtime for one command; Redis must answer within seconds, or the command says so and stops. */
export async function withRuntime<T>(work: (rt: Runtime) => Promise<T>): Promise<T> {
  const url = redisUrl();
  (await reachRedis(url)).disconnect();
  const rt = createRuntime({
    redisUrl: url,
    scope: process.env.ADJUTANT_SCHEDULER_SCOPE || 'main',
    prefix: process.env.ADJUTANT_QUEUE_PREFIX || undefined,
    logger: pino({ level: 'silent' }),
  });
  try {
    return await work(rt);
  } finally {
    await rt.close();
  }
}

export async function gameOverview(rt: Runtime, id: string): Promise<GameOverview> {
  const config = await storedConfig(rt.store, id);
  const status = await createGameControl(rt).status(id);
  const [{ recorded: total, inLine: pending }, failed] = await Promise.all([rt.outbox.counts(id), rt.outbox.setAsideItems(id)]);
  const failedList = failed.map(({ key, error }) => ({ key, error }));
  return {
    id,
    title: config.title,
    ruleset: config.ruleset,
    turn: status.turn,
    phase: status.phase,
    steps: await rt.store.step(id),
    deadline: status.deadline?.toISOString() ?? null,
    paused: status.paused,
    waitingForGm: status.waitingForGm ?? null,
    ordered: status.ordered,
    missing: status.missing,
    tickets: (await openTickets(rt.store, id)).map((t) => ({ token: t.token, nation: t.nation, text: t.text })),
    outbox: { sent: total - pending - failedList.length, pending, failed: failedList },
  };
}

export function overviewText(o: GameOverview): string[] {
  const deadline = o.paused
    ? 'none (paused)'
    : o.deadline
      ? `${o.deadline.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC')}`
      : o.waitingForGm
        ? 'none (waiting for the GM)'
        : 'not set';
  return [
    `${o.title} (${o.id}), ${o.ruleset}: turn ${o.turn}, ${o.phase}; ${counted(o.steps, 'step')} adjudicated.`,
    `Deadline: ${deadline}.${o.waitingForGm ? ` Waiting for the GM: ${o.waitingForGm}` : ''}`,
    `Ordered: ${o.ordered.join(', ') || 'nobody yet'}. Missing: ${o.missing.join(', ') || 'nobody'}.`,
    o.tickets.length ? `Open tickets: ${o.tickets.map((t) => `${t.token} (${t.nation}: "${t.text.slice(0, 60)}")`).join('; ')}.` : 'No open tickets.',
    `Outbox: ${o.outbox.sent} sent, ${o.outbox.pending} waiting to be sent, ${o.outbox.failed.length} refused by the SMTP server${o.outbox.failed.length ? ` (${o.outbox.failed.map((f) => `${f.key}: ${f.error.slice(0, 80)}`).join('; ')})` : ''}.`,
  ];
}

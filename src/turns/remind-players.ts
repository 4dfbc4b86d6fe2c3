// The remind job: players with no orders in force hear how long they have left. A reminder for a
// deadline that has since moved, or a step that has since been adjudicated, is dropped.
import { formatTime } from './schedule.ts';
import { gameConfig, mailFrom, missingNations, stepLabel, type RemindJob, type TurnRuntime } from './turn-runtime.ts';

/** Returns the nations reminded (by this call or an earlier one for the same reminder). */
export async function remindPlayers(rt: TurnRuntime, job: RemindJob): Promise<string[]> {
  const { gameId, step, epoch, offset, deadline } = job;
  const s = await rt.schedules.get(gameId);
  if (!s || s.step !== step || s.epoch !== epoch || s.status !== 'open' || s.deadline !== deadline) return [];
  const config = await gameConfig(rt.store, gameId);
  const missing = await missingNations(rt.store, gameId, config);
  const { turn } = await rt.store.state(gameId);
  const due = new Date(deadline);
  for (const nation of missing) {
    const n = config.nations[nation];
    await rt.outbox.record(gameId, {
      key: `remind:${stepLabel(step, epoch)}:${offset}@${due.getTime()}:${nation}`,
      from: mailFrom(config, rt.settings),
      to: [n.player!.email],
      subject: `[${config.title}] Turn ${turn}: orders for ${n.name} due ${formatTime(due, n.player!.timezone ?? config.timezone)}`,
      text: `We have no orders from ${n.name} for turn ${turn} yet. They are due by ${formatTime(due, n.player!.timezone ?? config.timezone)}, in ${offset}.\nWithout orders, ${fate(config)}\n`,
    });
  }
  if (missing.length) rt.logger.info({ gameId, step, offset, nations: missing }, 'reminders recorded');
  return missing;
}

function fate(config: Awaited<ReturnType<typeof gameConfig>>): string {
  switch (config.schedule?.missedOrders) {
    case 'standing':
      return 'your orders of last turn are repeated where they are still possible.';
    case 'wait':
      return 'the game waits for you until the GM decides.';
    default:
      return 'your nation holds: every unit stays where it is.';
  }
}

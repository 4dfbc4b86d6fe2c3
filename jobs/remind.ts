// The remind queue's processor: reminders to players without orders, and the GM's open tickets
// (src/turns/remind-players.ts; the tickets are the mail loop's, src/messages/tickets.ts).
import { openTickets } from '../src/messages/tickets.ts';
import { remindPlayers } from '../src/turns/remind-players.ts';
import type { RemindJob, TurnRuntime } from '../src/turns/turn-runtime.ts';
import { guarded } from './guard.ts';

export function remindProcessor(rt: TurnRuntime) {
  return guarded<RemindJob, string[]>(
    rt,
    (data) => remindPlayers(rt, data, () => openTickets(rt.store, data.gameId)),
    // A lost reminder is not worth a GM's mail; the deadline still comes.
    async (data, error) => rt.logger.error({ err: error, gameId: data.gameId, step: data.step, offset: data.offset }, 'reminder failed for good'),
  );
}

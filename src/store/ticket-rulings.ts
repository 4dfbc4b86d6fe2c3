// The GM's rulings of a step, read from the mail loop's closed tickets (src/messages/tickets.ts,
// stored by stored-tickets.ts) when the step is adjudicated, so the turn record, and from it each
// nation's report, says how the GM read that nation's ambiguous lines.
import type { Redis } from 'ioredis';
import type { Order } from '../engine/index.ts';
import { storedTickets } from './stored-tickets.ts';
import type { TicketRuling } from './turn-record.ts';

/** The fields of a stored ticket a ruling needs. */
interface ClosedTicket {
  nation: string;
  step: number;
  line: number;
  text: string;
  status: string;
  chosen?: Order;
  createdAt: string;
}

/** Per nation, the lines the GM ruled on during `step`, in the order the player sent them. */
export async function stepRulings(redis: Redis, gameId: string, step: number): Promise<Record<string, TicketRuling[]>> {
  const closed = (await storedTickets(redis, gameId))
    .map((json) => JSON.parse(json) as ClosedTicket)
    .filter((t) => t.step === step && (t.status === 'resolved' || t.status === 'rejected'))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.line - b.line);
  const rulings: Record<string, TicketRuling[]> = {};
  for (const t of closed) (rulings[t.nation] ??= []).push({ line: t.line, text: t.text, ...(t.status === 'resolved' && t.chosen && { chosen: t.chosen }) });
  return rulings;
}
